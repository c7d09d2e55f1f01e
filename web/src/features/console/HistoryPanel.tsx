// The caller's own query history (GET /query-history: what POST /query/adhoc ran, newest first;
// the server keeps each person's newest 100). An entry loads into the editor; each can be
// deleted, or all at once.
import { useCallback, useEffect, useId, useState } from "react";
import type { ReplyOf } from "../../../../worker/api";
import { client, describeError } from "../../api";
import { ConfirmRequestDialog } from "../../components/Dialog";
import { Time } from "../../components/JsonDiff";
import { Pager } from "../../components/Pager";
import { ErrorState } from "../../components/States";

type HistoryPage = ReplyOf<"graph_history_list">;
export type HistoryEntry = HistoryPage["items"][number];

const PER_PAGE = 20;

/** `runs` counts the queries run here, so the list shows each as it is recorded. */
export function HistoryPanel({ runs, onLoad }: { runs: number; onLoad(entry: HistoryEntry): void }) {
  const headingId = useId();
  const [page, setPage] = useState(0);
  const [list, setList] = useState<HistoryPage | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [clearing, setClearing] = useState(false);

  const reload = useCallback(async () => {
    try {
      const next = await client.call("graph_history_list", { params: { page: page + 1, per_page: PER_PAGE } });
      // A page emptied by deleting goes back to the last page that has entries.
      if (next.items.length === 0 && page > 0) setPage(Math.max(0, Math.ceil(next.total / PER_PAGE) - 1));
      else setList(next);
      setError(null);
    } catch (caught) {
      setError(caught);
    }
  }, [page]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new run is recorded on the first page
  useEffect(() => {
    void reload();
  }, [reload, runs]);

  const remove = async (entry: HistoryEntry) => {
    setProblem(null);
    try {
      await client.call("graph_history_delete", { params: { history_id: entry.history_id } });
      await reload();
    } catch (caught) {
      setProblem(describeError(caught));
    }
  };

  return (
    <section className="panel console-history" aria-labelledby={headingId}>
      <div className="panel-header">
        <h2 id={headingId}>History</h2>
        {list && list.total > 0 && (
          <button type="button" className="button small" onClick={() => setClearing(true)}>
            Clear all
          </button>
        )}
      </div>
      <p className="hint">Your own queries, newest first; only you see them, and the newest 100 are kept.</p>
      {problem && (
        <p role="alert" className="form-error">
          {problem}
        </p>
      )}
      {error ? (
        <ErrorState error={error} onRetry={() => void reload()} />
      ) : !list ? (
        <p className="muted">Loading…</p>
      ) : list.total === 0 ? (
        <p className="muted">No queries yet. The queries you run appear here.</p>
      ) : (
        <>
          <ol className="history-entries" aria-label="Your queries">
            {list.items.map((entry) => (
              <li key={entry.history_id}>
                <button type="button" className="history-query" title={entry.query} onClick={() => onLoad(entry)}>
                  <code>{entry.query}</code>
                </button>
                <div className="history-meta">
                  <Time iso={entry.executed_at} />
                  <button
                    type="button"
                    className="button small subtle"
                    aria-label={`Delete the history entry ${entry.query}`}
                    onClick={() => void remove(entry)}
                  >
                    Delete
                  </button>
                </div>
              </li>
            ))}
          </ol>
          {list.total > PER_PAGE && (
            <Pager page={page} pages={Math.ceil(list.total / PER_PAGE)} size={PER_PAGE} total={list.total} label="Pages of your history" onPage={setPage} />
          )}
        </>
      )}
      {clearing && (
        <ConfirmRequestDialog
          title="Clear your query history?"
          confirmLabel="Clear history"
          run={async () => {
            await client.call("graph_history_clear");
            setClearing(false);
            setPage(0);
            await reload();
          }}
          onClose={() => setClearing(false)}
        >
          <p>This permanently deletes all {list?.total.toLocaleString()} queries of your history.</p>
        </ConfirmRequestDialog>
      )}
    </section>
  );
}
