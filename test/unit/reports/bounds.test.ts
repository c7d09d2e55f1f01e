// The bounds of a report's config (README, Limits): every list has a maximum length, every grid
// number a range, every free-form value (a panel's fixed parameter, an input's default) at most
// 32 levels of nesting. Each refusal is a 422 naming the field and the rule, and writes nothing.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../../worker/app";
import { api } from "../../support/api";
import { mcpRequest } from "../../support/mcp-request";
import { nested, PAST_DATABASE_DEPTH } from "../../support/nesting";
import { createReport, freshName } from "../../support/reports";

const panel = (fields: Record<string, unknown> = {}) => ({ type: "table", cypher: "RETURN $p AS p", params: [{ name: "p", value: 1 }], ...fields });
const withPanel = (fields: Record<string, unknown>) => ({ rows: [{ name: "r", panels: [panel(fields)] }] });
const deepParam = (depth: number) => withPanel({ params: [{ name: "p", value: nested(depth) }] });
const times = <T>(count: number, make: (index: number) => T) => Array.from({ length: count }, (_, index) => make(index));

/** Saves `config` on a fresh report, expects a 422, and checks the report is still at version 1. */
async function refused(config: Record<string, unknown>) {
  const { report_id } = await createReport();
  const { status, body } = await api("POST", `/reports/${report_id}/versions`, { config, base_version: 1 });
  expect(status, JSON.stringify(body).slice(0, 500)).toBe(422);
  const after = await api("GET", `/reports/${report_id}/versions`);
  expect(after.body.versions.map((version: { version: number }) => version.version)).toEqual([1]);
  return body.error.fields as { field: string; rule: string; message: string }[];
}

describe("reports: nesting of free-form values", () => {
  it("refuses a panel parameter nested past the database's limit with 422 naming it, not the contradictory 409 'at version 1, based on version 1'", async () => {
    const fields = await refused(deepParam(PAST_DATABASE_DEPTH));
    expect(fields).toEqual([
      { field: "config.rows.0.panels.0.params.0.value", rule: "too_deep", message: "must nest at most 32 levels of arrays and objects" },
    ]);
  });

  it("refuses a panel parameter nested 33 levels", async () => {
    const fields = await refused(deepParam(33));
    expect(fields).toEqual([expect.objectContaining({ field: "config.rows.0.panels.0.params.0.value", rule: "too_deep" })]);
  });

  it("keeps a panel parameter nested 32 levels", async () => {
    const { report_id } = await createReport();
    const { status, body } = await api("POST", `/reports/${report_id}/versions`, { config: deepParam(32) });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.config.rows[0].panels[0].params[0].value).toEqual(nested(32));
  });

  it("refuses an input's default value nested past 32 levels, naming it", async () => {
    const fields = await refused({ inputs: [{ input_id: "pick", label: "Pick", type: "text", default: { label: "deep", value: nested(40) } }] });
    expect(fields).toEqual([expect.objectContaining({ field: "config.inputs.0.default.value", rule: "too_deep" })]);
  });

  it("refuses a value nested a million levels deep as promptly as one nested 33", async () => {
    const { report_id } = await createReport();
    const deep = `${"[".repeat(1_000_000)}${"]".repeat(1_000_000)}`;
    const body = `{"config":{"rows":[{"name":"r","panels":[{"type":"table","cypher":"RETURN $p AS p","params":[{"name":"p","value":${deep}}]}]}]}}`;
    const reply = await api("POST", `/reports/${report_id}/versions`, body);
    expect(reply.status).toBe(422);
    expect(reply.body.error.fields).toEqual([expect.objectContaining({ field: "config.rows.0.panels.0.params.0.value", rule: "too_deep" })]);
  });

  it("refuses an import whose report nests past the limit with 422 naming it, not 'changed while it was being imported', and writes nothing", async () => {
    const id = freshName("deep-seed").replaceAll(" ", "-");
    const { status, body } = await api("POST", "/reports/import", { reports: { [id]: { name: "Deep", ...deepParam(PAST_DATABASE_DEPTH) } } });
    expect(status, JSON.stringify(body).slice(0, 500)).toBe(422);
    expect(body.error.fields).toEqual([expect.objectContaining({ field: `reports.${id}.rows.0.panels.0.params.0.value`, rule: "too_deep" })]);
    expect((await api("GET", `/reports/${id}`)).status).toBe(404);
  });

  it("refuses reports__create_version over MCP with a tool error naming the field, before asking for a confirmation", async () => {
    const { report_id } = await createReport();
    const response = await createApp().fetch(
      mcpRequest("tools/call", { name: "reports__create_version", arguments: { report_id, config: deepParam(PAST_DATABASE_DEPTH) } }),
      env,
    );
    const { result } = (await response.json()) as { result: { isError?: boolean; content: { text: string }[] } };
    expect(result.isError).toBe(true);
    expect(result.content[0]?.text).toContain("config.rows.0.panels.0.params.0.value: must nest at most 32 levels of arrays and objects");
    expect((await api("GET", `/reports/${report_id}`)).body.version).toBe(1);
  });
});

describe("reports: grid numbers", () => {
  it.each([
    ["h", 2_147_483_647, "too_big", "must be at most 100"],
    ["y", 2_147_483_647, "too_big", "must be at most 1000"],
    ["min_h", 101, "too_big", "must be at most 100"],
    ["h", 0, "too_small", "must be at least 1"],
  ])("refuses a panel's %s of %i, naming it", async (name, value, rule, message) => {
    expect(await refused(withPanel({ [name]: value }))).toEqual([{ field: `config.rows.0.panels.0.${name}`, rule, message }]);
  });

  it("keeps a panel at the largest height and lowest place the grid allows", async () => {
    const { report_id } = await createReport();
    const { status, body } = await api("POST", `/reports/${report_id}/versions`, { config: withPanel({ h: 100, min_h: 100, y: 1000 }) });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.config.rows[0].panels[0]).toMatchObject({ h: 100, min_h: 100, y: 1000 });
  });
});

describe("reports: list lengths", () => {
  it.each([
    ["rows", () => ({ rows: times(51, () => ({ name: "r", panels: [] })) }), "config.rows", "must have at most 50 rows"],
    ["panels of a row", () => ({ rows: [{ name: "r", panels: times(51, () => panel()) }] }), "config.rows.0.panels", "must have at most 50 panels"],
    [
      "parameters of a panel",
      () => ({ rows: [{ name: "r", panels: [panel({ cypher: "RETURN 1 AS one", params: times(51, (i) => ({ name: `p${i}`, value: i })) })] }] }),
      "config.rows.0.panels.0.params",
      "must have at most 50 parameters",
    ],
    [
      "thresholds of a panel",
      () => withPanel({ thresholds: times(51, (i) => ({ value: i, color: "red" })) }),
      "config.rows.0.panels.0.thresholds",
      "must have at most 50 thresholds",
    ],
    ["inputs", () => ({ inputs: times(51, (i) => ({ input_id: `i${i}`, label: "I", type: "text" })) }), "config.inputs", "must have at most 50 inputs"],
    [
      "named queries",
      () => ({ queries: Object.fromEntries(times(101, (i) => [`q${i}`, "RETURN 1 AS one"])) }),
      "config.queries",
      "must have at most 100 queries",
    ],
  ])("refuses more %s than the bound, naming the list", async (_what, config, field, message) => {
    expect(await refused(config())).toEqual([{ field, rule: "too_big", message }]);
  });
});

describe("reports: size", () => {
  it("refuses a config over 1,000,000 bytes as JSON with 422, and writes nothing", async () => {
    const markdown = (i: number) => ({ type: "markdown", markdown: `${i} ${"x".repeat(60_000)}` });
    const fields = await refused({ rows: [{ name: "r", panels: times(20, markdown) }] });
    expect(fields).toEqual([
      {
        field: "(body)",
        rule: "too_big",
        message: expect.stringMatching(/^report .+ is \d+ bytes as JSON; a stored definition may be at most 1000000 bytes$/),
      },
    ]);
  });
});

describe("reports: restoring a version saved before the bounds", () => {
  it("refuses to restore a version whose panel is taller than the grid allows, with 422 naming the field", async () => {
    const { report_id } = await createReport();
    const legacy = JSON.stringify({
      schema_version: 1,
      name: "Test report",
      queries: {},
      inputs: [],
      rows: [{ name: "r", panels: [panel({ h: 2_147_483_647 })] }],
    });
    await env.DB.prepare(
      "INSERT INTO definition_versions (kind, parent_id, id, version, body, author, created_at, comment) VALUES ('report', '', ?, 2, ?, 'legacy', '2025-01-01T00:00:00Z', 'before the bounds')",
    )
      .bind(report_id, legacy)
      .run();
    await env.DB.prepare("UPDATE definitions SET version = 2, body = ? WHERE kind = 'report' AND parent_id = '' AND id = ?").bind(legacy, report_id).run();
    const { status, body } = await api("POST", `/reports/${report_id}/versions/2/restore`, { base_version: 2 });
    expect(status, JSON.stringify(body)).toBe(422);
    expect(body.error.fields).toEqual([{ field: "rows.0.panels.0.h", rule: "too_big", message: "must be at most 100" }]);
    const head = await env.DB.prepare("SELECT version FROM definitions WHERE kind = 'report' AND parent_id = '' AND id = ?").bind(report_id).first();
    expect(head).toEqual({ version: 2 });
  });
});
