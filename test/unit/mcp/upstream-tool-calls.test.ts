// Every built-in tool upstream Seizu shows over MCP, called as upstream's clients call it: with
// the arguments of upstream's input schemas (test/fixtures/upstream-seizu/mcp-tools.json, taken
// from upstream's source), against real objects, gated writes approved and read back.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import upstreamTools from "../../fixtures/upstream-seizu/mcp-tools.json";
import upstreamReportConfigs from "../../fixtures/upstream-seizu/report-configs.json";
import { api } from "../../support/api";
import { callTool, mcp } from "../../support/mcp-app";
import { base64, freshPluginId, installPlugin, pluginZip } from "../../support/plugins";
import { createReport, freshName, saveConfig } from "../../support/reports";
import { createSkill, createSkillset } from "../../support/skillsets";
import { createTool, createToolset, freshId } from "../../support/toolsets";
import { createWorkflow } from "../../support/workflows";

type Args = Record<string, unknown>;
/** What the test reads of the fixture's tools. */
const upstreamTool = z.object({
  name: z.string(),
  chat_only: z.boolean(),
  required: z.array(z.string()),
  properties: z.record(z.string(), z.object({ type: z.string(), nullable: z.boolean() })),
});
/** One upstream-style call: every required argument, every optional one, and what applying it leaves behind. */
interface Call {
  required: Args;
  optional?: Args;
  applied?: (args: Args) => Promise<void>;
}

const fixtureTools = z.array(upstreamTool).parse(upstreamTools.tools);
const overMcp = fixtureTools.filter((tool) => !tool.chat_only);
const chatOnly = fixtureTools.filter((tool) => tool.chat_only);

const get = async (path: string) => {
  const { status, body } = await api("GET", path);
  expect(status, `GET ${path}: ${JSON.stringify(body)}`).toBe(200);
  return body;
};
const gone = async (path: string) => expect((await api("GET", path)).status, `GET ${path}`).toBe(404);
const named = async (path: string, key: string, name: unknown) => {
  const found = (await get(path))[key].find((item: { name: string }) => item.name === name);
  expect(found, `${path}: no ${key} named ${String(name)}`).toBeDefined();
  return found;
};

// Objects the calls run against, made through the REST API as this project's own clients do.
const space = async () => (await api("POST", "/spaces", { name: freshName("Upstream space") })).body.space_id as string;
const report = async (scope: "private" | "public" = "private") => {
  const created = await createReport({ name: freshName("Upstream report") });
  await saveConfig(created.report_id, upstreamReportConfigs.cves);
  if (scope === "public") expect((await api("PUT", `/reports/${created.report_id}/visibility`, { access: { scope } })).status).toBe(200);
  return created.report_id;
};
/** A public report filed in a new space. */
const filedReport = async () => {
  const spaceId = await space();
  const reportId = await report("public");
  expect((await api("PUT", `/reports/${reportId}/space`, { space_id: spaceId })).status).toBe(200);
  return { spaceId, reportId };
};
const subspace = async (spaceId: string) => (await api("POST", `/spaces/${spaceId}/subspaces`, { name: freshName("Sub") })).body.subspace_id as string;
const role = async () => (await api("POST", "/roles", { name: freshName("Upstream role"), permissions: ["reports:read"] })).body.id as string;
const toolset = async () => (await createToolset()).id as string;
const tool = async () => {
  const toolsetId = await toolset();
  return { toolset_id: toolsetId, tool_id: (await createTool(toolsetId)).id as string };
};
const skillset = async () => (await createSkillset()).id;
const skill = async () => {
  const skillsetId = await skillset();
  return { skillset_id: skillsetId, skill_id: (await createSkill(skillsetId)).id };
};
const workflow = async () => (await createWorkflow()).workflow_id as string;
const scheduledQuery = async () => {
  const { status, body } = await api("POST", "/scheduled-queries", { name: freshName("Upstream sq"), cypher: "RETURN 1 AS details" });
  expect(status, JSON.stringify(body)).toBe(201);
  return body.scheduled_query_id as string;
};
const plugin = async () => (await installPlugin()).id;

// Argument shapes as upstream's docs and seed files write them.
const toolParameters = [{ name: "limit", type: "integer", description: "How many", required: false, default: 5 }];
const stages = [
  {
    activities: [
      {
        type: "query",
        output: "critical_cves",
        parameters: { cypher: "RETURN {id: 'CVE-1'} AS details", parameters: [{ name: "severity", value: "CRITICAL" }], max_rows: 200 },
      },
    ],
  },
  {
    activities: [
      {
        type: "slack",
        input: "critical_cves",
        output: "slack_notification",
        parameters: { channels: ["C00000000"], title: "Critical CVEs", initial_comment: "New critical CVEs" },
      },
    ],
  },
];
const sqOptional = {
  params: [{ name: "base_severity", value: ["HIGH", "CRITICAL"] }],
  frequency: null,
  schedule: null,
  watch_scans: [{ grouptype: "KubernetesCluster", syncedtype: "KubernetesCluster" }],
  enabled: true,
  actions: [
    {
      action_type: "slack",
      action_config: { title: "Recently published HIGH/CRITICAL CVEs", initial_comment: "The following CVEs have been published.", channels: ["C00000000"] },
    },
  ],
  comment: null,
};
const workflowOptional = {
  schedule: null,
  watch_scans: [{ grouptype: "KubernetesCluster", syncedtype: "KubernetesCluster" }],
  enabled: true,
  trigger_workflows: [],
  comment: null,
};

/** The calls upstream's toolsets__* and skillsets__* share, on the parents `make` creates. */
function parentCalls(group: "toolsets" | "skillsets", key: string, newId: () => string, make: () => Promise<string>): Record<string, () => Promise<Call>> {
  const path = (args: Args) => `/${group}/${String(args[key])}`;
  return {
    [`${group}__list`]: async () => ({ required: {} }),
    [`${group}__get`]: async () => ({ required: { [key]: await make() } }),
    [`${group}__create`]: async () => ({
      required: { [key]: newId(), name: "Created upstream-style" },
      optional: { description: "Described", enabled: true },
      applied: async (args) => expect((await get(path(args))).name).toBe(args.name),
    }),
    [`${group}__update`]: async () => ({
      required: { [key]: await make(), name: "Renamed" },
      optional: { description: "Now described", enabled: false, comment: null },
      applied: async (args) => expect((await get(path(args))).name).toBe("Renamed"),
    }),
    [`${group}__delete`]: async () => ({ required: { [key]: await make() }, applied: (args) => gone(path(args)) }),
    [`${group}__list_versions`]: async () => ({ required: { [key]: await make() } }),
    [`${group}__get_version`]: async () => ({ required: { [key]: await make(), version: 1 } }),
  };
}

const calls: Record<string, () => Promise<Call>> = {
  graph__schema: async () => ({ required: {} }),
  graph__query: async () => ({ required: { query: "RETURN 1 AS one" } }),
  graph__validate_query: async () => ({ required: { query: "MATCH (n) RETURN count(n) AS n" } }),
  graph__explain: async () => ({ required: { query: "MATCH (n) RETURN count(n) AS n" } }),

  plugins__list: async () => ({ required: {} }),
  plugins__get: async () => ({ required: { plugin_id: await plugin() } }),
  plugins__validate: async () => ({ required: { package_base64: base64(pluginZip({ id: freshPluginId() })) }, optional: { comment: "check" } }),
  plugins__install: async () => {
    const id = freshPluginId();
    return {
      required: { package_base64: base64(pluginZip({ id })) },
      optional: { comment: "installed" },
      applied: async () => void (await get(`/plugins/${id}`)),
    };
  },
  plugins__set_enabled: async () => ({
    required: { plugin_id: await plugin(), enabled: false },
    applied: async (args) => expect((await get(`/plugins/${args.plugin_id}`)).enabled).toBe(false),
  }),
  plugins__delete: async () => ({ required: { plugin_id: await plugin() }, applied: (args) => gone(`/plugins/${args.plugin_id}`) }),
  plugins__list_skills: async () => ({ required: { plugin_id: await plugin() } }),
  plugins__list_versions: async () => ({ required: { plugin_id: await plugin() } }),

  reports__list: async () => ({ required: {} }),
  reports__get: async () => ({ required: { report_id: await report() } }),
  reports__get_dashboard: async () => {
    expect((await api("PUT", `/reports/${await report("public")}/dashboard`)).status).toBe(200);
    return { required: {} };
  },
  reports__create: async () => ({
    required: { name: freshName("Created upstream-style") },
    optional: { space_id: null, subspace_id: null },
    applied: async (args) => void (await named("/reports", "reports", args.name)),
  }),
  reports__create_version: async () => {
    const reportId = await report();
    const before = (await get(`/reports/${reportId}`)).current_version;
    return {
      required: { report_id: reportId, config: upstreamReportConfigs["panel-examples"] },
      optional: { comment: null },
      applied: async (args) => expect((await get(`/reports/${args.report_id}`)).current_version).toBe(before + 1),
    };
  },
  reports__update_visibility: async () => ({
    required: { report_id: await report() },
    optional: { access: null },
    applied: async (args) => void (await get(`/reports/${args.report_id}`)),
  }),
  reports__delete: async () => ({ required: { report_id: await report() }, applied: (args) => gone(`/reports/${args.report_id}`) }),
  reports__pin: async () => ({
    required: { report_id: await report("public"), pinned: true },
    applied: async (args) => expect((await get(`/reports/${args.report_id}`)).pinned).toBe(true),
  }),
  reports__set_dashboard: async () => ({
    required: { report_id: await report("public") },
    applied: async (args) => expect((await get("/reports/dashboard")).report_id).toBe(args.report_id),
  }),
  reports__list_versions: async () => ({ required: { report_id: await report() } }),
  reports__get_version: async () => ({ required: { report_id: await report(), version: 1 } }),
  reports__clone: async () => ({
    required: { report_id: await report(), name: freshName("Clone") },
    optional: { space_id: null, subspace_id: null },
    applied: async (args) => void (await named("/reports", "reports", args.name)),
  }),

  roles__list_builtin: async () => ({ required: {} }),
  roles__list: async () => ({ required: {} }),
  roles__get: async () => ({ required: { role_id: await role() } }),
  roles__create: async () => ({
    required: { name: freshName("Responders"), permissions: ["reports:read", "chat:use"] },
    optional: { description: "Incident responders", comment: null },
    applied: async (args) => expect((await named("/roles", "roles", args.name)).permissions.sort()).toEqual(["chat:use", "reports:read"]),
  }),
  roles__update: async () => ({
    required: { role_id: await role(), name: freshName("Renamed"), permissions: ["reports:read", "spaces:read"] },
    optional: { description: "Now described", comment: null },
    applied: async (args) => expect(await get(`/roles/${args.role_id}`)).toMatchObject({ name: args.name, permissions: args.permissions }),
  }),
  roles__delete: async () => ({ required: { role_id: await role() }, applied: (args) => gone(`/roles/${args.role_id}`) }),
  roles__list_versions: async () => ({ required: { role_id: await role() } }),
  roles__get_version: async () => ({ required: { role_id: await role(), version: 1 } }),

  scheduled_queries__list: async () => ({ required: {} }),
  scheduled_queries__get: async () => ({ required: { scheduled_query_id: await scheduledQuery() } }),
  scheduled_queries__create: async () => ({
    required: { name: freshName("Recently published CVEs"), cypher: "MATCH (c:CVE) RETURN c AS details" },
    optional: sqOptional,
    applied: async (args) => expect((await named("/scheduled-queries", "scheduled_queries", args.name)).cypher).toBe(args.cypher),
  }),
  scheduled_queries__update: async () => ({
    required: { scheduled_query_id: await scheduledQuery(), name: freshName("Renamed sq"), cypher: "RETURN 2 AS details" },
    optional: sqOptional,
    applied: async (args) => expect(await get(`/scheduled-queries/${args.scheduled_query_id}`)).toMatchObject({ name: args.name, current_version: 2 }),
  }),
  scheduled_queries__delete: async () => ({
    required: { scheduled_query_id: await scheduledQuery() },
    applied: (args) => gone(`/scheduled-queries/${args.scheduled_query_id}`),
  }),
  scheduled_queries__run: async () => ({ required: { scheduled_query_id: await scheduledQuery() } }),
  scheduled_queries__list_versions: async () => ({ required: { scheduled_query_id: await scheduledQuery() } }),
  scheduled_queries__get_version: async () => ({ required: { scheduled_query_id: await scheduledQuery(), version: 1 } }),

  spaces__list: async () => ({ required: {} }),
  spaces__get: async () => ({ required: { space_id: await space() } }),
  spaces__get_tree: async () => ({ required: { space_id: await space() } }),
  spaces__create: async () => ({
    required: { name: freshName("Created space") },
    optional: { description: "A space" },
    applied: async (args) => void (await named("/spaces", "spaces", args.name)),
  }),
  spaces__update: async () => ({
    required: { space_id: await space(), name: freshName("Renamed space") },
    optional: { description: "Now described" },
    applied: async (args) => expect((await get(`/spaces/${args.space_id}`)).name).toBe(args.name),
  }),
  spaces__delete: async () => ({ required: { space_id: await space() }, applied: (args) => gone(`/spaces/${args.space_id}`) }),
  spaces__set_overview: async () => {
    const { spaceId, reportId } = await filedReport();
    expect((await api("PUT", `/spaces/${spaceId}/overview`, { report_id: reportId })).status).toBe(200);
    return {
      required: { space_id: spaceId },
      optional: { report_id: null },
      applied: async (args) => expect((await get(`/spaces/${args.space_id}`)).overview_report_id ?? null).toBeNull(),
    };
  },
  spaces__list_subspaces: async () => ({ required: { space_id: await space() } }),
  spaces__create_subspace: async () => ({
    required: { space_id: await space(), name: freshName("Created sub") },
    applied: async (args) => void (await named(`/spaces/${args.space_id}/subspaces`, "subspaces", args.name)),
  }),
  spaces__update_subspace: async () => {
    const spaceId = await space();
    return {
      required: { space_id: spaceId, subspace_id: await subspace(spaceId), name: freshName("Renamed sub") },
      applied: async (args) => void (await named(`/spaces/${args.space_id}/subspaces`, "subspaces", args.name)),
    };
  },
  spaces__delete_subspace: async () => {
    const spaceId = await space();
    return {
      required: { space_id: spaceId, subspace_id: await subspace(spaceId) },
      applied: async (args) =>
        expect((await get(`/spaces/${args.space_id}/subspaces`)).subspaces.map((sub: { subspace_id: string }) => sub.subspace_id)).not.toContain(
          args.subspace_id,
        ),
    };
  },
  spaces__set_report_space: async () => {
    const { reportId } = await filedReport();
    return {
      required: { report_id: reportId },
      optional: { space_id: null, subspace_id: null },
      applied: async (args) => expect((await get(`/reports/${args.report_id}`)).space_id ?? null).toBeNull(),
    };
  },

  workflows__list: async () => ({ required: {} }),
  workflows__get: async () => ({ required: { workflow_id: await workflow() } }),
  workflows__create: async () => ({
    required: { name: freshName("Notify on critical CVEs"), stages },
    optional: workflowOptional,
    applied: async (args) => expect((await named("/workflows", "workflows", args.name)).stages).toHaveLength(2),
  }),
  workflows__update: async () => ({
    required: { workflow_id: await workflow(), name: freshName("Renamed workflow"), stages },
    optional: workflowOptional,
    applied: async (args) => expect(await get(`/workflows/${args.workflow_id}`)).toMatchObject({ name: args.name, current_version: 2 }),
  }),
  workflows__delete: async () => ({ required: { workflow_id: await workflow() }, applied: (args) => gone(`/workflows/${args.workflow_id}`) }),
  workflows__run: async () => ({ required: { workflow_id: await workflow() } }),
  workflows__list_versions: async () => ({ required: { workflow_id: await workflow() } }),
  workflows__get_version: async () => ({ required: { workflow_id: await workflow(), version: 1 } }),

  ...parentCalls("skillsets", "skillset_id", () => freshId("ss"), skillset),
  skillsets__list_skills: async () => ({ required: { skillset_id: await skillset() } }),
  skillsets__get_skill: async () => ({ required: await skill() }),
  skillsets__create_skill: async () => ({
    required: { skillset_id: await skillset(), skill_id: freshId("sk"), name: "Triage", template: "Triage {{cve}}." },
    optional: {
      description: "Triage a CVE",
      parameters: [{ name: "cve", type: "string", description: "The CVE id", required: true }],
      triggers: ["triage"],
      tools_required: ["graph__query"],
      enabled: true,
    },
    applied: async (args) => expect((await get(`/skillsets/${args.skillset_id}/skills/${args.skill_id}`)).template).toBe(args.template),
  }),
  skillsets__update_skill: async () => ({
    required: { ...(await skill()), name: "Renamed", template: "Say goodbye." },
    optional: { description: "Now described", parameters: [], triggers: [], tools_required: [], enabled: true, comment: null },
    applied: async (args) => expect((await get(`/skillsets/${args.skillset_id}/skills/${args.skill_id}`)).template).toBe("Say goodbye."),
  }),
  skillsets__delete_skill: async () => ({ required: await skill(), applied: (args) => gone(`/skillsets/${args.skillset_id}/skills/${args.skill_id}`) }),
  skillsets__render_skill: async () => ({ required: await skill(), optional: { arguments: {} } }),
  skillsets__list_skill_versions: async () => ({ required: await skill() }),
  skillsets__get_skill_version: async () => ({ required: { ...(await skill()), version: 1 } }),

  ...parentCalls("toolsets", "toolset_id", () => freshId("ts"), toolset),
  toolsets__list_tools: async () => ({ required: { toolset_id: await toolset() } }),
  toolsets__get_tool: async () => ({ required: await tool() }),
  toolsets__create_tool: async () => ({
    required: { toolset_id: await toolset(), tool_id: freshId("tool"), name: "Count", cypher: "MATCH (n) RETURN count(n) AS n" },
    optional: { description: "Counts nodes", parameters: toolParameters, enabled: true },
    applied: async (args) => expect((await get(`/toolsets/${args.toolset_id}/tools/${args.tool_id}`)).cypher).toBe(args.cypher),
  }),
  toolsets__update_tool: async () => ({
    required: { ...(await tool()), name: "Counted", cypher: "MATCH (n) RETURN count(n) AS n" },
    optional: { description: "Counts nodes", parameters: toolParameters, enabled: true, comment: null },
    applied: async (args) => expect((await get(`/toolsets/${args.toolset_id}/tools/${args.tool_id}`)).name).toBe("Counted"),
  }),
  toolsets__delete_tool: async () => ({ required: await tool(), applied: (args) => gone(`/toolsets/${args.toolset_id}/tools/${args.tool_id}`) }),
  toolsets__list_tool_versions: async () => ({ required: await tool() }),
  toolsets__get_tool_version: async () => ({ required: { ...(await tool()), version: 1 } }),
};

/** Calls a tool as upstream's client would: a write asking for approval is approved, and called again. */
async function callAsUpstream(name: string, args: Args, vars: Record<string, string> = {}) {
  const reply = await mcp("tools/call", { name, arguments: args }, vars);
  expect(reply.error, `${name} refused as a request: ${JSON.stringify(reply.error)}`).toBeUndefined();
  const asked = reply.result;
  if (!asked.structuredContent?.confirmation_required) return { gated: false, result: asked };
  expect((await api("POST", `/confirmations/${asked.structuredContent.confirmation.id}/approve`)).status).toBe(200);
  return { gated: true, result: await callTool(name, args, vars) };
}

async function expectApplied(name: string, variant: "required" | "all") {
  const prepare = calls[name];
  if (!prepare) throw new Error(`${name}: no upstream-style call written for it`);
  const call = await prepare();
  const args = variant === "all" ? { ...call.required, ...call.optional } : call.required;
  const { gated, result } = await callAsUpstream(name, args);
  expect(result.isError, `${name} ${JSON.stringify(args).slice(0, 300)}: ${JSON.stringify(result).slice(0, 600)}`).toBeFalsy();
  if (call.applied) {
    expect(gated, `${name} is a write: it asks for approval`).toBe(true);
    await call.applied(args);
  }
}

describe("upstream Seizu's built-in tools over MCP", () => {
  it("the fixture holds upstream's 95 built-ins, 89 of them over MCP, and every one has an upstream-style call here", () => {
    expect(fixtureTools).toHaveLength(95);
    expect(overMcp).toHaveLength(89);
    expect(Object.keys(calls).sort()).toEqual(overMcp.map((tool) => tool.name).sort());
  });

  it("lists none of upstream's chat-only sandbox tools", async () => {
    const listed = (await mcp("tools/list")).result.tools.map((tool: { name: string }) => tool.name);
    expect(chatOnly.map((tool) => tool.name)).toEqual(expect.arrayContaining(["sandbox__run_python", "sandbox__run_script"]));
    expect(listed.filter((name: string) => chatOnly.some((tool) => tool.name === name))).toEqual([]);
  });

  it.each(overMcp.map((tool) => [tool.name, tool] as const))(
    "%s: tools/list takes every upstream argument and requires none upstream leaves out",
    async (name, upstream) => {
      const listed = (await mcp("tools/list")).result.tools.find((tool: { name: string }) => tool.name === name);
      expect(listed, `${name} is listed`).toBeDefined();
      const schema = listed.inputSchema as { properties?: Record<string, { type?: string; anyOf?: { type?: string }[] }>; required?: string[] };
      expect(Object.keys(schema.properties ?? {}), name).toEqual(expect.arrayContaining(Object.keys(upstream.properties)));
      expect(
        (schema.required ?? []).filter((argument) => !upstream.required.includes(argument)),
        `${name} requires more than upstream`,
      ).toEqual([]);
      for (const [argument, shape] of Object.entries(upstream.properties)) {
        const ours = schema.properties?.[argument] ?? {};
        const types = ours.anyOf ? ours.anyOf.map((option) => option.type) : [ours.type];
        if (shape.nullable) expect(types, `${name}.${argument} takes null`).toContain("null");
        expect(types, `${name}.${argument} takes ${shape.type}`).toContain(shape.type);
      }
    },
  );

  it.each(overMcp.map((tool) => tool.name))("%s: an upstream-style call with the required arguments runs, and a write is applied once approved", (name) =>
    expectApplied(name, "required"),
  );

  it.each(overMcp.map((tool) => tool.name))(
    "%s: an upstream-style call with every argument (nullable ones null) runs, and a write is applied once approved",
    (name) => expectApplied(name, "all"),
  );
});

describe("plugins__install of an installed plugin, as upstream Seizu's install", () => {
  it("asks for approval, then publishes the package as the plugin's next revision", async () => {
    const plugin = await installPlugin();
    const args = { package_base64: base64(pluginZip({ id: plugin.id, version: "2.0.0" })), comment: "upgraded" };
    const asked = await callTool("plugins__install", args);
    expect(asked.structuredContent, JSON.stringify(asked)).toMatchObject({ confirmation_required: true });
    expect((await get(`/plugins/${plugin.id}`)).revision).toBe(1);
    const { result } = await callAsUpstream("plugins__install", args);
    expect(result.isError, JSON.stringify(result)).toBeFalsy();
    expect(await get(`/plugins/${plugin.id}`)).toMatchObject({ revision: 2, package_version: "2.0.0" });
    expect((await get(`/plugins/${plugin.id}/versions`)).versions[0]).toMatchObject({ revision: 2, comment: "upgraded" });
  });
});

describe("reports__create_version with upstream's report configs", () => {
  // A config's statements are planned together; on the shared 2-core test machine the largest
  // (github-security-overview, 13 statements) outlasts the default 10s EXPLAIN limit.
  const patientExplain = { NEO4J_EXPLAIN_TIMEOUT_SECONDS: "120" };

  it.each(Object.keys(upstreamReportConfigs))("takes the config upstream's seed sends for %s, unchanged", async (key) => {
    const reportId = await report();
    const config = upstreamReportConfigs[key as keyof typeof upstreamReportConfigs];
    const { result } = await callAsUpstream("reports__create_version", { report_id: reportId, config, comment: null }, patientExplain);
    expect(result.isError, JSON.stringify(result).slice(0, 600)).toBeFalsy();
    const saved = await get(`/reports/${reportId}`);
    expect((await get(`/reports/${reportId}/versions/${saved.current_version}`)).config).toMatchObject({ name: config.name, queries: config.queries });
  });
});

describe("scheduled_queries__create and workflows__create with the shapes upstream's docs show", () => {
  // docs/root/install/scheduled-queries.md: the seeding examples and the four schedule types.
  const documented: [string, Args][] = [
    [
      "frequency, a list-valued param and a slack action",
      {
        params: [{ name: "base_severity", value: ["HIGH", "CRITICAL"] }],
        frequency: 1440,
        enabled: true,
        actions: sqOptional.actions,
      },
    ],
    [
      "watch_scans without groupid and an sqs action",
      {
        watch_scans: [{ grouptype: "KubernetesCluster", syncedtype: "KubernetesCluster" }],
        enabled: true,
        actions: [{ action_type: "sqs", action_config: { sqs_queue: "k8s-image-scanner" } }],
      },
    ],
    ["an interval schedule", { schedule: { type: "interval", interval_minutes: 15 } }],
    ["an hourly schedule", { schedule: { type: "hourly", interval_hours: 4 } }],
    ["a daily schedule", { schedule: { type: "daily", days_of_week: [0, 1, 2, 3, 4], hour: 9, minute: 30 } }],
    ["a monthly schedule", { schedule: { type: "monthly", days_of_month: [1, 15, 31], hour: 6, minute: 15 } }],
    [
      "a schedule with every field, as upstream's get answers it",
      { schedule: { type: "interval", interval_minutes: 15, interval_hours: null, days_of_week: [], hour: 0, minute: 0, days_of_month: [] } },
    ],
  ];

  it.each(documented)("scheduled_queries__create takes %s", async (_shape, extra) => {
    const cypher = "params" in extra ? "MATCH (c:CVE) WHERE c.base_severity IN $base_severity RETURN c AS details" : "MATCH (c:CVE) RETURN c AS details";
    const args = { name: freshName("Documented sq"), cypher, ...extra };
    const { result } = await callAsUpstream("scheduled_queries__create", args);
    expect(result.isError, JSON.stringify(result).slice(0, 600)).toBeFalsy();
    const stored = await named("/scheduled-queries", "scheduled_queries", args.name);
    for (const key of Object.keys(extra)) expect(stored[key], key).toBeDefined();
  });

  it("workflows__create takes stages as upstream's get answers them: input null, every default", async () => {
    const args = {
      name: freshName("Read back"),
      stages: [
        { activities: [{ type: "query", input: null, output: "rows", parameters: { cypher: "RETURN {n: 1} AS details", parameters: [] } }] },
        { activities: [{ type: "log", input: "rows", output: "logged", parameters: { log_attrs: ["n"] } }] },
      ],
      schedule: null,
      watch_scans: [],
      enabled: true,
      trigger_workflows: [],
      comment: null,
    };
    const { result } = await callAsUpstream("workflows__create", args);
    expect(result.isError, JSON.stringify(result).slice(0, 600)).toBeFalsy();
    expect((await named("/workflows", "workflows", args.name)).stages).toHaveLength(2);
  });

  it("workflows__create takes docs/root/install/workflows.md's example, triggering an existing workflow", async () => {
    const triggered = await workflow();
    const args = {
      name: freshName("Notify on critical CVEs"),
      schedule: { type: "daily", days_of_week: [0, 1, 2, 3, 4], hour: 9, minute: 0 },
      enabled: true,
      trigger_workflows: [triggered],
      stages,
    };
    const { result } = await callAsUpstream("workflows__create", args);
    expect(result.isError, JSON.stringify(result).slice(0, 600)).toBeFalsy();
    expect(await named("/workflows", "workflows", args.name)).toMatchObject({ trigger_workflows: [triggered], schedule: { type: "daily", hour: 9 } });
  });
});

describe("nullable arguments given a value, as upstream's clients also send them", () => {
  const withValues: [string, () => Promise<Call>][] = [
    [
      "reports__create",
      async () => {
        const spaceId = await space();
        const subspaceId = await subspace(spaceId);
        return {
          required: { name: freshName("Filed at birth"), space_id: spaceId, subspace_id: subspaceId },
          applied: async (args) => expect(await named("/reports", "reports", args.name)).toMatchObject({ space_id: spaceId, subspace_id: subspaceId }),
        };
      },
    ],
    [
      "reports__clone",
      async () => {
        const spaceId = await space();
        return {
          required: { report_id: await report("public"), name: freshName("Filed clone"), space_id: spaceId, subspace_id: null },
          applied: async (args) => expect(await named("/reports", "reports", args.name)).toMatchObject({ space_id: spaceId }),
        };
      },
    ],
    [
      "reports__update_visibility",
      async () => ({
        required: { report_id: await report(), access: { scope: "public" } },
        applied: async (args) => expect((await get(`/reports/${args.report_id}`)).access).toMatchObject({ scope: "public" }),
      }),
    ],
    [
      "spaces__set_overview",
      async () => {
        const { spaceId, reportId } = await filedReport();
        return {
          required: { space_id: spaceId, report_id: reportId },
          applied: async (args) => expect((await get(`/spaces/${args.space_id}`)).overview_report_id).toBe(reportId),
        };
      },
    ],
    [
      "spaces__set_report_space",
      async () => {
        const spaceId = await space();
        const subspaceId = await subspace(spaceId);
        return {
          required: { report_id: await report("public"), space_id: spaceId, subspace_id: subspaceId },
          applied: async (args) => expect(await get(`/reports/${args.report_id}`)).toMatchObject({ space_id: spaceId, subspace_id: subspaceId }),
        };
      },
    ],
    [
      "reports__create_version",
      async () => ({
        required: { report_id: await report(), config: upstreamReportConfigs.cves, comment: "Updated from YAML dashboard config" },
        applied: async (args) => expect((await get(`/reports/${args.report_id}/versions`)).versions[0].comment).toBe(args.comment),
      }),
    ],
  ];

  it.each(withValues)("%s", async (name, prepare) => {
    const call = await prepare();
    const { gated, result } = await callAsUpstream(name, call.required);
    expect(result.isError, `${name}: ${JSON.stringify(result).slice(0, 600)}`).toBeFalsy();
    expect(gated).toBe(true);
    await call.applied?.(call.required);
  });
});
