// Running an unsaved draft's queries for its preview. A draft has no signed capabilities (the
// server signs only saved versions), so each query is sent as ad-hoc read-only Cypher
// (POST /graph/query), which needs query:execute and is checked and bounded as any ad-hoc query.
// Nothing is saved: the preview of a draft never writes the report.
import { queryAt } from "../../../../../worker/api";
import { client } from "../../../api";
import type { ReportConfig } from "../../../types";
import type { RunQuery } from "../query";

export const draftRunner =
  (config: ReportConfig): RunQuery =>
  async (path, params) => {
    const query = queryAt(config, path);
    if (!query) throw new Error(`The draft has no query at ${path}.`);
    // As a saved version's query runs: an input left out is null, fixed values cannot be overridden.
    const parameters = { ...Object.fromEntries(query.inputParams.map((name) => [name, null])), ...params, ...query.staticParams };
    return (await client.call("graph_query", { body: { cypher: query.cypher, parameters } })).results;
  };
