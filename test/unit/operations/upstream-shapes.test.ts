// Results as upstream Seizu's clients read them: toolset_id, tool_id, skillset_id, skill_id,
// role_id and current_version beside this server's id and version, on REST and over MCP;
// built-in roles under upstream's ids; and upstream's flat confirmation payload.
import { describe, expect, it } from "vitest";
import { api } from "../../support/api";
import { connectClient } from "../../support/mcp-app";
import { createSkill, createSkillset } from "../../support/skillsets";
import { createTool, createToolset, freshId } from "../../support/toolsets";

const structured = async (name: string, args: Record<string, unknown>) => {
  const client = await connectClient();
  const result = await client.callTool({ name, arguments: args });
  return result.structuredContent as Record<string, any>;
};

describe("toolsets and tools as upstream names them", () => {
  it("carry toolset_id and current_version on REST", async () => {
    const toolset = await createToolset();
    const { body } = await api("GET", `/toolsets/${toolset.id}`);
    expect(body).toMatchObject({ id: toolset.id, toolset_id: toolset.id, version: 1, current_version: 1 });
  });

  it("carry tool_id, toolset_id and current_version over MCP", async () => {
    const toolset = await createToolset();
    const tool = await createTool(toolset.id);
    const got = await structured("toolsets__get_tool", { toolset_id: toolset.id, tool_id: tool.id });
    expect(got).toMatchObject({ tool_id: tool.id, toolset_id: toolset.id, current_version: 1 });
    const listed = await structured("toolsets__list", {});
    expect(listed.toolsets).toEqual(expect.arrayContaining([expect.objectContaining({ toolset_id: toolset.id, current_version: 1 })]));
  });

  it("give the built-in seizu toolset and its tools upstream's ids too", async () => {
    const { body } = await api("GET", "/toolsets/seizu/tools");
    expect(body.tools[0]).toMatchObject({ toolset_id: "seizu", tool_id: body.tools[0].id });
  });

  it("name the built-in toolset __builtin_seizu__ in upstream's toolset_id, which upstream's export skips", async () => {
    const { body } = await api("GET", "/toolsets");
    expect(body.toolsets.find((toolset: { id: string }) => toolset.id === "seizu")).toMatchObject({ toolset_id: "__builtin_seizu__", built_in: true });
  });
});

describe("skillsets and skills as upstream names them", () => {
  it("carry skillset_id, skill_id and current_version on REST and over MCP", async () => {
    const skillset = await createSkillset();
    const skill = await createSkill(skillset.id);
    expect((await api("GET", `/skillsets/${skillset.id}`)).body).toMatchObject({ skillset_id: skillset.id, current_version: 1 });
    const got = await structured("skillsets__get_skill", { skillset_id: skillset.id, skill_id: skill.id });
    expect(got).toMatchObject({ skill_id: skill.id, skillset_id: skillset.id, current_version: 1 });
  });
});

describe("roles as upstream names them", () => {
  it("carry role_id and current_version", async () => {
    const id = freshId("role").replaceAll("_", "-");
    expect((await api("POST", "/roles", { id, permissions: ["reports:read"] })).status).toBe(201);
    expect((await api("GET", `/roles/${id}`)).body).toMatchObject({ id, role_id: id, current_version: 1 });
  });

  it("list built-in roles under upstream's builtin: ids over MCP", async () => {
    const { roles } = await structured("roles__list_builtin", {});
    expect(roles.map((role: { role_id: string }) => role.role_id)).toEqual(["builtin:seizu-viewer", "builtin:seizu-editor", "builtin:seizu-admin"]);
    expect(roles[0]).toMatchObject({ id: "seizu-viewer", current_version: 0 });
  });

  it("resolve a built-in role by either spelling of its id", async () => {
    const upstream = await api("GET", "/roles/builtin:seizu-editor");
    const ours = await api("GET", "/roles/seizu-editor");
    expect(upstream.status).toBe(200);
    expect(upstream.body).toEqual(ours.body);
  });

  it("refuse to change a built-in role named by upstream's id", async () => {
    const { status, body } = await api("DELETE", "/roles/builtin:seizu-admin");
    expect(status).toBe(409);
    expect(body.error.message).toContain("built-in role");
  });
});

describe("the confirmation a write waits for", () => {
  it("carries upstream's flat fields beside this server's confirmation", async () => {
    const id = freshId("ts");
    const got = await structured("toolsets__create", { toolset_id: id, name: "Upstream" });
    expect(got).toMatchObject({
      confirmation_required: true,
      confirmation_id: got.confirmation.id,
      confirmation_url: got.confirmation.url,
      tool_name: "toolsets__create",
      action: "create",
      resource_type: "toolset",
      resource_id: id,
      status: "pending",
      expires_at: got.confirmation.expires_at,
      arguments: got.confirmation.arguments,
    });
  });

  it("names a child resource and its id as upstream does", async () => {
    const toolset = await createToolset();
    const tool = await createTool(toolset.id);
    const got = await structured("toolsets__delete_tool", { toolset_id: toolset.id, tool_id: tool.id });
    expect(got).toMatchObject({ action: "delete", resource_type: "tool", resource_id: tool.id });
  });
});
