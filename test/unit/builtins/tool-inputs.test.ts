// Hand-written tool input schemas (seed 003's `input_schema`): the shipped WorkflowStages, which
// workflows__create and __update show for `stages`, and a whole input, through a definition and
// a schema made here (no shipped definition names a whole input), served by the real MCP server.
// A named schema describes; the operation's own schemas still parse every call.
import { env } from "cloudflare:workers";
import { createMcpHandler } from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createApp } from "../../../worker/app";
import { LOCAL_ADMIN } from "../../../worker/auth/principal";
import { parseDefinitionFiles, toolsOf } from "../../../worker/builtins/registry";
import { TOOL_INPUTS } from "../../../worker/builtins/tool-inputs";
import { builtinToolSource } from "../../../worker/mcp/builtin-tools";
import { parseFilters } from "../../../worker/mcp/filters";
import { buildMcpServer } from "../../../worker/mcp/server";
import { OPERATIONS } from "../../../worker/operations";
import { activityTypeViews } from "../../../worker/workflows/activities/registry";
import { api } from "../../support/api";
import { builtinContext } from "../../support/builtin-context";
import { mcpRequest } from "../../support/mcp-request";
import { freshName } from "../../support/workflows";

const app = createApp();

async function mcp(method: string, params: Record<string, unknown> = {}) {
  const response = await app.fetch(mcpRequest(method, params), env);
  const reply = (await response.json()) as { result?: any; error?: unknown };
  expect(reply.error).toBeUndefined();
  return reply.result;
}

/** A write asks for approval first; a person approves on REST, then the same call runs. */
async function approvedCall(name: string, args: Record<string, unknown>) {
  const asked = await mcp("tools/call", { name, arguments: args });
  if (!asked.structuredContent?.confirmation_required) return asked;
  await api("POST", `/confirmations/${asked.structuredContent.confirmation.id}/approve`);
  return mcp("tools/call", { name, arguments: args });
}

const stagesExample = (TOOL_INPUTS.WorkflowStages!.meta()!.examples as unknown[])[0] as Record<string, unknown>[];

describe("WorkflowStages, the stages of workflows__create and workflows__update", () => {
  it.each(["workflows__create", "workflows__update"])("%s shows each activity type with its own parameters, and an example", async (name) => {
    const { tools } = await mcp("tools/list");
    const stages = tools.find((tool: { name: string }) => tool.name === name).inputSchema.properties.stages;
    const variants = stages.items.properties.activities.items.oneOf as { properties: Record<string, any>; required: string[] }[];
    expect(variants.map((variant) => variant.properties.type.const)).toEqual(activityTypeViews().map((view) => view.type));
    const query = variants.find((variant) => variant.properties.type.const === "query")!;
    expect(query.required).not.toContain("input");
    expect(query.properties.parameters.required).toEqual(["cypher"]);
    expect(query.properties.parameters.properties.cypher.description).toContain("read-only query");
    const log = variants.find((variant) => variant.properties.type.const === "log")!;
    expect(log.required).toContain("input");
    expect(Object.keys(log.properties.parameters.properties)).toContain("log_attrs");
    expect(stages.examples).toEqual([stagesExample]);
  });

  it("shows an example the operation saves, its service's checks included: workflows__create, then __update", async () => {
    const created = await approvedCall("workflows__create", { name: freshName("Stages"), stages: stagesExample, enabled: false });
    expect(created.isError, JSON.stringify(created.structuredContent)).toBeFalsy();
    const id = created.structuredContent.workflow_id as string;
    expect((await api("GET", `/workflows/${id}`)).body.stages).toMatchObject(stagesExample);
    const updated = await approvedCall("workflows__update", { workflow_id: id, name: freshName("Stages"), stages: stagesExample, enabled: false });
    expect(updated.structuredContent.current_version).toBe(2);
  });

  it("leaves the call to the operation's schemas: an activity type it does not show, or one without its Cypher, is refused by field", async () => {
    const name = freshName("Refused");
    const stages = [
      {
        activities: [
          { type: "shell", output: "ran", parameters: { command: "rm -rf /" } },
          { type: "query", output: "rows", parameters: {} },
        ],
      },
    ];
    const refused = await approvedCall("workflows__create", { name, stages });
    expect(refused.isError).toBe(true);
    expect(refused.content[0].text).toContain("stages.0.activities.0.type: 'shell' is not an activity type");
    expect(refused.content[0].text).toContain("stages.0.activities.1.parameters.cypher: is required");
    const { workflows } = (await api("GET", "/workflows")).body as { workflows: { name: string }[] };
    expect(workflows.some((workflow) => workflow.name === name)).toBe(false);
  });
});

describe("a whole input_schema", () => {
  const SpaceCreate = z
    .strictObject({
      name: z.string().describe("What people call the space; unique among spaces"),
      description: z.string().optional().describe("What the space holds"),
    })
    .meta({ examples: [{ name: "Operations" }] });
  const definition = (schema: string) => `category: Spaces
feature: spaces
tools:
  create:
    operation: spaces_create
    enabled: true
    scopes: [spaces:write]
    annotations: { readOnly: false, destructive: false, idempotent: false }
    requires_confirmation: false
    input_schema: ${schema}
`;
  const load = (catalogue: Record<string, z.ZodType>, schema: string) => {
    const files = parseDefinitionFiles({ spaces: definition(schema) }, OPERATIONS, catalogue);
    return toolsOf(files, OPERATIONS, catalogue);
  };

  /** One MCP request to a server whose only built-in is spaces__create with the hand-written input. */
  async function served(method: string, params: Record<string, unknown>) {
    const request = mcpRequest(method, params);
    const source = builtinToolSource(builtinContext(request), load({ SpaceCreate }, "SpaceCreate"));
    const server = buildMcpServer([source], parseFilters(request.url), LOCAL_ADMIN);
    return ((await (await createMcpHandler(() => server).fetch(request)).json()) as { result: any }).result;
  }

  it("is the tool's input as MCP clients see it", async () => {
    const { tools } = await served("tools/list", {});
    expect(tools[0].inputSchema).toEqual({
      type: "object",
      properties: {
        name: { type: "string", description: "What people call the space; unique among spaces" },
        description: { type: "string", description: "What the space holds" },
      },
      required: ["name"],
      additionalProperties: false,
    });
  });

  it("still has each call parsed by the operation's own schema: a blank name it would take is refused", async () => {
    const blank = await served("tools/call", { name: "spaces__create", arguments: { name: "   " } });
    expect(blank).toMatchObject({ isError: true, content: [{ text: expect.stringContaining("name: must not be blank") }] });
    const name = freshName("Whole");
    const created = await served("tools/call", { name: "spaces__create", arguments: { name } });
    expect(created.structuredContent).toMatchObject({ name, description: "" });
    expect((await api("GET", `/spaces/${created.structuredContent.space_id}`)).body.name).toBe(name);
  });

  it("is refused at load when it names an argument the operation does not take, or leaves out one it requires", () => {
    const SpaceTitled = z.strictObject({ title: z.string() }).meta({ examples: [{ title: "Operations" }] });
    expect(() => load({ SpaceTitled }, "SpaceTitled")).toThrow(
      "definitions/spaces.yaml:10: tools.create.input_schema: SpaceTitled's argument title is not a field of spaces_create (fields: name, description)\n" +
        "definitions/spaces.yaml:10: tools.create.input_schema: SpaceTitled leaves out name, which spaces_create requires",
    );
  });

  it("is refused at load without examples, or with one the operation's schema refuses", () => {
    const Unexampled = z.strictObject({ name: z.string() });
    expect(() => load({ Unexampled }, "Unexampled")).toThrow(
      "definitions/spaces.yaml:10: tools.create.input_schema: Unexampled has no examples to check against spaces_create's own schema",
    );
    const BadExample = z.strictObject({ name: z.string() }).meta({ examples: [{ name: " " }] });
    expect(() => load({ BadExample }, "BadExample")).toThrow(
      "definitions/spaces.yaml:10: tools.create.input_schema: BadExample's example 1 is refused by spaces_create's own schema: name: must not be blank",
    );
  });
});
