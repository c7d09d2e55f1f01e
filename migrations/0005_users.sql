-- The people seen signing in, so a change's author (its `created_by`, the token's subject) can be
-- shown by name (GET /users/{user_id}) as upstream Seizu shows it. One row per subject: this
-- server trusts one issuer, so the subject alone names a person. Written when a token carries a
-- profile this isolate has not written yet (users/directory.ts), never on every call.
CREATE TABLE users (
  user_id TEXT NOT NULL PRIMARY KEY,
  iss TEXT NOT NULL,
  email TEXT,
  display_name TEXT,
  preferred_username TEXT,
  -- The caller's role names as their last token carried them, comma-separated; NULL for none.
  role TEXT,
  created_at TEXT NOT NULL,
  -- When the newest token seen was issued (its iat), as upstream records a login.
  last_login TEXT NOT NULL
) WITHOUT ROWID;
