// Every change of a confirmation is one event, delivered through the real queue: created,
// approved, denied (with who decided and through which path), cancelled, and expired (once,
// when the ledger's alarm deletes it). A decision that changes nothing records nothing, so a
// replayed approval of a denied action never becomes an 'approved' event.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../../worker/app";
import { api } from "../../support/api";
import { mcpRequest } from "../../support/mcp-request";
import { freshId } from "../../support/toolsets";
import { queueDrains } from "../../support/audit-queue";
import { arrived, storedEvents, type StoredEvent } from "./stored-events";

const app = createApp();
let clients = 0;

interface Call {
  inputResponses?: Record<string, unknown>;
  requestState?: string;
}

/** An MCP client of its own (its own confirmation session) calling toolsets__create under `vars`. */
function client(vars: Record<string, string>) {
  const clientInfo = { name: `audit-confirmations-${++clients}`, version: "1.0.0" };
  const toolset = freshId("confirmed");
  const call = async (call: Call = {}) => {
    const request = mcpRequest("tools/call", { name: "toolsets__create", arguments: { toolset_id: toolset, name: "Confirmed" }, ...call });
    const body = JSON.parse(await request.text());
    body.params._meta["io.modelcontextprotocol/clientInfo"] = clientInfo;
    body.params._meta["io.modelcontextprotocol/clientCapabilities"] = { elicitation: { form: {}, url: {} } };
    const ctx = createExecutionContext();
    const response = await app.fetch(new Request(request, { body: JSON.stringify(body) }), { ...env, ...vars }, ctx);
    await waitOnExecutionContext(ctx);
    return ((await response.json()) as { result: any }).result;
  };
  return Object.assign(call, { clientName: clientInfo.name });
}

const form = { MCP_CONFIRMATION_ELICITATION_MODE: "form" };
const page = { MCP_CONFIRMATION_ELICITATION_MODE: "url" };

/** The newest confirmation the client of `clientName` was asked (the owner's list names each one's client). */
async function confirmationOf(clientName: string): Promise<string> {
  const { confirmations } = (await api("GET", "/confirmations")).body as { confirmations: { id: string; client: string; created_at: string }[] };
  const asked = confirmations.filter((confirmation) => confirmation.client === `${clientName} 1.0.0`);
  expect(asked.length).toBeGreaterThan(0);
  return asked[0]!.id;
}

const changesOf = (id: string, action: string) => storedEvents("kind = 'confirmation' AND resource_id = ? AND action = ?", id, action);
const eventOf = async (id: string, action: string): Promise<StoredEvent> =>
  (await arrived(1, "kind = 'confirmation' AND resource_id = ? AND action = ?", id, action))[0]!;
const detailOf = (event: StoredEvent) => JSON.parse(event.detail) as Record<string, unknown>;

describe("a confirmation", () => {
  it("asked for is recorded as created, with the tool, the requester and how it is asked", async () => {
    const call = client(form);
    await call();
    const id = await confirmationOf(call.clientName);
    const event = await eventOf(id, "created");
    expect(event).toMatchObject({ via: "mcp", principal_subject: "local-admin", target: "toolsets__create", resource_type: "confirmation", outcome: "ok" });
    expect(detailOf(event)).toMatchObject({
      confirmation_id: id,
      tool: "toolsets__create",
      action: "Create a toolset",
      path: "form",
      mode: "form",
      typed: false,
      decided_by: null,
    });
  });

  it("approved in the client's form is recorded as approved, decided by the caller through the form", async () => {
    const call = client(form);
    const first = await call();
    const id = await confirmationOf(call.clientName);
    const approved = await call({ inputResponses: { approval: { action: "accept", content: { approve: true } } }, requestState: first.requestState });
    expect(approved.isError).toBeUndefined();
    expect(detailOf(await eventOf(id, "approved"))).toMatchObject({ decided_by: "local-admin", path: "form", tool: "toolsets__create" });
  });

  it("denied in the form records who denied it, and a replayed approval of it records no approval", async () => {
    const call = client(form);
    const first = await call();
    const id = await confirmationOf(call.clientName);
    await call({ inputResponses: { approval: { action: "decline" } }, requestState: first.requestState });
    const denied = await eventOf(id, "denied");
    expect(denied).toMatchObject({ principal_subject: "local-admin", via: "mcp" });
    expect(detailOf(denied)).toMatchObject({ decided_by: "local-admin", path: "form" });
    const replay = await call({ inputResponses: { approval: { action: "accept", content: { approve: true } } }, requestState: first.requestState });
    expect(replay.isError).toBe(true);
    await queueDrains();
    expect(await changesOf(id, "approved")).toEqual([]);
    expect(await changesOf(id, "denied")).toHaveLength(1);
  });

  it("approved on the confirmation page is recorded as approved through the url path, via rest", async () => {
    const call = client(page);
    await call();
    const id = await confirmationOf(call.clientName);
    expect((await api("POST", `/confirmations/${id}/approve`)).status).toBe(200);
    const event = await eventOf(id, "approved");
    expect(event.via).toBe("rest");
    expect(detailOf(event)).toMatchObject({ decided_by: "local-admin", path: "url", mode: "url" });
    // Approving it again changes nothing and records nothing.
    expect((await api("POST", `/confirmations/${id}/approve`)).status).toBe(200);
    await queueDrains();
    expect(await changesOf(id, "approved")).toHaveLength(1);
  });

  it("cancelled in the client is recorded as cancelled", async () => {
    const call = client(form);
    const first = await call();
    const id = await confirmationOf(call.clientName);
    const cancelled = await call({ inputResponses: { approval: { action: "cancel" } }, requestState: first.requestState });
    expect(cancelled.structuredContent.block_reason).toBe("confirmation_cancelled");
    expect(detailOf(await eventOf(id, "cancelled"))).toMatchObject({ confirmation_id: id, tool: "toolsets__create", path: "form" });
  });

  it("left undecided is recorded as expired once, when the ledger deletes it, as the requester's", async () => {
    const call = client({ ...form, ACTION_CONFIRMATION_TTL_SECONDS: "1" });
    await call();
    const id = await confirmationOf(call.clientName);
    // The ledger's alarm fires at the expiry and deletes the record.
    const [expired] = await arrived(1, "kind = 'confirmation' AND resource_id = ? AND action = 'expired'", id);
    expect(expired).toMatchObject({ principal_subject: "local-admin", via: "mcp" });
    expect(detailOf(expired!)).toMatchObject({ decided_by: null, tool: "toolsets__create" });
    await queueDrains();
    expect(await changesOf(id, "expired")).toHaveLength(1);
  });

  it("denied and then expired records no expiry: the denial was its end", async () => {
    const call = client({ ...form, ACTION_CONFIRMATION_TTL_SECONDS: "2" });
    const expiry = Date.now() + 2_000;
    const first = await call();
    const id = await confirmationOf(call.clientName);
    await call({ inputResponses: { approval: { action: "decline" } }, requestState: first.requestState });
    await eventOf(id, "denied");
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiry - Date.now())));
    await queueDrains();
    expect(await changesOf(id, "expired")).toEqual([]);
  });
});
