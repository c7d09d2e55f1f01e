// An edge caller's actions that need a person's approval ask the person who connected the app:
// the confirmation and its decision are that person's, recorded under their subject. Its session
// is the grant's, so an answer given after the client refreshed its token still counts, while the
// same answer carried over to another grant (another connected app) does not.
import { describe, expect, it } from "vitest";
import { api } from "../../support/api";
import { callWorker, connect, edgeEnv, exchangeCode, RESOURCE, refreshRequest, type Tokens } from "../../support/edge-oauth";
import { mcpRequest } from "../../support/mcp-request";
import { freshId } from "../../support/toolsets";
import { arrived } from "../audit/stored-events";

const workerEnv = edgeEnv({ MCP_CONFIRMATION_ELICITATION_MODE: "form" });

interface Answer {
  inputResponses: Record<string, unknown>;
  requestState: string;
}

/** toolsets__create as an MCP client that can show a form, with this access token: the JSON-RPC reply. */
async function callCreate(token: string, toolset: string, answer?: Answer): Promise<{ result?: any; error?: { code: number; data?: unknown } }> {
  const request = mcpRequest("tools/call", { name: "toolsets__create", arguments: { toolset_id: toolset, name: "Edge confirmed" }, ...answer }, RESOURCE);
  const body = JSON.parse(await request.text());
  body.params._meta["io.modelcontextprotocol/clientInfo"] = { name: "edge-confirmations", version: "1.0.0" };
  body.params._meta["io.modelcontextprotocol/clientCapabilities"] = { elicitation: { form: {} } };
  const call = new Request(request, { body: JSON.stringify(body) });
  call.headers.set("authorization", `Bearer ${token}`);
  call.headers.delete("host");
  const response = await callWorker(call, workerEnv);
  expect(response.status).toBe(200);
  return response.json();
}

const createToolset = async (token: string, toolset: string, answer?: Answer) => (await callCreate(token, toolset, answer)).result;

const approve = (requestState: string): Answer => ({ inputResponses: { approval: { action: "accept", content: { approve: true } } }, requestState });

async function refreshed(clientId: string, tokens: Tokens): Promise<Tokens> {
  const response = await refreshRequest(workerEnv, clientId, tokens.refresh_token);
  expect(response.status).toBe(200);
  return (await response.json()) as Tokens;
}

describe("a confirmation asked of an edge caller", () => {
  it("is the signed-in person's, approved and recorded under their subject, across a token refresh", async () => {
    const connection = await connect(workerEnv, { login: "ada" });
    const tokens = await exchangeCode(workerEnv, connection);
    const toolset = freshId("edge_confirmed");
    const asked = await createToolset(tokens.access_token, toolset);
    expect(asked.requestState).toEqual(expect.any(String));
    expect((await api("GET", `/toolsets/${toolset}`)).status).toBe(404);

    const next = await refreshed(connection.clientId, tokens);
    expect(next.access_token).not.toBe(tokens.access_token);
    const done = await createToolset(next.access_token, toolset, approve(asked.requestState));
    expect(done.isError).toBeUndefined();
    expect((await api("GET", `/toolsets/${toolset}`)).status).toBe(200);

    const [approved] = await arrived(1, "kind = 'confirmation' AND action = 'approved' AND detail LIKE ?", `%${toolset}%`);
    expect(approved).toMatchObject({ principal_subject: "ada", via: "mcp" });
    expect(JSON.parse(approved!.detail)).toMatchObject({ decided_by: "ada", requested_by: "ada", path: "form" });
  });

  it("cannot be answered through another connected app's grant", async () => {
    const first = await exchangeCode(workerEnv, await connect(workerEnv, { login: "ada" }));
    const second = await exchangeCode(workerEnv, await connect(workerEnv, { login: "ada" }));
    const toolset = freshId("edge_other_grant");
    const asked = await createToolset(first.access_token, toolset);
    expect(asked.requestState).toEqual(expect.any(String));
    const answered = await callCreate(second.access_token, toolset, approve(asked.requestState));
    expect(answered.error).toMatchObject({ code: -32602, data: { reason: "invalid_request_state" } });
    expect((await api("GET", `/toolsets/${toolset}`)).status).toBe(404);
  });
});
