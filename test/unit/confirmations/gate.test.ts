// The confirmation gate as MCP clients meet it without elicitation (2025 revisions, clients
// that cannot do the mode): what a pending or declined action says, what an approval names,
// and the person's own view of their approvals. Each test is its own MCP client (clientInfo),
// hence its own confirmation session: without sign-in the session is the client.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { enabledBuiltinTools } from "../../../worker/builtins/registry";
import { requiresConfirmation } from "../../../worker/builtins/tool-shape";
import { createApp } from "../../../worker/app";
import { api } from "../../support/api";
import { mcpRequest } from "../../support/mcp-request";
import { freshId } from "../../support/toolsets";
import { freshName, queryThenLog } from "../../support/workflows";

const app = createApp();
let clients = 0;

/** A fresh MCP client: each call it makes carries its clientInfo, as 2026-07-28 requests do. */
function client(headers: Record<string, string> = {}, clientInfo = { name: `gate-test-${++clients}`, version: "1.0.0" }) {
  return async (name: string, args: Record<string, unknown>) => {
    const request = mcpRequest("tools/call", { name, arguments: args });
    const body = JSON.parse(await request.text());
    body.params._meta["io.modelcontextprotocol/clientInfo"] = clientInfo;
    const response = await app.fetch(
      new Request(request, { body: JSON.stringify(body), headers: { ...Object.fromEntries(request.headers), ...headers } }),
      env,
    );
    return ((await response.json()) as { result: any }).result;
  };
}

const confirmations = async () => (await api("GET", "/confirmations")).body as { confirmations: any[]; sessions: any[] };

describe("what an approval names", () => {
  it("names the workflow a run would start, not its id and path", async () => {
    const name = freshName("Nightly CVEs");
    const created = await api("POST", "/workflows", { name, stages: queryThenLog(), enabled: false });
    expect(created.status).toBe(201);
    const id = created.body.workflow_id;
    const asked = await client()("workflows__run", { workflow_id: id });
    expect(asked.structuredContent.confirmation).toMatchObject({
      title: "Run a workflow now",
      target_name: `workflow "${name}"`,
      target: `/workflows/${id}/run`,
    });
    expect(asked.content[0].text).toContain(`"Run a workflow now" on workflow "${name}"`);
    expect(asked.content[0].text).not.toContain(`/workflows/${id}/run`);
  });

  it("names a tool by its toolset/tool", async () => {
    const toolset = freshId("named");
    expect((await api("POST", "/toolsets", { id: toolset, name: "Named" })).status).toBe(201);
    expect((await api("POST", `/toolsets/${toolset}/tools`, { id: "count", name: "Count nodes", cypher: "MATCH (n) RETURN count(n) AS n" })).status).toBe(201);
    const asked = await client()("toolsets__delete_tool", { toolset_id: toolset, tool_id: "count" });
    expect(asked.structuredContent.confirmation.target_name).toBe(`tool ${toolset}/count ("Count nodes")`);
    expect(asked.content[0].text).toContain(`"Delete a tool" on tool ${toolset}/count ("Count nodes")`);
  });

  it("refuses to ask about deleting a tool that does not exist: it says so and creates no confirmation", async () => {
    const toolset = freshId("missing");
    expect((await api("POST", "/toolsets", { id: toolset, name: "Has no such tool" })).status).toBe(201);
    const before = (await confirmations()).confirmations.length;
    const result = await client()("toolsets__delete_tool", { toolset_id: toolset, tool_id: "ghost" });
    expect(result).toMatchObject({ isError: true, content: [{ text: `tool ${toolset}/ghost does not exist` }] });
    expect(result.structuredContent?.confirmation).toBeUndefined();
    expect((await confirmations()).confirmations.length).toBe(before);
  });

  it("refuses to ask about creating what already exists", async () => {
    const toolset = freshId("taken");
    expect((await api("POST", "/toolsets", { id: toolset, name: "Taken" })).status).toBe(201);
    const result = await client()("toolsets__create", { toolset_id: toolset, name: "Again" });
    expect(result).toMatchObject({ isError: true, content: [{ text: `toolset ${toolset} already exists` }] });
  });

  it("refuses to ask about running a workflow that does not exist", async () => {
    const result = await client()("workflows__run", { workflow_id: "no-such-workflow" });
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toContain("no-such-workflow");
    expect(result.structuredContent?.confirmation).toBeUndefined();
  });

  it("shows long text arguments cut, with their length and digest, while the approval stays bound to the whole", async () => {
    const toolset = freshId("long");
    const description = "d".repeat(3_000);
    const ask = client();
    const asked = await ask("toolsets__create", { toolset_id: toolset, name: "Long", description });
    const shown = asked.structuredContent.confirmation.arguments.description as string;
    expect(shown).toMatch(/^d{120}… \[3000 characters in all, SHA-256 [0-9a-f]{16}…\]$/);
    expect(JSON.stringify(asked).length).toBeLessThan(3_000);
    const listed = (await confirmations()).confirmations.find((entry) => entry.id === asked.structuredContent.confirmation.id);
    expect(listed.arguments.description).toBe(shown);
    // The same call with other text is another action, however alike they are shown.
    const other = await ask("toolsets__create", { toolset_id: toolset, name: "Long", description: `${description.slice(1)}e` });
    expect(other.structuredContent.confirmation.id).not.toBe(asked.structuredContent.confirmation.id);
  });

  it("has every gated built-in's operation declare how its target is named and looked up", () => {
    const undeclared = enabledBuiltinTools("all")
      .filter((tool) => requiresConfirmation(tool) && !tool.operation.target)
      .map((tool) => tool.name);
    expect(undeclared).toEqual([]);
  });
});

describe("a pending confirmation, and a declined one, as content", () => {
  it("marks a pending approval as not done for clients that read only isError", async () => {
    const asked = await client()("toolsets__create", { toolset_id: freshId("pending"), name: "Pending" });
    expect(asked.isError).toBe(true);
    expect(asked.content[0].text).toMatch(/^Not done: /);
    expect(asked.structuredContent).toMatchObject({ confirmation_required: true, confirmation: { status: "pending" } });
  });

  it("tells the next identical call who declined it on the page and when, before any retry prompt", async () => {
    const call = client();
    const args = { toolset_id: freshId("declined"), name: "Declined" };
    const first = (await call("toolsets__create", args)).structuredContent.confirmation;
    const denied = (await api("POST", `/confirmations/${first.id}/deny`)).body;
    const told = await call("toolsets__create", args);
    expect(told.isError).toBe(true);
    expect(told.structuredContent).toMatchObject({
      block_reason: "confirmation_denied",
      retries_left: 1,
      confirmation: { id: first.id, status: "denied", decided_by: "local-admin", decided_via: "url", decided_at: denied.decided_at },
    });
    expect(told.content[0].text).toContain(
      `Declined: local-admin declined "Create a toolset" on new toolset ${args.toolset_id} ("Declined") on the confirmation page at ${denied.decided_at}`,
    );
    expect(told.content[0].text).not.toContain("Ask the user to open");
    const retry = await call("toolsets__create", args);
    expect(retry.structuredContent.confirmation.id).not.toBe(first.id);
    expect(retry.content[0].text).toContain(`Asked again: it was declined at ${denied.decided_at}`);
    expect((await api("GET", `/toolsets/${args.toolset_id}`)).status).toBe(404);
  });
});

describe("a person's view of their approvals", () => {
  it("lists the caller's confirmations, pending first, with tool, target, arguments, expiry and decision", async () => {
    const call = client();
    const decided = (await call("toolsets__create", { toolset_id: freshId("listed"), name: "Decided" })).structuredContent.confirmation;
    await api("POST", `/confirmations/${decided.id}/deny`);
    const args = { toolset_id: freshId("listed"), name: "Waiting" };
    const pending = (await call("toolsets__create", args)).structuredContent.confirmation;
    const listed = (await api("GET", "/confirmations")).body.confirmations;
    const pendingAt = listed.findIndex((entry: { id: string }) => entry.id === pending.id);
    const decidedAt = listed.findIndex((entry: { id: string }) => entry.id === decided.id);
    expect(pendingAt).toBeGreaterThanOrEqual(0);
    expect(decidedAt).toBeGreaterThan(pendingAt);
    expect(listed.slice(0, pendingAt).every((entry: { status: string }) => entry.status === "pending")).toBe(true);
    expect(listed[pendingAt]).toMatchObject({
      tool: "toolsets__create",
      target_name: `new toolset ${args.toolset_id} ("Waiting")`,
      arguments: args,
      expires_at: pending.expires_at,
      client: expect.stringMatching(/^gate-test-\d+ 1\.0\.0$/),
    });
    expect(listed[decidedAt]).toMatchObject({ status: "denied", decided_by: "local-admin", decided_via: "url" });
  });

  it("lets the person clear a blocked session's denials, after which that session is asked again", async () => {
    const call = client();
    for (let i = 0; i < 5; i++) {
      const asked = (await call("toolsets__create", { toolset_id: freshId("blocked"), name: `Denied ${i}` })).structuredContent.confirmation;
      await api("POST", `/confirmations/${asked.id}/deny`);
    }
    const blocked = await call("toolsets__create", { toolset_id: freshId("blocked"), name: "Blocked" });
    expect(blocked.structuredContent).toMatchObject({ block_reason: "confirmation_denial_limit", denials: 5 });
    const session = blocked.structuredContent.session;
    expect((await confirmations()).sessions).toContainEqual({ session, client: expect.any(String), denials: 5, limit: 5, blocked: true });
    const cleared = await api("DELETE", `/confirmations/sessions/${session}/denials`);
    expect(cleared).toMatchObject({ status: 200, body: { session, cleared: 5 } });
    const asked = await call("toolsets__create", { toolset_id: freshId("blocked"), name: "Asked again" });
    expect(asked.structuredContent).toMatchObject({ confirmation_required: true });
    expect((await confirmations()).sessions.some((entry: { session: string }) => entry.session === session)).toBe(false);
  });

  it("keeps one MCP client's declines from blocking another's when nobody signs in", async () => {
    const [tester, other] = [client(), client()];
    for (let i = 0; i < 5; i++) {
      const asked = (await tester("toolsets__create", { toolset_id: freshId("tester"), name: `Denied ${i}` })).structuredContent.confirmation;
      await api("POST", `/confirmations/${asked.id}/deny`);
    }
    expect((await tester("toolsets__create", { toolset_id: freshId("tester"), name: "Blocked" })).structuredContent.block_reason).toBe(
      "confirmation_denial_limit",
    );
    expect((await other("toolsets__create", { toolset_id: freshId("other"), name: "Still asked" })).structuredContent.confirmation_required).toBe(true);
  });

  it("keys an unsigned client's session by the Authorization header it sends, when it sends one", async () => {
    const sameClient = { name: `gate-test-${++clients}`, version: "1.0.0" };
    const [first, second] = [client({ authorization: "Bearer tester-1" }, sameClient), client({ authorization: "Bearer tester-2" }, sameClient)];
    const args = { toolset_id: freshId("header"), name: "Per header" };
    const a = (await first("toolsets__create", args)).structuredContent.confirmation;
    const b = (await second("toolsets__create", args)).structuredContent.confirmation;
    expect(a.session).not.toBe(b.session);
    expect(a.id).not.toBe(b.id);
  });
});
