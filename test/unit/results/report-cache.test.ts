import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../worker/config";
import { runReportQuery } from "../../../worker/reports/run-query";
import { api } from "../../support/api";
import { recordNeo4jRequests, runsOf } from "../../support/neo4j-requests";
import { createReport, freshName, reportsAs, saveConfig, testCypherDeps } from "../../support/reports";

const unique = (cypher: string) => `${cypher} // ${crypto.randomUUID()}`;
const PANEL = "rows.0.panels.0.cypher";
const OTHER_PANEL = "rows.0.panels.1.cypher";
const INPUT = "inputs.0.cypher";

function configWith(ttl: { report?: number; panel?: number; input?: number } = {}) {
  const queries = {
    panel: unique("RETURN rand() AS r"),
    other: unique("RETURN rand() AS o"),
    input: unique("UNWIND ['a', 'b'] AS value RETURN value, rand() AS r"),
  };
  const config = {
    ...(ttl.report === undefined ? {} : { cache_ttl_seconds: ttl.report }),
    inputs: [
      { input_id: "kind", label: "Kind", type: "autocomplete", cypher: queries.input, ...(ttl.input === undefined ? {} : { cache_ttl_seconds: ttl.input }) },
    ],
    rows: [
      {
        name: "Row",
        panels: [
          { type: "count", cypher: queries.panel, ...(ttl.panel === undefined ? {} : { cache_ttl_seconds: ttl.panel }) },
          { type: "count", cypher: queries.other },
        ],
      },
    ],
  };
  return { config, queries };
}

async function publishedReport(config: Record<string, unknown>) {
  const { report_id } = await createReport({ name: freshName("cached") });
  await saveConfig(report_id, config);
  await api("PUT", `/reports/${report_id}/visibility`, { access: { scope: "public" } });
  const { body } = await api("GET", `/reports/${report_id}?include_query_capabilities=true`);
  return { report_id, capabilities: body.query_capabilities as Record<string, string> };
}

const run = (capability: string | undefined, headers: Record<string, string> = {}) => api("POST", "/query/report", { capability, params: {} }, { headers });

describe("the edge result cache of a report's queries", () => {
  it("caches every query of a report with a top-level cache_ttl_seconds, saying hit with its age", async () => {
    const { config, queries } = configWith({ report: 60 });
    const { capabilities } = await publishedReport(config);
    const first = await run(capabilities[PANEL]);
    expect(first.headers.get("x-seizu-cache")).toBe("miss");
    const { result: second, requests } = await recordNeo4jRequests(async () => [
      await run(capabilities[PANEL]),
      await run(capabilities[INPUT]),
      await run(capabilities[INPUT]),
    ]);
    expect(second.map((answer) => answer.headers.get("x-seizu-cache"))).toEqual(["hit", "miss", "hit"]);
    expect(second[0]?.headers.get("age")).toBe("0");
    expect(second[0]?.body).toEqual(first.body);
    expect(runsOf(requests, queries.panel)).toBe(0);
    expect(runsOf(requests, queries.input)).toBe(1);
  });

  it("lets a panel's cache_ttl_seconds override the report's, 0 turning it off for that panel", async () => {
    const { config, queries } = configWith({ report: 60, panel: 0 });
    const { capabilities } = await publishedReport(config);
    const { result, requests } = await recordNeo4jRequests(async () => [
      await run(capabilities[PANEL]),
      await run(capabilities[PANEL]),
      await run(capabilities[OTHER_PANEL]),
      await run(capabilities[OTHER_PANEL]),
    ]);
    expect(result.map((answer) => answer.headers.get("x-seizu-cache"))).toEqual([null, null, "miss", "hit"]);
    expect(runsOf(requests, queries.panel)).toBe(2);
    expect(runsOf(requests, queries.other)).toBe(1);
  });

  it("caches a single panel or input with its own cache_ttl_seconds and leaves the rest of the report alone", async () => {
    const { config, queries } = configWith({ panel: 60, input: 60 });
    const { capabilities } = await publishedReport(config);
    const { requests } = await recordNeo4jRequests(async () => {
      for (const path of [PANEL, PANEL, INPUT, INPUT, OTHER_PANEL, OTHER_PANEL]) await run(capabilities[path]);
    });
    expect([runsOf(requests, queries.panel), runsOf(requests, queries.input), runsOf(requests, queries.other)]).toEqual([1, 1, 2]);
  });

  it("issues one Neo4j query per panel when 8 viewers open the dashboard at once", async () => {
    const { config, queries } = configWith({ report: 60 });
    const { capabilities } = await publishedReport(config);
    const viewer = () => Promise.all([PANEL, OTHER_PANEL, INPUT].map((path) => run(capabilities[path])));
    const { result: views, requests } = await recordNeo4jRequests(() => Promise.all(Array.from({ length: 8 }, viewer)));
    expect([runsOf(requests, queries.panel), runsOf(requests, queries.other), runsOf(requests, queries.input)]).toEqual([1, 1, 1]);
    expect(views.flat().every((answer) => answer.status === 200)).toBe(true);
  });

  it("never serves an earlier version's rows after the report is saved again", async () => {
    const { config } = configWith({ report: 60 });
    const { report_id, capabilities } = await publishedReport(config);
    expect((await run(capabilities[PANEL])).headers.get("x-seizu-cache")).toBe("miss");
    await saveConfig(report_id, { ...config, queries: {}, rows: [{ name: "Row", panels: [{ type: "count", cypher: unique("RETURN 7 AS seven") }] }] });
    const { body } = await api("GET", `/reports/${report_id}?include_query_capabilities=true`);
    const after = await run(body.query_capabilities[PANEL]);
    expect(after.headers.get("x-seizu-cache")).toBe("miss");
    expect(after.body.results).toEqual([{ seven: 7 }]);
  });

  it("bypasses the cache for a caller holding reports:write who sends Cache-Control: no-cache", async () => {
    const { config, queries } = configWith({ report: 60 });
    const { capabilities } = await publishedReport(config);
    const first = await run(capabilities[PANEL]);
    const { result, requests } = await recordNeo4jRequests(() => run(capabilities[PANEL], { "cache-control": "no-cache" }));
    expect(result.headers.get("x-seizu-cache")).toBe("bypass");
    expect(runsOf(requests, queries.panel)).toBe(1);
    expect(result.body).not.toEqual(first.body);
  });

  it("gives a caller who lost access to the report no cached rows", async () => {
    const { config } = configWith({ report: 60 });
    const { report_id } = await publishedReport(config);
    const viewer = reportsAs("viewer-cache");
    const capability = (await viewer.get(report_id, undefined, true)).query_capabilities?.[PANEL] as string;
    const secret = loadConfig(env).MCP_SIGNED_STATE_KEY as string;
    const limits = { maxRows: 10, maxBytes: 10_000 };
    const cache = { database: "neo4j", bypass: false, background: () => undefined };
    const runAsViewer = () => runReportQuery(viewer, secret, "viewer-cache", { capability, params: {} }, testCypherDeps(), limits, cache);
    await runAsViewer();
    expect((await runAsViewer()).cache?.status).toBe("hit");
    await api("PUT", `/reports/${report_id}/visibility`, { access: { scope: "private" } });
    await expect(runAsViewer()).rejects.toThrow(`report ${report_id} does not exist`);
  });

  it.each([
    [{ cache_ttl_seconds: -5 }, "config.cache_ttl_seconds", "too_small"],
    [{ cache_ttl_seconds: 100_000 }, "config.cache_ttl_seconds", "too_big"],
    [
      { rows: [{ name: "r", panels: [{ type: "count", cypher: "RETURN 1 AS n", cache_ttl_seconds: 2.5 }] }] },
      "config.rows.0.panels.0.cache_ttl_seconds",
      "invalid_type",
    ],
    [
      { inputs: [{ input_id: "i", label: "I", type: "autocomplete", cypher: "RETURN 1 AS value", cache_ttl_seconds: "1" }] },
      "config.inputs.0.cache_ttl_seconds",
      "invalid_type",
    ],
  ])("refuses %j with a 422 naming %s, saving nothing", async (config, field, rule) => {
    const { report_id } = await createReport();
    const { status, body } = await api("POST", `/reports/${report_id}/versions`, { config });
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([expect.objectContaining({ field, rule })]);
    expect((await api("GET", `/reports/${report_id}`)).body.version).toBe(1);
  });
});

describe("cache_ttl_seconds in seed files", () => {
  it("round-trips a report's and a panel's TTL through export and import", async () => {
    const id = freshName("seed-cache").replaceAll(" ", "-");
    const { config } = configWith({ report: 30, panel: 0, input: 120 });
    expect((await api("POST", "/reports/import", { reports: { [id]: { ...config, name: "Cached" } } })).status).toBe(200);
    const exported = (await api("GET", "/reports/export")).body.reports[id];
    expect(exported).toMatchObject({ cache_ttl_seconds: 30, inputs: [{ cache_ttl_seconds: 120 }], rows: [{ panels: [{ cache_ttl_seconds: 0 }, {}] }] });
    const again = await api("POST", "/reports/import", { reports: { [id]: exported } });
    expect(again.body.entries).toEqual([{ report_id: id, action: "unchanged" }]);
  });

  it("round-trips a tool's TTL through export and import", async () => {
    const toolset = freshName("seedcache").replaceAll(" ", "_").replaceAll("-", "_").toLowerCase();
    const document = { [toolset]: { name: "Cached", tools: { counted: { name: "Counted", cypher: "RETURN 1 AS one", cache_ttl_seconds: 45 } } } };
    expect((await api("POST", "/toolsets/import", { toolsets: document })).status).toBe(200);
    expect((await api("GET", `/toolsets/${toolset}/tools/counted`)).body.cache_ttl_seconds).toBe(45);
    const exported = (await api("GET", "/toolsets/export")).body.toolsets[toolset];
    expect(exported.tools.counted.cache_ttl_seconds).toBe(45);
    const again = await api("POST", "/toolsets/import", { toolsets: { [toolset]: exported } });
    expect(again.body.entries.map((entry: { action: string }) => entry.action)).toEqual(["unchanged", "unchanged"]);
  });
});
