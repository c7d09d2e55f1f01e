// The queries of a report config, each under the path that names it: `inputs.0.cypher`,
// `rows.1.panels.2.cypher`, `rows.1.panels.2.details_cypher`. A panel's `cypher` is a key of
// `queries` or literal Cypher; here it is resolved to the text that runs. The same paths name
// save-time validation errors and the signed capabilities that run a query.
import type { ReportConfig } from "./config";

export interface ReportQuery {
  path: string;
  /** The Cypher that runs. */
  cypher: string;
  /** The `queries` key it was resolved from, when it was one. */
  named?: string;
  /** Parameters a caller supplies (from inputs), by name. */
  inputParams: string[];
  /** Parameters fixed by the config. */
  staticParams: Record<string, unknown>;
  /** The panel's or input's own cache_ttl_seconds, else the report's. */
  cacheTtlSeconds: number | undefined;
}

function resolve(config: ReportConfig, ref: string): { cypher: string; named?: string } {
  return Object.hasOwn(config.queries, ref) ? { cypher: config.queries[ref] as string, named: ref } : { cypher: ref };
}

/** Every runnable query of the config, in document order. */
export function reportQueries(config: ReportConfig): ReportQuery[] {
  const queries: ReportQuery[] = [];
  config.inputs.forEach((input, i) => {
    const cacheTtlSeconds = input.cache_ttl_seconds ?? config.cache_ttl_seconds;
    if (input.cypher !== undefined)
      queries.push({ path: `inputs.${i}.cypher`, ...resolve(config, input.cypher), inputParams: [], staticParams: {}, cacheTtlSeconds });
  });
  config.rows.forEach((row, r) => {
    row.panels.forEach((panel, p) => {
      const inputParams = panel.params.filter((param) => param.input_id !== undefined).map((param) => param.name);
      const staticParams = Object.fromEntries(panel.params.filter((param) => param.input_id === undefined).map((param) => [param.name, param.value]));
      const cacheTtlSeconds = panel.cache_ttl_seconds ?? config.cache_ttl_seconds;
      for (const field of ["cypher", "details_cypher"] as const) {
        const ref = panel[field];
        if (ref !== undefined) queries.push({ path: `rows.${r}.panels.${p}.${field}`, ...resolve(config, ref), inputParams, staticParams, cacheTtlSeconds });
      }
    });
  });
  return queries;
}

export function queryAt(config: ReportConfig, path: string): ReportQuery | undefined {
  return reportQueries(config).find((query) => query.path === path);
}
