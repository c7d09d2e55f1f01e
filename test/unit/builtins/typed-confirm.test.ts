// Typed-confirm (`confirmed_action`, seed 003) over a definition built here: no shipped
// definition uses it, so the tools are served from this one through the real MCP server.
import { createMcpHandler } from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import { OPERATIONS } from "../../../worker/operations";
import { LOCAL_ADMIN, type Principal } from "../../../worker/auth/principal";
import { parseDefinitionFile } from "../../../worker/builtins/load-definitions";
import type { BuiltinTool } from "../../../worker/builtins/builtin-tool";
import { signedStateCodec } from "../../../worker/confirmations/signed-state";
import { builtinToolSource } from "../../../worker/mcp/builtin-tools";
import { parseFilters } from "../../../worker/mcp/filters";
import { buildMcpServer } from "../../../worker/mcp/server";
import { api } from "../../support/api";
import { builtinContext } from "../../support/builtin-context";
import { mcpRequest } from "../../support/mcp-request";
import { createToolset } from "../../support/toolsets";

const definitions = parseDefinitionFile(
  "test/toolsets.yaml",
  `category: Toolsets
feature: toolsets
tools:
  delete:
    operation: toolsets_delete
    enabled: true
    scopes: [toolsets:delete]
    annotations: { readOnly: false, destructive: true, idempotent: true }
    confirmed_action:
      message: "About to delete toolset {toolset_id}. Reply 'confirm' to proceed."
      action_label: Delete toolset
`,
);
const typedDelete: BuiltinTool = {
  name: "toolsets__delete",
  group: "toolsets",
  definition: definitions.tools.delete!,
  operation: OPERATIONS.find((operation) => operation.operationId === "toolsets_delete")!,
};

/** One MCP request to a server whose only built-in is the typed-confirm delete, as `principal`. */
async function mcp(method: string, params: Record<string, unknown>, principal: Principal = LOCAL_ADMIN) {
  const request = mcpRequest(method, params);
  const context = builtinContext(request, principal);
  const source = builtinToolSource(context, [typedDelete]);
  const server = buildMcpServer([source], parseFilters(request.url), principal, { verifyRequestState: signedStateCodec(context.config, principal).verify });
  const response = await createMcpHandler(() => server).fetch(request);
  return ((await response.json()) as { result: any }).result;
}

const call = (name: string, args: Record<string, unknown>, principal?: Principal) => mcp("tools/call", { name, arguments: args }, principal);
const exists = async (id: string) => (await api("GET", `/toolsets/${id}`)).status === 200;

describe("typed-confirm definitions (confirmed_action)", () => {
  it("become a _prepare and an _execute tool", async () => {
    const { tools } = await mcp("tools/list", {});
    expect(tools.map((tool: { name: string }) => tool.name)).toEqual(["toolsets__delete_prepare", "toolsets__delete_execute"]);
  });

  it("run _execute only after the person approves on the confirmation page, with the prepared arguments", async () => {
    const { id } = await createToolset();
    const prepared = (await call("toolsets__delete_prepare", { toolset_id: id })).structuredContent;
    expect(prepared.message).toBe(`About to delete toolset ${id}. Reply 'confirm' to proceed.`);
    const execute = { hash: prepared.hash, confirmation: "confirm" };

    const asked = await call("toolsets__delete_execute", execute);
    expect(asked.structuredContent).toMatchObject({
      confirmation_required: true,
      confirmation: { status: "pending", tool: "toolsets__delete_execute", target: `/toolsets/${id}`, arguments: { toolset_id: id } },
    });
    expect(await exists(id)).toBe(true);

    expect((await api("POST", `/confirmations/${asked.structuredContent.confirmation.id}/approve`)).status).toBe(200);
    const ran = await call("toolsets__delete_execute", execute);
    expect(ran.isError).toBeFalsy();
    expect(await exists(id)).toBe(false);
  });

  it("use a hash once: after the action ran, the same hash is refused", async () => {
    const { id } = await createToolset();
    const { hash } = (await call("toolsets__delete_prepare", { toolset_id: id })).structuredContent;
    const asked = await call("toolsets__delete_execute", { hash, confirmation: "confirm" });
    await api("POST", `/confirmations/${asked.structuredContent.confirmation.id}/approve`);
    await call("toolsets__delete_execute", { hash, confirmation: "confirm" });
    const replayed = await call("toolsets__delete_execute", { hash, confirmation: "confirm" });
    expect(replayed).toMatchObject({ isError: true, content: [{ text: expect.stringContaining("hash: has already been used") }] });
  });

  it("refuse a hash in another session or for another user, and any word but confirm", async () => {
    const { id } = await createToolset();
    const { hash } = (await call("toolsets__delete_prepare", { toolset_id: id })).structuredContent;
    for (const thief of [
      { ...LOCAL_ADMIN, tokenDigest: "another-session" },
      { ...LOCAL_ADMIN, subject: "someone-else" },
    ]) {
      const moved = await call("toolsets__delete_execute", { hash, confirmation: "confirm" }, thief);
      expect(moved).toMatchObject({ isError: true, content: [{ text: expect.stringContaining("hash: is not a valid confirmation for you in this session") }] });
    }
    const wrongWord = await call("toolsets__delete_execute", { hash, confirmation: "yes" });
    expect(wrongWord).toMatchObject({ isError: true, content: [{ text: expect.stringContaining('confirmation: must be the literal word "confirm"') }] });
    expect(await exists(id)).toBe(true);
  });
});
