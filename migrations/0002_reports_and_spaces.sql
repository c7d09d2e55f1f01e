-- Reports and spaces. A report's config is a versioned definition (kind 'report' in
-- `definitions` / `definition_versions`); what is not part of a version lives here, so that
-- restoring a version never changes who may see a report or where it is filed.
CREATE TABLE report_settings (
  report_id TEXT NOT NULL PRIMARY KEY,
  access TEXT NOT NULL CHECK (access IN ('private', 'public')),
  -- One global flag, as upstream: pinned reports are shown to everyone, so only public ones.
  pinned INTEGER NOT NULL DEFAULT 0 CHECK (pinned IN (0, 1)),
  space_id TEXT,
  subspace_id TEXT,
  -- The invariants, held by the database whatever a statement forgets: a report in a space is
  -- public, a pinned report is public, and a sub-space needs its space.
  CHECK (space_id IS NULL OR access = 'public'),
  CHECK (pinned = 0 OR access = 'public'),
  CHECK (subspace_id IS NULL OR space_id IS NOT NULL)
) WITHOUT ROWID;

CREATE INDEX report_settings_space ON report_settings (space_id, subspace_id);

-- The dashboard: at most one row, pointing at a public report.
CREATE TABLE dashboard_pointer (
  singleton INTEGER NOT NULL PRIMARY KEY CHECK (singleton = 1),
  report_id TEXT NOT NULL
);

-- Spaces and their sub-spaces (not versioned, as upstream).
CREATE TABLE spaces (
  space_id TEXT NOT NULL PRIMARY KEY,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  overview_report_id TEXT,
  created_at TEXT NOT NULL,
  created_by TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  updated_by TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE subspaces (
  subspace_id TEXT NOT NULL PRIMARY KEY,
  space_id TEXT NOT NULL,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  created_by TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  updated_by TEXT NOT NULL
) WITHOUT ROWID;

CREATE INDEX subspaces_space ON subspaces (space_id);
