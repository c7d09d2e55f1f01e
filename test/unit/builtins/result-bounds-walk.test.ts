// Every enabled built-in tool, called over MCP with tight result limits against real data (a
// toolset of many tools with long Cypher, a plugin package larger than the byte limit, reports,
// spaces, skills, workflows): no result exceeds MCP_TOOL_RESULT_MAX_BYTES. A result that does
// not fit is cut in the truncation shape or refused with an error naming the REST route that
// serves it, and nothing else goes wrong along the way.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../../worker/app";
import { enabledBuiltinTools } from "../../../worker/builtins/registry";
import { api } from "../../support/api";
import { mcpRequest } from "../../support/mcp-request";
import { base64, freshPluginId, installPlugin, pluginZip, skillMarkdown } from "../../support/plugins";
import { createReport, everyPanel, freshName, saveConfig } from "../../support/reports";
import { createSkill, createSkillset } from "../../support/skillsets";
import { summarise } from "../../support/skills";
import { createTool, createToolset, freshId } from "../../support/toolsets";
import { completing, createWorkflow, queryThenLog } from "../../support/workflows";

const MAX_BYTES = 2000;
const LIMITS = { MCP_TOOL_RESULT_MAX_ROWS: "10", MCP_TOOL_RESULT_MAX_BYTES: String(MAX_BYTES) };
const app = createApp();
const bytes = (text: string) => new TextEncoder().encode(text).length;

async function call(name: string, args: Record<string, unknown>) {
  const response = await app.fetch(mcpRequest("tools/call", { name, arguments: args }), { ...env, ...LIMITS });
  const reply = (await response.json()) as { result?: any; error?: unknown };
  expect(reply.error, `${name}: ${JSON.stringify(reply.error)}`).toBeUndefined();
  return reply.result;
}

/** A write asks for approval first; a person approves on REST, then the same call runs. */
async function approvedCall(name: string, args: Record<string, unknown>) {
  const asked = await call(name, args);
  if (!asked.structuredContent?.confirmation_required) return asked;
  await api("POST", `/confirmations/${asked.structuredContent.confirmation.id}/approve`);
  return call(name, args);
}

const padding = (length: number) => "x".repeat(length);
const longCypher = (length: number) => `RETURN '${padding(length)}' AS padding`;

interface Fixture {
  toolset: string;
  tool: string;
  bigTool: string;
  doomedToolset: string;
  doomedTool: string;
  role: string;
  doomedRole: string;
  report: string;
  doomedReport: string;
  space: string;
  subspace: string;
  doomedSpace: string;
  doomedSubspace: string;
  skillset: string;
  skill: string;
  doomedSkillset: string;
  doomedSkill: string;
  plugin: string;
  doomedPlugin: string;
  workflow: string;
  doomedWorkflow: string;
  query: string;
  doomedQuery: string;
}

let f: Fixture;

const version = async (path: string, field = "version") => (await api("GET", path)).body[field] as number;
const pluginPackage = (id: string) =>
  base64(
    pluginZip({ id, skills: { triage: skillMarkdown("triage", "Triage an alert") }, files: { "notes.txt": crypto.getRandomValues(new Uint8Array(3000)) } }),
  );
const createRole = async () => {
  const id = freshId("role").replaceAll("_", "-");
  expect((await api("POST", "/roles", { id, permissions: ["toolsets:read"] })).status).toBe(201);
  return id;
};
const createSpace = async () => (await api("POST", "/spaces", { name: freshName("Space") })).body.space_id as string;
const createSubspace = async (space: string) => (await api("POST", `/spaces/${space}/subspaces`, { name: freshName("Sub") })).body.subspace_id as string;
const createQuery = async () =>
  (await api("POST", "/scheduled-queries", { name: freshName("Query"), cypher: "RETURN {n: 1} AS details", actions: [] })).body.scheduled_query_id as string;

beforeAll(async () => {
  const toolset = (await createToolset()).id;
  for (let i = 0; i < 12; i++) await createTool(toolset, { cypher: longCypher(300) });
  const tool = (await createTool(toolset)).id;
  const bigTool = (await createTool(toolset, { cypher: longCypher(3000) })).id;
  for (let i = 0; i < 10; i++) await createToolset();
  const doomedToolset = (await createToolset()).id;
  const doomedTool = (await createTool(toolset)).id;

  const report = (await createReport()).report_id;
  await saveConfig(report, everyPanel);
  await api("PUT", `/reports/${report}/visibility`, { access: { scope: "public" } });
  const space = await createSpace();
  const skillset = (await createSkillset()).id;
  f = {
    toolset,
    tool,
    bigTool,
    doomedToolset,
    doomedTool,
    role: await createRole(),
    doomedRole: await createRole(),
    report,
    doomedReport: (await createReport()).report_id,
    space,
    subspace: await createSubspace(space),
    doomedSpace: await createSpace(),
    doomedSubspace: await createSubspace(space),
    skillset,
    skill: (await createSkill(skillset, summarise)).id,
    doomedSkillset: (await createSkillset()).id,
    doomedSkill: (await createSkill(skillset)).id,
    plugin: (await installPlugin({ files: { "notes.txt": crypto.getRandomValues(new Uint8Array(3000)) } })).id,
    doomedPlugin: (await installPlugin()).id,
    workflow: (await createWorkflow({ enabled: false })).workflow_id,
    doomedWorkflow: (await createWorkflow({ enabled: false })).workflow_id,
    query: await createQuery(),
    doomedQuery: await createQuery(),
  };
  await api("PUT", `/reports/${report}/space`, { space_id: space });
}, 120_000);

type Args = () => Record<string, unknown> | Promise<Record<string, unknown>>;

/** Arguments for every enabled built-in, reads first, then writes, then deletes. */
const WALK: [string, Args][] = [
  ["graph__schema", () => ({})],
  ["graph__validate_query", () => ({ query: longCypher(3000) })],
  ["graph__explain", () => ({ query: longCypher(3000) })],
  ["graph__query", () => ({ query: "UNWIND range(1, 50) AS i RETURN i, $text AS text", parameters: { text: padding(100) } })],
  ["toolsets__list", () => ({})],
  ["toolsets__export", () => ({})],
  ["toolsets__get", () => ({ toolset_id: f.toolset })],
  ["toolsets__list_versions", () => ({ toolset_id: f.toolset })],
  ["toolsets__get_version", () => ({ toolset_id: f.toolset, version: 1 })],
  ["toolsets__list_tools", () => ({ toolset_id: f.toolset })],
  ["toolsets__get_tool", () => ({ toolset_id: f.toolset, tool_id: f.bigTool })],
  ["toolsets__list_tool_versions", () => ({ toolset_id: f.toolset, tool_id: f.bigTool })],
  ["toolsets__get_tool_version", () => ({ toolset_id: f.toolset, tool_id: f.bigTool, version: 1 })],
  ["roles__me", () => ({})],
  ["roles__list", () => ({})],
  ["roles__list_builtin", () => ({})],
  ["roles__get", () => ({ role_id: f.role })],
  ["roles__list_versions", () => ({ role_id: f.role })],
  ["roles__get_version", () => ({ role_id: f.role, version: 1 })],
  ["reports__list", () => ({})],
  ["reports__get", () => ({ report_id: f.report })],
  ["reports__list_versions", () => ({ report_id: f.report })],
  ["reports__get_version", () => ({ report_id: f.report, version: 1 })],
  ["spaces__list", () => ({})],
  ["spaces__get", () => ({ space_id: f.space })],
  ["spaces__get_tree", () => ({ space_id: f.space })],
  ["spaces__list_subspaces", () => ({ space_id: f.space })],
  ["skillsets__list", () => ({})],
  ["skillsets__export", () => ({})],
  ["skillsets__get", () => ({ skillset_id: f.skillset })],
  ["skillsets__list_versions", () => ({ skillset_id: f.skillset })],
  ["skillsets__get_version", () => ({ skillset_id: f.skillset, version: 1 })],
  ["skillsets__list_skills", () => ({ skillset_id: f.skillset })],
  ["skillsets__get_skill", () => ({ skillset_id: f.skillset, skill_id: f.skill })],
  ["skillsets__render_skill", () => ({ skillset_id: f.skillset, skill_id: f.skill, arguments: { host: padding(3000) } })],
  ["skillsets__list_skill_versions", () => ({ skillset_id: f.skillset, skill_id: f.skill })],
  ["skillsets__get_skill_version", () => ({ skillset_id: f.skillset, skill_id: f.skill, version: 1 })],
  ["plugins__list", () => ({})],
  ["plugins__validate", () => ({ package_base64: pluginPackage(freshPluginId()) })],
  ["plugins__get", () => ({ plugin_id: f.plugin })],
  ["plugins__list_skills", () => ({ plugin_id: f.plugin })],
  ["plugins__get_skill", () => ({ plugin_id: f.plugin, skill_name: "triage" })],
  ["plugins__list_versions", () => ({ plugin_id: f.plugin })],
  ["plugins__list_files", () => ({ plugin_id: f.plugin, revision: 1 })],
  ["plugins__download", () => ({ plugin_id: f.plugin, revision: 1 })],
  ["workflows__list", () => ({})],
  ["workflows__get", () => ({ workflow_id: f.workflow })],
  ["workflows__list_versions", () => ({ workflow_id: f.workflow })],
  ["workflows__get_version", () => ({ workflow_id: f.workflow, version: 1 })],
  ["workflows__list_runs", () => ({ workflow_id: f.workflow })],
  ["scheduled_queries__list", () => ({})],
  ["scheduled_queries__get", () => ({ scheduled_query_id: f.query })],
  ["scheduled_queries__list_versions", () => ({ scheduled_query_id: f.query })],
  ["scheduled_queries__get_version", () => ({ scheduled_query_id: f.query, version: 1 })],

  ["toolsets__create", () => ({ toolset_id: freshId("walk"), name: "Walk", description: padding(1500) })],
  ["toolsets__update", async () => ({ toolset_id: f.toolset, description: padding(1990), base_version: await version(`/toolsets/${f.toolset}`) })],
  ["toolsets__restore", async () => ({ toolset_id: f.toolset, version: 1, base_version: await version(`/toolsets/${f.toolset}`) })],
  ["toolsets__create_tool", () => ({ toolset_id: f.toolset, tool_id: freshId("walk"), name: "Walk", cypher: longCypher(3000) })],
  [
    "toolsets__update_tool",
    async () => ({ toolset_id: f.toolset, tool_id: f.tool, cypher: longCypher(2500), base_version: await version(`/toolsets/${f.toolset}/tools/${f.tool}`) }),
  ],
  [
    "toolsets__restore_tool",
    async () => ({ toolset_id: f.toolset, tool_id: f.tool, version: 2, base_version: await version(`/toolsets/${f.toolset}/tools/${f.tool}`) }),
  ],
  ["roles__create", () => ({ name: freshId("walk").replaceAll("_", "-"), permissions: ["toolsets:read"], description: padding(1990) })],
  ["roles__update", async () => ({ role_id: f.role, description: padding(100), base_version: await version(`/roles/${f.role}`) })],
  ["roles__restore", async () => ({ role_id: f.role, version: 1, base_version: await version(`/roles/${f.role}`) })],
  ["reports__create", () => ({ name: freshName("Walk") })],
  ["reports__create_version", () => ({ report_id: f.report, config: everyPanel })],
  ["reports__restore", () => ({ report_id: f.report, version: 1 })],
  ["reports__clone", () => ({ report_id: f.report, name: freshName("Clone") })],
  ["reports__update_visibility", () => ({ report_id: f.report, access: { scope: "public" } })],
  ["reports__pin", () => ({ report_id: f.report, pinned: true })],
  ["reports__set_dashboard", () => ({ report_id: f.report })],
  ["reports__get_dashboard", () => ({})],
  ["spaces__create", () => ({ name: freshName("Walk"), description: padding(1990) })],
  ["spaces__update", () => ({ space_id: f.space, name: freshName("Walked") })],
  ["spaces__set_overview", () => ({ space_id: f.space, report_id: f.report })],
  ["spaces__create_subspace", () => ({ space_id: f.space, name: freshName("Sub") })],
  ["spaces__update_subspace", () => ({ space_id: f.space, subspace_id: f.subspace, name: freshName("Sub") })],
  ["spaces__set_report_space", () => ({ report_id: f.report, space_id: f.space, subspace_id: f.subspace })],
  ["skillsets__create", () => ({ skillset_id: freshId("walk"), name: "Walk", description: padding(1990) })],
  ["skillsets__update", async () => ({ skillset_id: f.skillset, description: padding(10), base_version: await version(`/skillsets/${f.skillset}`) })],
  ["skillsets__restore", async () => ({ skillset_id: f.skillset, version: 1, base_version: await version(`/skillsets/${f.skillset}`) })],
  ["skillsets__create_skill", () => ({ skillset_id: f.skillset, skill_id: freshId("walk"), name: "Walk", template: padding(3000) })],
  [
    "skillsets__update_skill",
    async () => ({
      skillset_id: f.skillset,
      skill_id: f.skill,
      description: padding(10),
      base_version: await version(`/skillsets/${f.skillset}/skills/${f.skill}`),
    }),
  ],
  [
    "skillsets__restore_skill",
    async () => ({ skillset_id: f.skillset, skill_id: f.skill, version: 1, base_version: await version(`/skillsets/${f.skillset}/skills/${f.skill}`) }),
  ],
  ["plugins__install", () => ({ package_base64: pluginPackage(freshPluginId()) })],
  ["plugins__set_enabled", () => ({ plugin_id: f.plugin, enabled: true })],
  [
    "plugins__publish",
    async () => ({ plugin_id: f.plugin, package_base64: pluginPackage(f.plugin), base_revision: await version(`/plugins/${f.plugin}`, "revision") }),
  ],
  ["plugins__restore", async () => ({ plugin_id: f.plugin, revision: 1, base_revision: await version(`/plugins/${f.plugin}`, "revision") })],
  ["plugins__set_skill_enabled", () => ({ plugin_id: f.plugin, skill_name: "triage", enabled: false })],
  ["workflows__create", () => ({ name: freshName("Walk"), stages: queryThenLog(longCypher(1900)), enabled: false })],
  [
    "workflows__update",
    async () => ({
      workflow_id: f.workflow,
      name: freshName("Walked"),
      stages: queryThenLog(),
      enabled: false,
      base_version: await version(`/workflows/${f.workflow}`, "current_version"),
    }),
  ],
  ["scheduled_queries__create", () => ({ name: freshName("Walk"), cypher: longCypher(1900), actions: [] })],
  ["scheduled_queries__update", () => ({ scheduled_query_id: f.query, name: freshName("Walked"), cypher: longCypher(1900), actions: [] })],
  ["scheduled_queries__run", () => ({ scheduled_query_id: f.query })],

  ["toolsets__delete_tool", () => ({ toolset_id: f.toolset, tool_id: f.doomedTool })],
  ["toolsets__delete", () => ({ toolset_id: f.doomedToolset })],
  ["roles__delete", () => ({ role_id: f.doomedRole })],
  ["reports__delete", () => ({ report_id: f.doomedReport })],
  ["spaces__delete_subspace", () => ({ space_id: f.space, subspace_id: f.doomedSubspace })],
  ["spaces__delete", () => ({ space_id: f.doomedSpace })],
  ["skillsets__delete_skill", () => ({ skillset_id: f.skillset, skill_id: f.doomedSkill })],
  ["skillsets__delete", () => ({ skillset_id: f.doomedSkillset })],
  ["plugins__delete", () => ({ plugin_id: f.doomedPlugin })],
  ["workflows__delete", () => ({ workflow_id: f.doomedWorkflow })],
  ["scheduled_queries__delete", () => ({ scheduled_query_id: f.doomedQuery })],
];

describe("every enabled built-in under MCP_TOOL_RESULT_MAX_ROWS=10, MCP_TOOL_RESULT_MAX_BYTES=2000", () => {
  it("the walk covers every enabled built-in tool, and workflows__run besides", () => {
    const walked = [...WALK.map(([name]) => name), "workflows__run", "workflows__get_run"];
    expect(walked.sort()).toEqual(
      enabledBuiltinTools("all")
        .map((tool) => tool.name)
        .sort(),
    );
  });

  it.each(WALK)("%s stays within the byte limit", async (name, args) => {
    const result = await approvedCall(name, await args());
    const text = result.content[0].text as string;
    expect(bytes(text), text.slice(0, 300)).toBeLessThanOrEqual(MAX_BYTES);
    if (result.isError) expect(text, "only a result too large to return may fail").toContain("over MCP_TOOL_RESULT_MAX_BYTES (2000)");
    else expect(JSON.parse(text)).toEqual(result.structuredContent);
  });

  it("workflows__run and workflows__get_run stay within the byte limit", async () => {
    const requested = await completing(1, () => approvedCall("workflows__run", { workflow_id: f.workflow }));
    expect(bytes(requested.content[0].text)).toBeLessThanOrEqual(MAX_BYTES);
    const run = await call("workflows__get_run", { workflow_id: f.workflow, run_id: requested.structuredContent.run_id });
    expect(run.isError).toBeFalsy();
    expect(bytes(run.content[0].text)).toBeLessThanOrEqual(MAX_BYTES);
  });
});
