import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../worker/config";
import { signCapability, verifyCapability } from "../../../worker/reports/capabilities";
import { runReportQuery } from "../../../worker/reports/run-query";
import { api } from "../../support/api";
import { createReport, everyPanel, reportsAs, saveConfig, testCypherDeps } from "../../support/reports";

const TABLE = "rows.1.panels.0.cypher";
const LIMITS = { maxRows: 10, maxBytes: 10_000 };
const NO_BYPASS = { database: "neo4j", bypass: false, background: () => undefined };
const secret = loadConfig(env).MCP_SIGNED_STATE_KEY as string;

async function publishedReport() {
  const { report_id } = await createReport();
  await saveConfig(report_id, everyPanel);
  await api("PUT", `/reports/${report_id}/visibility`, { access: { scope: "public" } });
  const { body } = await api("GET", `/reports/${report_id}?include_query_capabilities=true`);
  return { report_id, capabilities: body.query_capabilities as Record<string, string> };
}

const run = (capability: string | undefined, params: Record<string, unknown> = {}, vars?: Record<string, string>) =>
  api("POST", "/query/report", { capability, params }, { vars });

describe("report query capabilities", () => {
  it("are given only when asked for", async () => {
    const { report_id } = await publishedReport();
    expect((await api("GET", `/reports/${report_id}`)).body).not.toHaveProperty("query_capabilities");
    expect((await api("GET", `/reports/${report_id}?include_query_capabilities=false`)).body).not.toHaveProperty("query_capabilities");
    const bad = await api("GET", `/reports/${report_id}?include_query_capabilities=maybe`);
    expect(bad.status).toBe(400);
  });

  it("gives one capability per query path of the version", async () => {
    const { capabilities } = await publishedReport();
    expect(Object.keys(capabilities).sort()).toEqual(
      [
        "inputs.0.cypher",
        "rows.0.panels.0.cypher",
        "rows.0.panels.1.cypher",
        "rows.1.panels.0.cypher",
        "rows.1.panels.0.details_cypher",
        "rows.1.panels.1.cypher",
        "rows.1.panels.2.cypher",
        "rows.1.panels.3.cypher",
        "rows.1.panels.4.cypher",
      ].sort(),
    );
  });

  it("runs a named query through its capability", async () => {
    const { capabilities } = await publishedReport();
    const { status, body } = await run(capabilities["rows.0.panels.0.cypher"]);
    expect(status).toBe(200);
    expect(body).toEqual({ results: [{ total: 3 }] });
  });

  it("runs a panel query with an input's value and its fixed parameter", async () => {
    const { capabilities } = await publishedReport();
    const { body } = await run(capabilities[TABLE], { kind: "host" });
    expect(body.results).toEqual([
      { i: 1, kind: "host" },
      { i: 2, kind: "host" },
      { i: 3, kind: "host" },
    ]);
  });

  it("passes an input left out as null", async () => {
    const { capabilities } = await publishedReport();
    expect((await run(capabilities["rows.1.panels.0.details_cypher"])).body.results).toEqual([{ kind: null, n: 3 }]);
  });

  it("refuses a parameter the panel does not take, and a fixed one given another value, naming each", async () => {
    const { capabilities } = await publishedReport();
    const { status, body } = await run(capabilities[TABLE], { kind: "a", n: 1000000, extra: 1 });
    expect(status).toBe(422);
    expect(body.error.fields.map((field: { field: string; rule: string }) => [field.field, field.rule])).toEqual([
      ["params.n", "fixed_param"],
      ["params.extra", "unknown_param"],
    ]);
    expect((await run(capabilities[TABLE], { kind: "a", n: 3 })).status).toBe(200);
  });

  it("bounds the result like a tool's", async () => {
    const { capabilities } = await publishedReport();
    const { body } = await run(capabilities[TABLE], {}, { MCP_TOOL_RESULT_MAX_ROWS: "2" });
    expect(body.results).toMatchObject({ truncated: true, truncated_reasons: ["row_limit"], returned: 2, max_rows: 2 });
  });

  it("refuses a tampered capability (403) and a malformed one", async () => {
    const { capabilities } = await publishedReport();
    const [payload, signature] = capabilities[TABLE]!.split(".") as [string, string];
    const claims = JSON.parse(atob(payload.replaceAll("-", "+").replaceAll("_", "/")));
    const forged = btoa(JSON.stringify({ ...claims, params: [...claims.params, "n"] }))
      .replaceAll("+", "-")
      .replaceAll("/", "_")
      .replace(/=+$/, "");
    const tampered = await run(`${forged}.${signature}`, { n: 10 ** 6 });
    expect(tampered.status).toBe(403);
    expect(tampered.body.error.message).toContain("is not validly signed");
    expect((await run("not-a-capability")).status).toBe(403);
  });

  it("refuses a capability issued to someone else, or expired", async () => {
    const claims = { sub: "local-admin", report_id: "r", version: 1, path: TABLE, query: "", params: [], static: {}, exp: Math.floor(Date.now() / 1000) + 60 };
    const token = await signCapability(secret, claims);
    await expect(verifyCapability(secret, token, "someone-else")).rejects.toThrow("was issued to someone else");
    await expect(verifyCapability(secret, token, "local-admin", Date.now() + 61_000)).rejects.toThrow("has expired");
    await expect(verifyCapability("another-key-of-at-least-32-bytes-long", token, "local-admin")).rejects.toThrow("is not validly signed");
  });

  it("stops working once the report goes private for anyone but its owner", async () => {
    const { report_id } = await publishedReport();
    const viewer = reportsAs("viewer-1");
    const capability = (await viewer.get(report_id, undefined, true)).query_capabilities?.[TABLE] as string;
    expect((await runReportQuery(viewer, secret, "viewer-1", { capability, params: {} }, testCypherDeps(), LIMITS, NO_BYPASS)).result).toHaveLength(3);
    await api("PUT", `/reports/${report_id}/visibility`, { access: { scope: "private" } });
    await expect(runReportQuery(viewer, secret, "viewer-1", { capability, params: {} }, testCypherDeps(), LIMITS, NO_BYPASS)).rejects.toThrow(
      `report ${report_id} does not exist`,
    );
  });

  it("is refused when MCP_SIGNED_STATE_KEY is not set, and the report is shown without capabilities", async () => {
    const { report_id, capabilities } = await publishedReport();
    // Unset, as in a deployment that never set the secret.
    const vars = { MCP_SIGNED_STATE_KEY: undefined as unknown as string };
    const shown = await api("GET", `/reports/${report_id}?include_query_capabilities=true`, undefined, { vars });
    expect(shown.status).toBe(200);
    expect(shown.body.query_capabilities).toBeUndefined();
    const refused = await run(capabilities[TABLE], {}, vars);
    expect(refused.status).toBe(500);
    expect(refused.body.error.code).toBe("configuration");
  });
});
