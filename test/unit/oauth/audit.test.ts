// An edge token's calls are audited as the person's, with the connected app's client id in the
// event's detail; a refused edge token is a sign-in failure like any other.
import { describe, expect, it } from "vitest";
import { eventsOf, freshAgent } from "../../support/audit-calls";
import { callWorker, connect, edgeEnv, exchangeCode } from "../../support/edge-oauth";
import { mcpRequest } from "../../support/mcp-request";

const workerEnv = edgeEnv();

function callWith(token: string, userAgent: string) {
  const request = mcpRequest("tools/call", { name: "roles__me", arguments: {} }, "https://seizu.test/api/v1/mcp");
  request.headers.set("authorization", `Bearer ${token}`);
  request.headers.set("user-agent", userAgent);
  request.headers.delete("host");
  return callWorker(request, workerEnv);
}

describe("the audit log of edge callers", () => {
  it("records a tool call as the person, naming the connected app", async () => {
    const connection = await connect(workerEnv, { login: "ada" });
    const tokens = await exchangeCode(workerEnv, connection);
    const agent = freshAgent();
    expect((await callWith(tokens.access_token, agent)).status).toBe(200);
    const [event] = await eventsOf(agent);
    expect(event).toMatchObject({ kind: "tool_call", action: "tools/call", principal_subject: "ada", target: "roles__me" });
    expect(event?.detail.oauth_client_id).toBe(connection.clientId);
  });

  it("records an unknown edge token as a sign-in failure", async () => {
    const agent = freshAgent();
    expect((await callWith("ada:AAAAAAAAAAAAAAAA:BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB", agent)).status).toBe(401);
    const [event] = await eventsOf(agent);
    expect(event).toMatchObject({ kind: "sign_in_failure", action: "unknown_token", outcome: "unauthenticated", principal_subject: null });
  });
});
