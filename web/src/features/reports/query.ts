// Running a report's queries, each named by its path in the config. A viewer never sends Cypher:
// each query of the version it shows has a signed capability (GET
// /reports/{id}?include_query_capabilities=true), keyed by that path, and POST /query/report runs
// it with the input values it takes. The editor's preview runs a draft's queries its own way
// (editor/draft-queries.ts).
import { useEffect, useState } from "react";
import { client } from "../../api";
import type { CallResult, PanelConfig, Row } from "../../types";

/** The path a panel's (or input's) query has in `query_capabilities`. */
export const panelQueryPath = (row: number, panel: number) => `rows.${row}.panels.${panel}.cypher`;
/** A panel's details query: the rows behind what it shows, with the same parameters. */
export const panelDetailsPath = (row: number, panel: number) => `rows.${row}.panels.${panel}.details_cypher`;
export const inputQueryPath = (input: number) => `inputs.${input}.cypher`;

export type InputValues = Record<string, unknown>;

/** The parameters a panel gives from the report's inputs; fixed values are signed into its capability. */
export function panelParams(panel: PanelConfig, inputs: InputValues): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const param of panel.params) if (param.input_id !== undefined) params[param.name] = inputs[param.input_id] ?? null;
  return params;
}

export interface QueryRows {
  rows: Row[];
  /** Why not every row came back (the result bounds), or the server's message when none fit. */
  note: string | null;
}

function rowsOf(results: CallResult): QueryRows {
  if (Array.isArray(results)) return { rows: results, note: null };
  if (typeof results === "string") return { rows: [], note: results };
  return { rows: results.rows, note: `Showing the first ${results.returned} rows (at least ${results.total_rows_at_least}).` };
}

/** Runs the query at a path of the report's config with the parameters its inputs give. */
export type RunQuery = (path: string, params: Record<string, unknown>) => Promise<CallResult>;

/** A saved version's queries, through the capabilities the server signed for it. */
export const capabilityRunner =
  (capabilities: Record<string, string> | undefined): RunQuery =>
  async (path, params) => {
    const capability = capabilities?.[path];
    if (!capability) throw new Error("This query cannot run here: the server sent no capability for it (is MCP_SIGNED_STATE_KEY set?).");
    return (await client.call("reports_query", { body: { capability, params } })).results;
  };

/** `idle`: nothing runs the queries (a draft's preview for a caller who may not run Cypher). */
export type QueryState = { status: "idle" } | { status: "loading" } | { status: "error"; error: unknown } | ({ status: "done" } & QueryRows);

/** Runs the query at `path` whenever the runner, its parameters or `attempt` change; the latest request wins. */
export function useReportQuery(run: RunQuery | null, path: string, params: Record<string, unknown>, attempt = 0): QueryState {
  const [state, setState] = useState<QueryState>(run ? { status: "loading" } : { status: "idle" });
  const key = JSON.stringify(params);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt runs the same query again
  useEffect(() => {
    if (!run) {
      setState({ status: "idle" });
      return;
    }
    let live = true;
    setState({ status: "loading" });
    run(path, JSON.parse(key))
      .then((results) => live && setState({ status: "done", ...rowsOf(results) }))
      .catch((error: unknown) => live && setState({ status: "error", error }));
    return () => {
      live = false;
    };
  }, [run, path, key, attempt]);
  return state;
}
