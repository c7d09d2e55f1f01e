import { describe, expect, it } from "vitest";
import { api } from "../../support/api";
import { completing, freshName, queryThenLog } from "../../support/workflows";
import { callTool as call, approvedCall } from "../../support/mcp-app";

describe("workflows built-in tools", () => {
  it("creates a workflow only once a person approved it, then runs it and shows the run", async () => {
    const name = freshName("Mcp workflow");
    const args = { name, stages: queryThenLog(), enabled: false };
    const asked = await call("workflows__create", args);
    expect(asked.structuredContent.confirmation_required).toBe(true);
    expect((await api("GET", "/workflows")).body.workflows.some((workflow: { name: string }) => workflow.name === name)).toBe(false);

    const created = (await approvedCall("workflows__create", args)).structuredContent;
    expect(created).toMatchObject({ name, kind: "workflow", current_version: 1 });

    const requested = await completing(1, async () => (await approvedCall("workflows__run", { workflow_id: created.workflow_id })).structuredContent);
    expect(requested).toMatchObject({ workflow_id: created.workflow_id, run_id: expect.stringContaining(created.workflow_id) });
    const run = (await call("workflows__get_run", { workflow_id: created.workflow_id, run_id: requested.run_id })).structuredContent;
    expect(run).toMatchObject({ status: "succeeded", trigger: "manual" });
    const listed = (await call("workflows__list_runs", { workflow_id: created.workflow_id })).structuredContent;
    expect(listed.runs.map((entry: { run_id: string }) => entry.run_id)).toEqual([requested.run_id]);
  });

  it("answers a bad definition with the field and the rule, before asking anyone", async () => {
    const result = await call("workflows__create", {
      name: freshName(),
      stages: [{ activities: [{ type: "log", input: "nowhere", output: "x", parameters: {} }] }],
    });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.structuredContent ?? result.content)).toContain("stages.0.activities.0.input");
  });

  it("keeps upstream's scheduled_queries tools on the same rows", async () => {
    const name = freshName("Mcp query");
    const created = (await approvedCall("scheduled_queries__create", { name, cypher: "RETURN {n: 1} AS details", actions: [] })).structuredContent;
    const listed = (await call("scheduled_queries__list", {})).structuredContent.scheduled_queries;
    expect(listed.map((item: { scheduled_query_id: string }) => item.scheduled_query_id)).toContain(created.scheduled_query_id);
    const asWorkflow = (await call("workflows__get", { workflow_id: created.scheduled_query_id })).structuredContent;
    expect(asWorkflow).toMatchObject({ kind: "scheduled_query", name });
  });
});
