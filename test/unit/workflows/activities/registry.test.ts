import { describe, expect, it } from "vitest";
import { activityTypeViews } from "../../../../worker/workflows/activities/registry";
import { activity, issuesOf, run } from "../../../support/activities";

describe("activity types", () => {
  it("lists query, log, slack, webhook and sqs, only query without a required input", () => {
    const views = activityTypeViews();
    expect(views.map((view) => [view.type, view.input_required])).toEqual([
      ["query", false],
      ["log", true],
      ["slack", true],
      ["webhook", true],
      ["sqs", true],
    ]);
  });

  it("describes each parameter as a form field read off its schema", () => {
    const query = activityTypeViews().find((view) => view.type === "query");
    expect(query?.config_fields).toEqual([
      expect.objectContaining({ name: "cypher", label: "Cypher", type: "text", required: true }),
      expect.objectContaining({ name: "parameters", type: "parameters", required: false, default: [] }),
      expect.objectContaining({ name: "max_rows", type: "number", required: false, minimum: 1 }),
    ]);
    const log = activityTypeViews().find((view) => view.type === "log");
    expect(log?.config_fields).toContainEqual(
      expect.objectContaining({ name: "level", type: "select", options: ["debug", "info", "warning", "error"], default: "info" }),
    );
    expect(log?.config_fields).toContainEqual(expect.objectContaining({ name: "log_attrs", type: "string_list", required: true }));
    expect(log?.config_fields).toContainEqual(expect.objectContaining({ name: "query_return_attribute", type: "string", required: false, default: "details" }));
  });
});

describe("activity issues", () => {
  it("names the type of an unknown activity and lists the valid types", async () => {
    expect(await issuesOf(activity("email", {}))).toEqual([
      { field: "stages.1.activities.0.type", rule: "unknown_type", message: "'email' is not an activity type (types: query, log, slack, webhook, sqs)" },
    ]);
  });

  it("refuses an unknown parameter key, naming the key and the parameters the type takes", async () => {
    expect(await issuesOf(activity("sqs", { sqs_queue: "q", queue_url: "https://x" }))).toEqual([
      {
        field: "stages.1.activities.0.parameters.queue_url",
        rule: "unknown_key",
        message: "is not a parameter of sqs activities (parameters: sqs_queue, query_return_attribute, max_rows)",
      },
    ]);
  });

  it("names a missing required field as required", async () => {
    expect(await issuesOf(activity("slack", { channels: ["C1"], title: "t" }))).toEqual([
      { field: "stages.1.activities.0.parameters.initial_comment", rule: "required", message: "is required" },
    ]);
  });

  it("names a mistyped field and the type it must be", async () => {
    expect(await issuesOf(activity("log", { log_attrs: "name" }))).toEqual([
      expect.objectContaining({ field: "stages.1.activities.0.parameters.log_attrs", message: "must be a list of strings" }),
    ]);
  });

  it("refuses a value out of range", async () => {
    expect(await issuesOf(activity("sqs", { sqs_queue: "q", max_rows: 0 }))).toEqual([
      expect.objectContaining({ field: "stages.1.activities.0.parameters.max_rows", rule: "too_small", message: "must be at least 1" }),
    ]);
  });

  it("refuses an empty list where one value is required", async () => {
    expect(await issuesOf(activity("slack", { channels: [], title: "t", initial_comment: "c" }))).toEqual([
      expect.objectContaining({ field: "stages.1.activities.0.parameters.channels", message: "must hold at least one value" }),
    ]);
  });

  it("requires an input for every type but query", async () => {
    expect(await issuesOf(activity("sqs", { sqs_queue: "q" }, null))).toEqual([
      expect.objectContaining({ field: "stages.1.activities.0.input", rule: "required" }),
    ]);
    expect(await issuesOf(activity("query", { cypher: "RETURN 1 AS one" }, null))).toEqual([]);
  });

  it("builds every field from the given path prefix", async () => {
    const issues = await issuesOf(activity("log", {}), {}, ["actions", 3]);
    expect(issues.map((issue) => issue.field)).toEqual(["actions.3.parameters.log_attrs"]);
  });
});

describe("running an activity", () => {
  it("refuses stored parameters that no longer pass, naming the field", async () => {
    await expect(run(activity("log", { log_attrs: ["a"], level: "loud" }), [])).rejects.toThrow(
      /parameters\.level: must be one of debug, info, warning, error/,
    );
  });

  it("refuses an unknown type", async () => {
    await expect(run(activity("email", {}), [])).rejects.toThrow("'email' is not an activity type (types: query, log, slack, webhook, sqs)");
  });

  it("refuses to run a type that needs an input without one", async () => {
    await expect(run(activity("log", { log_attrs: ["a"] }), undefined)).rejects.toThrow("log activity 'out' has no input rows to act on");
  });
});
