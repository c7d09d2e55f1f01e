-- Agent Plugins: the index of packages whose files live in R2 (PLUGIN_BLOBS), content-addressed
-- by SHA-256. Every publish appends an immutable revision; `plugins` points at the current one.
-- A revision's file list and skill index are JSON columns of its row, so a publish is two
-- statements in one batch (the revision, the head), whatever the number of files.
CREATE TABLE plugins (
  id TEXT NOT NULL PRIMARY KEY,
  enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  revision INTEGER NOT NULL CHECK (revision >= 1),
  created_at TEXT NOT NULL,
  created_by TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  updated_by TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE plugin_revisions (
  plugin_id TEXT NOT NULL,
  revision INTEGER NOT NULL CHECK (revision >= 1),
  -- plugin.json as read (validated on the way in).
  manifest TEXT NOT NULL CHECK (json_valid(manifest)),
  -- [{path, size, digest}] and [{name, description, path, digest, allowed_tools}].
  files TEXT NOT NULL CHECK (json_valid(files)),
  skills TEXT NOT NULL CHECK (json_valid(skills)),
  content_digest TEXT NOT NULL,
  -- The zip as uploaded, for download.
  package_digest TEXT NOT NULL,
  package_size INTEGER NOT NULL,
  author TEXT NOT NULL,
  created_at TEXT NOT NULL,
  comment TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (plugin_id, revision)
) WITHOUT ROWID;

-- Skills switched off by a person; a skill without a row is enabled. Kept across revisions
-- (by skill name), so publishing a new revision does not undo a toggle.
CREATE TABLE plugin_skill_settings (
  plugin_id TEXT NOT NULL,
  name TEXT NOT NULL,
  enabled INTEGER NOT NULL CHECK (enabled IN (0, 1)),
  PRIMARY KEY (plugin_id, name)
) WITHOUT ROWID;
