-- Workflows and scheduled queries. Their definitions are versioned definitions (kinds
-- 'workflow' and 'scheduled_query' in `definitions` / `definition_versions`); what changes with
-- every run lives here, so that running never makes a version and restoring one never rewinds
-- the schedule.
CREATE TABLE workflow_state (
  workflow_id TEXT NOT NULL PRIMARY KEY,
  -- The claim of the last run: the occurrence, request or scan time it was for. The scheduler
  -- moves it only from the value it read (compare-and-set), so of two overlapping cron ticks
  -- one claims a due run and the other finds nothing to do.
  last_scheduled_at TEXT,
  -- A pending manual request while run_requested_at > last_scheduled_at (or never claimed).
  run_requested_at TEXT,
  last_run_status TEXT CHECK (last_run_status IN ('queued', 'running', 'succeeded', 'failed')),
  last_run_at TEXT,
  -- The newest errors, at most 5, as a JSON array; a successful run clears them.
  last_errors TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(last_errors)),
  created_at TEXT NOT NULL
) WITHOUT ROWID;

-- One row per Cloudflare Workflows instance; run_id is the instance id, derived from the
-- workflow and what the run is for, so a second start of the same run is refused by the key.
CREATE TABLE workflow_runs (
  run_id TEXT NOT NULL PRIMARY KEY,
  workflow_id TEXT NOT NULL,
  workflow_version INTEGER NOT NULL CHECK (workflow_version >= 1),
  trigger TEXT NOT NULL CHECK (trigger IN ('schedule', 'manual', 'watch', 'chain')),
  scheduled_for TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
  created_at TEXT NOT NULL,
  started_at TEXT,
  finished_at TEXT,
  error TEXT,
  triggered_by_run_id TEXT,
  -- The workflow ids of the chain that led here, this one last, as a JSON array: a trigger
  -- whose target is already in it would be a cycle and is skipped.
  lineage TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(lineage)),
  -- One entry per finished activity, in the order they finished.
  activities TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(activities))
) WITHOUT ROWID;

CREATE INDEX workflow_runs_by_workflow ON workflow_runs (workflow_id, created_at DESC);
