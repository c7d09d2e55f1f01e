-- The audit log: one row per event (worker/audit/event.ts), written by the audit queue's consumer
-- in batches (worker/audit/consumer.ts) and kept AUDIT_RETENTION_DAYS by the cron trigger.
-- event_id is a UUIDv7, so its order is the order of occurrence; storing it once per id makes a
-- redelivered batch harmless. The nested parts of an event are flattened into columns the
-- filters of GET /audit use; `detail` stays JSON.
CREATE TABLE audit_events (
  event_id TEXT NOT NULL PRIMARY KEY,
  occurred_at TEXT NOT NULL,
  kind TEXT NOT NULL,
  action TEXT NOT NULL,
  outcome TEXT NOT NULL,
  via TEXT NOT NULL,
  principal_subject TEXT,
  principal_name TEXT,
  principal_roles TEXT,
  client_name TEXT,
  client_version TEXT,
  user_agent TEXT,
  target TEXT,
  resource_type TEXT,
  resource_id TEXT,
  resource_version INTEGER,
  rows INTEGER,
  truncated INTEGER,
  duration_ms REAL,
  neo4j_ms REAL,
  detail TEXT NOT NULL
) WITHOUT ROWID;

-- Every filter of GET /audit leads an index of its own, followed by the time (and, implicitly in
-- a WITHOUT ROWID table, the event_id): a page filtered on any one of them is a range of one
-- index read newest first, with no sort, however large the table (test/unit/audit/reads-indexes.test.ts
-- holds each filter to its index). Filters combined use the index of one of them.
CREATE INDEX audit_events_by_time ON audit_events (occurred_at, event_id);
CREATE INDEX audit_events_by_principal ON audit_events (principal_subject, occurred_at);
CREATE INDEX audit_events_by_target ON audit_events (target, occurred_at);
CREATE INDEX audit_events_by_kind ON audit_events (kind, occurred_at);
CREATE INDEX audit_events_by_outcome ON audit_events (outcome, occurred_at);
CREATE INDEX audit_events_by_via ON audit_events (via, occurred_at);
CREATE INDEX audit_events_by_resource_type ON audit_events (resource_type, occurred_at);
CREATE INDEX audit_events_by_resource ON audit_events (resource_id, occurred_at);
