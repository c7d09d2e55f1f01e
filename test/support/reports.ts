// Fixtures for report and space tests, created through the REST API, and the report service as
// another caller sees it (the same service the routes run, for a subject other than local-admin).
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { loadConfig } from "../../worker/config";
import { neo4jClient } from "../../worker/neo4j/connect";
import { ReportService } from "../../worker/reports/service";
import { api } from "./api";

export async function createReport(body: Record<string, unknown> = {}) {
  const { status, body: created } = await api("POST", "/reports", { name: "Test report", ...body });
  expect(status, JSON.stringify(created)).toBe(201);
  return created as { report_id: string; name: string; current_version: number };
}

export async function saveConfig(reportId: string, config: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const { status, body } = await api("POST", `/reports/${reportId}/versions`, { config, ...extra });
  expect(status, JSON.stringify(body)).toBe(201);
  return body;
}

/** What validating and running Cypher needs, from the test environment's settings. */
export function testCypherDeps() {
  const config = loadConfig(env);
  return { neo4j: neo4jClient(config), allowedProcedures: config.QUERY_VALIDATOR_ALLOWED_PROCEDURES };
}

/** The report service as `caller` uses it. */
export function reportsAs(caller: string): ReportService {
  return new ReportService({ db: env.DB, caller, cypher: testCypherDeps(), config: loadConfig(env) });
}

let counter = 0;
/** A name unique within the test run. */
export const freshName = (prefix: string) => `${prefix} ${Date.now().toString(36)}-${++counter}`;

/** A config using every panel type, a named query, an input and a fixed parameter. */
export const everyPanel = {
  schema_version: 1,
  name: "",
  queries: { total: "RETURN 3 AS total" },
  inputs: [{ input_id: "kind", label: "Kind", type: "autocomplete", cypher: "UNWIND ['a', 'b'] AS value RETURN value" }],
  rows: [
    {
      name: "Overview",
      panels: [
        { type: "count", cypher: "total", caption: "Total", w: 3, x: 0, y: 0, h: 2 },
        { type: "progress", cypher: "RETURN 1 AS numerator, 4 AS denominator", progress_settings: { show_label: true }, w: 3, x: 3 },
        { type: "markdown", markdown: "# Notes", w: 6, x: 6 },
      ],
    },
    {
      name: "Details",
      collapsible: true,
      panels: [
        {
          type: "table",
          cypher: "UNWIND range(1, $n) AS i RETURN i, $kind AS kind",
          params: [
            { name: "kind", input_id: "kind" },
            { name: "n", value: 3 },
          ],
          details_cypher: "RETURN $kind AS kind, $n AS n",
        },
        { type: "vertical-table", cypher: "RETURN 'x' AS name, 1 AS value" },
        { type: "bar", cypher: "UNWIND ['a', 'b'] AS id RETURN id, 2 AS value", bar_settings: { legend: "row" } },
        { type: "pie", cypher: "UNWIND ['a', 'b'] AS id RETURN id, 2 AS value", pie_settings: { legend: true } },
        { type: "graph", cypher: "RETURN [] AS nodes, [] AS links", graph_settings: { node_label: "name", node_color_by: "label" } },
      ],
    },
  ],
};
