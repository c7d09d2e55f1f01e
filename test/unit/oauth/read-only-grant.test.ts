// A grant of scope mcp:read ("Read-only tools" on the consent page) narrows the MCP endpoint to
// the read-only tools, as ?access=read_only does, whatever the person's roles allow and whatever
// the URL asks; scope mcp is everything the roles allow.
import { describe, expect, it } from "vitest";
import { connect, edgeEnv, exchangeCode, mcpCall, RESOURCE } from "../../support/edge-oauth";

const workerEnv = edgeEnv();

interface ListedTool {
  name: string;
  annotations?: { readOnlyHint?: boolean };
}

async function toolsOf(scope: string, url = RESOURCE): Promise<ListedTool[]> {
  const tokens = await exchangeCode(workerEnv, await connect(workerEnv, { login: "ada", scope }));
  const response = await mcpCall(workerEnv, tokens.access_token, "tools/list", {}, url);
  return ((await response.json()) as { result: { tools: ListedTool[] } }).result.tools;
}

describe("the access a person grants a client", () => {
  it("mcp:read lists only read-only tools", async () => {
    const tools = await toolsOf("mcp:read");
    expect(tools.length).toBeGreaterThan(0);
    expect(tools.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);
  });

  it("mcp:read is not widened by ?access=full on the URL", async () => {
    const tools = await toolsOf("mcp:read", `${RESOURCE}?access=full`);
    expect(tools.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);
  });

  it("mcp lists the tools that change data too", async () => {
    const tools = await toolsOf("mcp");
    expect(tools.some((tool) => tool.annotations?.readOnlyHint === false)).toBe(true);
  });

  it("mcp:read refuses a call to a tool that changes data", async () => {
    const tokens = await exchangeCode(workerEnv, await connect(workerEnv, { login: "ada", scope: "mcp:read" }));
    const response = await mcpCall(workerEnv, tokens.access_token, "tools/call", { name: "toolsets__create", arguments: { id: "edge-read-only", name: "x" } });
    const body = (await response.json()) as { result?: { isError?: boolean }; error?: unknown };
    expect(body.error ?? body.result?.isError).toBeTruthy();
  });
});
