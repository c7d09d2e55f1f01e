import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api } from "../../support/api";
import { createWorkflow, freshName, queryThenLog } from "../../support/workflows";

const definitionCount = async () =>
  (await env.DB.prepare("SELECT count(*) AS n FROM definitions WHERE kind IN ('workflow', 'scheduled_query')").first<{ n: number }>())?.n;

/** A value nested in `levels` lists. */
const nested = (levels: number): unknown => (levels === 0 ? 1 : [nested(levels - 1)]);
const query = (parameters: Record<string, unknown>) => ({ type: "query", output: "rows", parameters: { cypher: "RETURN 1 AS one", ...parameters } });
const log = (parameters: Record<string, unknown>) => ({ type: "log", input: "rows", output: "logged", parameters: { log_attrs: ["one"], ...parameters } });
const many = <T>(count: number, item: (i: number) => T) => Array.from({ length: count }, (_, i) => item(i));

/** The one issue a refused workflow got, after checking nothing was written. */
async function refused(path: string, body: Record<string, unknown>) {
  const before = await definitionCount();
  const response = await api("POST", path, { name: freshName(), ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(422);
  expect(await definitionCount()).toBe(before);
  const fields = response.body.error.fields;
  expect(fields).toHaveLength(1);
  return fields[0];
}

describe("workflow bounds: schedules", () => {
  it("refuses the issue's 1,300,000 days_of_week, writing nothing", async () => {
    const issue = await refused("/workflows", { stages: queryThenLog(), schedule: { type: "daily", days_of_week: many(1_300_000, () => 0) } });
    expect(issue).toEqual({ field: "schedule.days_of_week", rule: "too_big", message: "must hold at most 7 days" });
  });

  it("keeps each day of the week once", async () => {
    const created = await createWorkflow({ schedule: { type: "daily", days_of_week: [4, 0, 4, 0, 2] } });
    expect(created.schedule.days_of_week).toEqual([4, 0, 2]);
  });

  it("takes at most 31 days_of_month and keeps each once", async () => {
    const issue = await refused("/workflows", { stages: queryThenLog(), schedule: { type: "monthly", days_of_month: many(32, (i) => (i % 31) + 1) } });
    expect(issue).toEqual({ field: "schedule.days_of_month", rule: "too_big", message: "must hold at most 31 days" });
    const created = await createWorkflow({ schedule: { type: "monthly", days_of_month: [31, 1, 31] } });
    expect(created.schedule.days_of_month).toEqual([31, 1]);
  });

  it("refuses a scheduled query's frequency over 43200 minutes (30 days)", async () => {
    const issue = await refused("/scheduled-queries", { cypher: "RETURN 1 AS one", frequency: 43_201 });
    expect(issue).toEqual({ field: "frequency", rule: "too_big", message: "must be at most 43200 minutes (30 days)" });
  });
});

describe("workflow bounds: lists", () => {
  const stage = (activities: unknown[]) => ({ activities });
  it.each([
    ["stages", { stages: many(21, (i) => stage([{ ...query({}), output: `rows_${i}` }])) }, "stages", "must hold at most 20 stages"],
    [
      "activities of a stage",
      { stages: [stage(many(11, (i) => ({ ...query({}), output: `rows_${i}` })))] },
      "stages.0.activities",
      "must hold at most 10 activities",
    ],
    ["watch_scans", { stages: queryThenLog(), watch_scans: many(21, () => ({})) }, "watch_scans", "must hold at most 20 scans"],
    ["trigger_workflows", { stages: queryThenLog(), trigger_workflows: many(21, (i) => `wf-${i}`) }, "trigger_workflows", "must hold at most 20 workflow IDs"],
    [
      "a query's parameters",
      { stages: [stage([query({ parameters: many(51, (i) => ({ name: `p${i}`, value: i })) })])] },
      "stages.0.activities.0.parameters.parameters",
      "must hold at most 50 parameters",
    ],
    [
      "log_attrs",
      { stages: [stage([query({})]), stage([log({ log_attrs: many(51, (i) => `a${i}`) })])] },
      "stages.1.activities.0.parameters.log_attrs",
      "must hold at most 50 values",
    ],
    [
      "Slack channels",
      {
        stages: [
          stage([query({})]),
          stage([{ type: "slack", input: "rows", output: "shared", parameters: { channels: many(21, (i) => `C${i}`), title: "t", initial_comment: "c" } }]),
        ],
      },
      "stages.1.activities.0.parameters.channels",
      "must hold at most 20 values",
    ],
  ])("refuses too many %s", async (_what, body, field, message) => {
    expect(await refused("/workflows", body)).toEqual({ field, rule: "too_big", message });
  });

  it.each([
    ["params", { params: many(51, (i) => ({ name: `p${i}`, value: i })) }, "params", "must hold at most 50 parameters"],
    ["actions", { actions: many(11, () => ({ action_type: "log", action_config: { log_attrs: ["one"] } })) }, "actions", "must hold at most 10 actions"],
    ["watch_scans", { watch_scans: many(21, () => ({})) }, "watch_scans", "must hold at most 20 scans"],
  ])("refuses a scheduled query with too many %s", async (_what, body, field, message) => {
    expect(await refused("/scheduled-queries", { cypher: "RETURN 1 AS one", ...body })).toEqual({ field, rule: "too_big", message });
  });
});

describe("workflow bounds: strings and numbers", () => {
  it.each([
    [
      "an output name",
      { stages: [{ activities: [{ ...query({}), output: "o".repeat(65) }] }] },
      "stages.0.activities.0.output",
      "must be at most 64 characters",
    ],
    ["an activity type", { stages: [{ activities: [{ ...query({}), type: "t".repeat(65) }] }] }, "stages.0.activities.0.type", "must be at most 64 characters"],
    [
      "a query's Cypher",
      { stages: [{ activities: [query({ cypher: `RETURN 1 AS one // ${"x".repeat(100_000)}` })] }] },
      "stages.0.activities.0.parameters.cypher",
      "must be at most 100000 characters",
    ],
    [
      "a log's max_rows",
      { stages: [{ activities: [query({})] }, { activities: [log({ max_rows: 100_001 })] }] },
      "stages.1.activities.0.parameters.max_rows",
      "must be at most 100000",
    ],
    ["a trigger target id", { stages: queryThenLog(), trigger_workflows: ["w".repeat(101)] }, "trigger_workflows.0", "must be at most 100 characters"],
  ])("refuses %s over its bound", async (_what, body, field, message) => {
    expect(await refused("/workflows", body)).toEqual({ field, rule: "too_big", message });
  });

  it("shows the bound of every numeric parameter on the activity form", async () => {
    const { body } = await api("GET", "/workflows/activity-types");
    const maxRows = body.activity_types.map((type: { config_fields: { name: string; maximum?: number }[] }) =>
      type.config_fields.find((field) => field.name === "max_rows"),
    );
    expect(maxRows.map((field: { maximum?: number }) => field.maximum)).toEqual([100_000, 100_000, 100_000, 100_000, 100_000]);
  });
});

describe("workflow bounds: free-form JSON", () => {
  const withValue = (value: unknown) => ({ stages: [{ activities: [query({ cypher: "RETURN $p AS p", parameters: [{ name: "p", value }] })] }] });

  it("takes a query parameter value nested 32 levels deep and refuses 33", async () => {
    await createWorkflow(withValue(nested(32)));
    expect(await refused("/workflows", withValue(nested(33)))).toEqual({
      field: "stages.0.activities.0.parameters.parameters.0.value",
      rule: "too_deep",
      message: "must nest at most 32 levels of arrays and objects",
    });
  });

  it("bounds a scheduled query's params values alike", async () => {
    expect(await refused("/scheduled-queries", { cypher: "RETURN $p AS p", params: [{ name: "p", value: nested(40) }] })).toEqual({
      field: "params.0.value",
      rule: "too_deep",
      message: "must nest at most 32 levels of arrays and objects",
    });
  });
});
