// Writes as upstream Seizu's clients send them (its CLI's seed and commands, its MCP tools'
// arguments): they work unchanged, while this project's own shapes keep working beside them.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { permissionsOf } from "../../../worker/roles/permissions-of";
import { api } from "../../support/api";
import { approvedCall, callTool, mcp } from "../../support/mcp-app";
import { base64, freshPluginId, installPlugin, pluginZip } from "../../support/plugins";
import { createReport, freshName } from "../../support/reports";
import { createSkill, createSkillset } from "../../support/skillsets";
import { createTool, createToolset, freshId } from "../../support/toolsets";

const uniqueRoleName = () => freshName("Ops Team");
const createRole = async (extra: Record<string, unknown> = {}) => {
  const { status, body } = await api("POST", "/roles", { id: freshId("role").replaceAll("_", "-"), permissions: ["reports:read"], ...extra });
  expect(status, JSON.stringify(body)).toBe(201);
  return body as { id: string; version: number };
};

describe("base_version left out applies the change to the current version", () => {
  it("toolsets__update, without base_version, writes the next version", async () => {
    const toolset = await createToolset();
    const result = await approvedCall("toolsets__update", { toolset_id: toolset.id, name: "Renamed", comment: null });
    expect(result.structuredContent, JSON.stringify(result)).toMatchObject({ id: toolset.id, name: "Renamed", version: 2 });
  });

  it("toolsets__update_tool, skillsets__update, skillsets__update_skill and roles__update take no base_version", async () => {
    const toolset = await createToolset();
    const tool = await createTool(toolset.id);
    const skillset = await createSkillset();
    const skill = await createSkill(skillset.id);
    const role = await createRole();
    const calls: [string, Record<string, unknown>][] = [
      ["toolsets__update_tool", { toolset_id: toolset.id, tool_id: tool.id, name: "Counted", cypher: "RETURN 2 AS two" }],
      ["skillsets__update", { skillset_id: skillset.id, name: "Renamed" }],
      ["skillsets__update_skill", { skillset_id: skillset.id, skill_id: skill.id, name: "Renamed", template: "Say goodbye." }],
      ["roles__update", { role_id: role.id, name: "Readers", permissions: ["reports:read"] }],
    ];
    for (const [tool, args] of calls) {
      const result = await approvedCall(tool, args);
      expect(result.structuredContent, `${tool}: ${JSON.stringify(result)}`).toMatchObject({ name: expect.any(String), version: 2 });
    }
  });

  it("REST PATCH without base_version writes the next version", async () => {
    const toolset = await createToolset();
    const { status, body } = await api("PATCH", `/toolsets/${toolset.id}`, { description: "now described" });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ description: "now described", version: 2 });
  });

  it("a stale base_version, when given, is still refused (409) and writes nothing", async () => {
    const toolset = await createToolset();
    await api("PATCH", `/toolsets/${toolset.id}`, { description: "v2" });
    const { status } = await api("PATCH", `/toolsets/${toolset.id}`, { description: "lost", base_version: 1 });
    expect(status).toBe(409);
    expect((await api("GET", `/toolsets/${toolset.id}`)).body).toMatchObject({ description: "v2", version: 2 });
  });
});

describe("comment: null is no comment", () => {
  it("on REST creates and changes", async () => {
    const id = freshId("ts");
    expect((await api("POST", "/toolsets", { toolset_id: id, name: "Commented", comment: null })).status).toBe(201);
    expect((await api("PATCH", `/toolsets/${id}`, { name: "Again", comment: null })).status).toBe(200);
    const versions = (await api("GET", `/toolsets/${id}/versions`)).body.versions;
    expect(versions.map((entry: { comment: string }) => entry.comment)).toEqual(["", ""]);
  });

  it("on the MCP writes of reports, scheduled queries and plugins", async () => {
    const report = await createReport();
    const cases: [string, Record<string, unknown>][] = [
      ["reports__create_version", { report_id: report.report_id, config: { schema_version: 1, name: "R", queries: {}, inputs: [], rows: [] }, comment: null }],
      ["scheduled_queries__create", { name: freshName("sq"), cypher: "RETURN 1 AS one", comment: null }],
      ["plugins__install", { package_base64: base64(pluginZip({ id: freshPluginId() })), comment: null }],
    ];
    for (const [tool, args] of cases) {
      const result = await approvedCall(tool, args);
      expect(result.isError, `${tool}: ${JSON.stringify(result)}`).toBeFalsy();
    }
  });

  it("a comment that is neither a string nor null is refused, naming the field", async () => {
    const { status, body } = await api("POST", "/toolsets", { toolset_id: freshId("ts"), name: "Bad", comment: 7 });
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([expect.objectContaining({ field: "comment", message: expect.stringContaining("string or null") })]);
  });
});

describe("PUT as upstream's REST clients change a resource", () => {
  it("replaces a toolset with upstream's body; an omitted field takes its default", async () => {
    const toolset = await createToolset({ description: "old", enabled: false });
    const { status, body } = await api("PUT", `/toolsets/${toolset.id}`, { name: "Seeded", description: "new", enabled: true, comment: "Updated by seed" });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ name: "Seeded", description: "new", enabled: true, version: 2 });
    const replaced = await api("PUT", `/toolsets/${toolset.id}`, { name: "Only a name" });
    expect(replaced.body).toMatchObject({ name: "Only a name", description: "", enabled: true, version: 3 });
  });

  it("PUT of a tool requires upstream's name and cypher (422 naming them) and replaces it", async () => {
    const toolset = await createToolset();
    const tool = await createTool(toolset.id, { description: "kept?" });
    const refused = await api("PUT", `/toolsets/${toolset.id}/tools/${tool.id}`, { name: "No cypher" });
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields.map((field: { field: string }) => field.field)).toEqual(["cypher"]);
    const { status, body } = await api("PUT", `/toolsets/${toolset.id}/tools/${tool.id}`, { name: "Two", cypher: "RETURN 2 AS two", parameters: [] });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ name: "Two", cypher: "RETURN 2 AS two", description: "", version: 2 });
  });

  it("PUT replaces skillsets, skills and roles", async () => {
    const skillset = await createSkillset();
    const skill = await createSkill(skillset.id);
    const role = await createRole();
    const puts: [string, Record<string, unknown>, Record<string, unknown>][] = [
      [`/skillsets/${skillset.id}`, { name: "Put", description: "d", enabled: true, comment: null }, { name: "Put", description: "d" }],
      [`/skillsets/${skillset.id}/skills/${skill.id}`, { name: "Put", template: "Say hi." }, { name: "Put", template: "Say hi." }],
      [
        `/roles/${role.id}`,
        { name: "Readers", description: "", permissions: ["reports:read", "spaces:read"] },
        { name: "Readers", permissions: ["reports:read", "spaces:read"] },
      ],
    ];
    for (const [path, sent, expected] of puts) {
      const { status, body } = await api("PUT", path, sent);
      expect(status, `${path}: ${JSON.stringify(body)}`).toBe(200);
      expect(body).toMatchObject({ ...expected, version: 2 });
    }
  });

  it("PUT /plugins/{id} with {enabled} switches a plugin as upstream's CLI does", async () => {
    const plugin = await installPlugin();
    const { status, body } = await api("PUT", `/plugins/${plugin.id}`, { enabled: false });
    expect(status, JSON.stringify(body)).toBe(200);
    expect((await api("GET", `/plugins/${plugin.id}`)).body.enabled).toBe(false);
  });

  it("adds no MCP tool: tools/list is upstream's set", async () => {
    const names: string[] = (await mcp("tools/list")).result.tools.map((tool: { name: string }) => tool.name);
    expect(names.filter((name) => name.includes("replace"))).toEqual([]);
  });
});

describe("creates take upstream's <kind>_id", () => {
  it("REST creates toolsets, tools, skillsets and skills by toolset_id, tool_id, skillset_id, skill_id", async () => {
    const [toolsetId, toolId, skillsetId, skillId] = [freshId("ts"), freshId("tool"), freshId("ss"), freshId("sk")];
    const creates: [string, Record<string, unknown>, string][] = [
      ["/toolsets", { toolset_id: toolsetId, name: "Seeded", description: "", enabled: true }, toolsetId],
      [`/toolsets/${toolsetId}/tools`, { tool_id: toolId, name: "Count", cypher: "RETURN 1 AS one", parameters: [] }, toolId],
      ["/skillsets", { skillset_id: skillsetId, name: "Seeded" }, skillsetId],
      [`/skillsets/${skillsetId}/skills`, { skill_id: skillId, name: "Hello", template: "Say hello." }, skillId],
    ];
    for (const [path, sent, id] of creates) {
      const { status, body } = await api("POST", path, sent);
      expect(status, `${path}: ${JSON.stringify(body)}`).toBe(201);
      expect(body.id).toBe(id);
    }
  });

  it("id keeps working, and both may be sent when they agree", async () => {
    const id = freshId("ts");
    const { status, body } = await api("POST", "/toolsets", { id, toolset_id: id, name: "Both" });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.id).toBe(id);
  });

  it("refuses different ids under both names (422 naming both) and creates nothing", async () => {
    const [a, b] = [freshId("ts"), freshId("ts")];
    const { status, body } = await api("POST", "/toolsets", { id: a, toolset_id: b, name: "Ambiguous" });
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([expect.objectContaining({ field: "toolset_id", message: expect.stringMatching(/and id name different ids/) })]);
    for (const id of [a, b]) expect((await api("GET", `/toolsets/${id}`)).status).toBe(404);
  });

  it("refuses a create with no id under either name (422)", async () => {
    const { status, body } = await api("POST", "/skillsets", { name: "Nameless" });
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([expect.objectContaining({ field: "skillset_id", message: "is required (or id)" })]);
  });

  it("MCP toolsets__create and toolsets__create_tool take toolset_id and tool_id, as upstream's", async () => {
    const [toolsetId, toolId] = [freshId("ts"), freshId("tool")];
    const toolset = await approvedCall("toolsets__create", { toolset_id: toolsetId, name: "By MCP", comment: null });
    expect(toolset.structuredContent, JSON.stringify(toolset)).toMatchObject({ id: toolsetId });
    const tool = await approvedCall("toolsets__create_tool", { toolset_id: toolsetId, tool_id: toolId, name: "Count", cypher: "RETURN 1 AS one" });
    expect(tool.structuredContent, JSON.stringify(tool)).toMatchObject({ id: toolId });
  });
});

describe("roles by name, as upstream", () => {
  it("REST POST /roles with a name and no id makes the id from the name", async () => {
    const name = uniqueRoleName();
    const { status, body } = await api("POST", "/roles", { name, description: "", permissions: ["reports:read"] });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({ id: name.toLowerCase().replace(/[^a-z0-9_-]+/g, "-"), name });
  });

  it("refuses a name whose id is taken (409) and leaves the role as it was", async () => {
    const name = uniqueRoleName();
    const first = await api("POST", "/roles", { name, permissions: ["reports:read"] });
    const { status, body } = await api("POST", "/roles", { name, permissions: ["roles:write"] });
    expect(status).toBe(409);
    expect(body.error.message).toContain(first.body.id);
    expect((await api("GET", `/roles/${first.body.id}`)).body.permissions).toEqual(["reports:read"]);
  });

  it("refuses a name that makes no usable id (422 naming name)", async () => {
    const { status, body } = await api("POST", "/roles", { name: "Seizu admins", permissions: ["reports:read"] });
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([expect.objectContaining({ field: "name", message: expect.stringContaining("seizu-") })]);
  });

  it("MCP roles__create takes upstream's name; roles__update renames the role", async () => {
    const name = uniqueRoleName();
    const created = await approvedCall("roles__create", { name, permissions: ["reports:read"], comment: null });
    const id = created.structuredContent.id;
    expect(created.structuredContent, JSON.stringify(created)).toMatchObject({ name });
    const renamed = await approvedCall("roles__update", { role_id: id, name: "Readers", permissions: ["reports:read"] });
    expect(renamed.structuredContent, JSON.stringify(renamed)).toMatchObject({ id, name: "Readers", version: 2 });
  });
});

describe("role permissions upstream knows", () => {
  it("are stored and shown (chat:use, users:read)", async () => {
    const role = await createRole({ permissions: ["chat:use", "users:read", "reports:read"] });
    expect((await api("GET", `/roles/${role.id}`)).body.permissions).toEqual(["chat:use", "reports:read", "users:read"]);
  });

  it("grant nothing here: a role naming only them gives its holder no permission", async () => {
    const role = await createRole({ permissions: ["chat:use", "query_history:read", "sandbox:delegate"] });
    expect([...(await permissionsOf(env.DB, [role.id], 0))]).toEqual([]);
  });

  it("a typo is still refused, listing the permissions", async () => {
    const { status, body } = await api("POST", "/roles", { name: uniqueRoleName(), permissions: ["chat:usee"] });
    expect(status).toBe(422);
    expect(body.error.fields[0]).toMatchObject({ field: "permissions.0", message: expect.stringContaining("chat:use") });
  });
});

describe("clearing and leaving things as they are", () => {
  it("spaces__set_overview without report_id clears the overview (MCP and REST)", async () => {
    const space = (await api("POST", "/spaces", { name: freshName("space") })).body;
    const report = await createReport();
    await api("PUT", `/reports/${report.report_id}/visibility`, { access: { scope: "public" } });
    await api("PUT", `/reports/${report.report_id}/space`, { space_id: space.space_id });
    await api("PUT", `/spaces/${space.space_id}/overview`, { report_id: report.report_id });
    const cleared = await approvedCall("spaces__set_overview", { space_id: space.space_id });
    expect(cleared.structuredContent, JSON.stringify(cleared)).toMatchObject({ overview_report_id: null });
    await api("PUT", `/spaces/${space.space_id}/overview`, { report_id: report.report_id });
    const rest = await api("PUT", `/spaces/${space.space_id}/overview`, {});
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body.overview_report_id).toBeNull();
  });

  it("reports__update_visibility with access: null leaves the access as it is", async () => {
    const report = await createReport();
    const result = await approvedCall("reports__update_visibility", { report_id: report.report_id, access: null });
    expect(result.structuredContent, JSON.stringify(result)).toMatchObject({ report_id: report.report_id, access: { scope: "private" } });
  });

  it("plugins__validate takes upstream's comment", async () => {
    const id = freshPluginId();
    const result = await callTool("plugins__validate", { package_base64: base64(pluginZip({ id })), comment: "checking" });
    expect(result.structuredContent, JSON.stringify(result)).toMatchObject({ valid: true, plugin_id: id });
  });
});
