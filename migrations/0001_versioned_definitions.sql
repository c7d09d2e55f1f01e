-- Versioned definitions shared by every versioned resource (toolsets, tools, roles, ...).
-- `definitions` holds the head (current state) of each resource; `definition_versions` is
-- the append-only history. Both are written in one D1 batch. The primary key of
-- `definition_versions` is also the optimistic lock: an update based on version N inserts
-- version N + 1, so of two concurrent updates based on N exactly one can succeed.
CREATE TABLE definitions (
  kind TEXT NOT NULL,
  -- The owning resource's id for nested resources (a tool's toolset), '' for top-level ones.
  parent_id TEXT NOT NULL DEFAULT '',
  id TEXT NOT NULL,
  version INTEGER NOT NULL CHECK (version >= 1),
  -- The definition itself as JSON, validated by the resource's zod schema on the way in.
  body TEXT NOT NULL CHECK (json_valid(body)),
  created_at TEXT NOT NULL,
  created_by TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  updated_by TEXT NOT NULL,
  PRIMARY KEY (kind, parent_id, id)
) WITHOUT ROWID;

CREATE TABLE definition_versions (
  kind TEXT NOT NULL,
  parent_id TEXT NOT NULL DEFAULT '',
  id TEXT NOT NULL,
  version INTEGER NOT NULL CHECK (version >= 1),
  body TEXT NOT NULL CHECK (json_valid(body)),
  author TEXT NOT NULL,
  created_at TEXT NOT NULL,
  comment TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (kind, parent_id, id, version)
) WITHOUT ROWID;
