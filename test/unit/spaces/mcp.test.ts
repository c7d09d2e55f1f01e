import { describe, expect, it } from "vitest";
import { api } from "../../support/api";
import { createReport, freshName } from "../../support/reports";
import { mcp, callTool as call, approvedCall } from "../../support/mcp-app";

describe("spaces built-in tools", () => {
  it.each([
    ["spaces__list", [], []],
    ["spaces__get", ["space_id"], ["space_id"]],
    ["spaces__get_tree", ["space_id"], ["space_id"]],
    ["spaces__list_subspaces", ["space_id"], ["space_id"]],
    ["spaces__create", ["name", "description"], ["name"]],
    ["spaces__update", ["space_id", "name", "description"], ["space_id", "name"]],
    ["spaces__set_overview", ["space_id", "report_id"], ["space_id"]],
    ["spaces__create_subspace", ["space_id", "name"], ["space_id", "name"]],
    ["spaces__update_subspace", ["space_id", "subspace_id", "name"], ["space_id", "subspace_id", "name"]],
    ["spaces__delete", ["space_id"], ["space_id"]],
    ["spaces__delete_subspace", ["space_id", "subspace_id"], ["space_id", "subspace_id"]],
    ["spaces__set_report_space", ["report_id", "space_id", "subspace_id"], ["report_id"]],
  ])("%s takes upstream's arguments", async (name, properties, required) => {
    const tool = (await mcp("tools/list")).result.tools.find((candidate: { name: string }) => candidate.name === name);
    expect(Object.keys(tool.inputSchema.properties).sort()).toEqual([...properties].sort());
    expect([...(tool.inputSchema.required ?? [])].sort()).toEqual([...required].sort());
  });

  it("gates every change behind a person's approval: create a space, file a report, read the tree", async () => {
    const name = freshName("Mcp space");
    const asked = await call("spaces__create", { name });
    expect(asked.structuredContent.confirmation_required).toBe(true);
    expect((await api("GET", "/spaces")).body.spaces.some((space: { name: string }) => space.name === name)).toBe(false);
    await api("POST", `/confirmations/${asked.structuredContent.confirmation.id}/approve`);
    const space = (await call("spaces__create", { name })).structuredContent;
    expect(space.name).toBe(name);

    const { report_id } = await createReport();
    await api("PUT", `/reports/${report_id}/visibility`, { access: { scope: "public" } });
    const filed = await approvedCall("spaces__set_report_space", { report_id, space_id: space.space_id });
    expect(filed.structuredContent.space_id).toBe(space.space_id);
    const tree = await call("spaces__get_tree", { space_id: space.space_id });
    expect(tree.structuredContent.reports.map((report: { report_id: string }) => report.report_id)).toEqual([report_id]);
  });
});
