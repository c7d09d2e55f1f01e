// A desktop MCP client on the official Python SDK (PyPI `mcp`), told only `${worker}/api/v1/mcp`,
// against the Worker as its own authorization server: the SDK's built-in OAuth flow discovers,
// registers, waits at its loopback redirect URI while the person answers the consent page and
// the provider's login in a real browser, calls a saved tool, refreshes and calls again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerInBrowser, type EdgeStack, startEdgeStack } from "../support/edge-stack";
import { installPythonMcp, pythonOAuthSession } from "../support/python-client";

let stack: EdgeStack;
const toolset = `edge_py_${Date.now().toString(36)}`;

beforeAll(async () => {
  installPythonMcp();
  stack = await startEdgeStack();
  await stack.seedToolset(toolset);
}, 300_000);
afterAll(async () => {
  await stack?.stop();
});

describe("the Python SDK's OAuth client against the edge authorization server", () => {
  it("discovers the edge from the MCP URL alone, registers, signs the person in, calls, refreshes and calls again", async () => {
    const session = await pythonOAuthSession(stack.mcpUrl, `${toolset}__one`, {}, (url) => answerInBrowser(stack.browser.page, stack, url));
    expect(session.error).toBeUndefined();
    expect(session.authorizations).toHaveLength(1);
    const authorization = new URL(session.authorizations[0]!);
    expect(authorization.origin + authorization.pathname).toBe(`${stack.worker.url}/oauth/authorize`);
    expect(authorization.searchParams.get("client_id")).toBe(session.client_id);
    expect(authorization.searchParams.get("resource")).toBe(stack.mcpUrl);
    expect(session.calls.map((call) => call.is_error)).toEqual([false, false]);
    for (const call of session.calls) expect(JSON.stringify(call.structured)).toContain('"one":1');
    // One token set from the code, one from the refresh: a new access token and a rotated refresh token, one grant.
    expect(session.tokens).toHaveLength(2);
    const [first, refreshed] = session.tokens as [(typeof session.tokens)[0], (typeof session.tokens)[0]];
    expect(first.access_token.split(":")[0]).toBe("ada");
    expect(refreshed.access_token).not.toBe(first.access_token);
    expect(refreshed.refresh_token).not.toBe(first.refresh_token);
    expect(refreshed.access_token.split(":").slice(0, 2)).toEqual(first.access_token.split(":").slice(0, 2));
  });
});
