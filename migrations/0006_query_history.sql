-- The queries each person ran from the query console (POST /query/adhoc), as upstream Seizu keeps
-- them: only ever shown to, and deleted by, the person who ran them. Bounded: each new entry
-- removes the person's entries beyond the newest 100 (graph/history.ts).
CREATE TABLE query_history (
  history_id TEXT NOT NULL PRIMARY KEY,
  user_id TEXT NOT NULL,
  query TEXT NOT NULL,
  executed_at TEXT NOT NULL
) WITHOUT ROWID;

CREATE INDEX query_history_by_user ON query_history (user_id, executed_at DESC, history_id DESC);
