-- Who asked for the pending manual run, as the audit log names a principal (subject, name, roles;
-- worker/audit/event.ts), as JSON. The scheduler hands it to the run it starts for the request,
-- whose audit events then name them (worker/workflows/run-audit.ts). NULL for a request made
-- before this column.
ALTER TABLE workflow_state ADD COLUMN run_requested_by TEXT CHECK (run_requested_by IS NULL OR json_valid(run_requested_by));
