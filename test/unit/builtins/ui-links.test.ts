// url_prefix + enrich_url (seed 003): each result item of a built-in tool carries ui_url, the link
// to its admin UI page, so an agent can hand a person a link. Served by the real MCP endpoint.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../../worker/app";
import { pageLink } from "../../../worker/builtins/ui-link";
import { api } from "../../support/api";
import { mcpRequest } from "../../support/mcp-request";
import { createTool, createToolset } from "../../support/toolsets";

const app = createApp();

async function call(name: string, args: Record<string, unknown>, vars: Record<string, string> = {}) {
  const response = await app.fetch(mcpRequest("tools/call", { name, arguments: args }), { ...env, ...vars });
  const reply = (await response.json()) as { result?: any; error?: unknown };
  expect(reply.error).toBeUndefined();
  expect(reply.result.isError, JSON.stringify(reply.result)).toBeFalsy();
  return reply.result.structuredContent;
}

describe("ui_url on built-in tool results", () => {
  it("links a single result to its page: the request's origin, the file's url_prefix, the tool's enrich_url", async () => {
    const toolset = await createToolset();
    const result = await call("toolsets__get", { toolset_id: toolset.id });
    expect(result.ui_url).toBe(`http://127.0.0.1/toolsets/${toolset.id}`);
  });

  it("links each item of a list, every list item its own page", async () => {
    const toolset = await createToolset();
    const first = await createTool(toolset.id);
    const second = await createTool(toolset.id);
    const result = await call("toolsets__list_tools", { toolset_id: toolset.id });
    const links = Object.fromEntries((result.tools as { id: string; ui_url: string }[]).map((tool) => [tool.id, tool.ui_url]));
    expect(links).toEqual({
      [first.id]: `http://127.0.0.1/toolsets/${toolset.id}/tools/${first.id}`,
      [second.id]: `http://127.0.0.1/toolsets/${toolset.id}/tools/${second.id}`,
    });
  });

  it("fills a placeholder the items do not carry from the call's path parameter of that name", async () => {
    const toolset = await createToolset();
    const tool = await createTool(toolset.id);
    const result = await call("toolsets__list_tool_versions", { toolset_id: toolset.id, tool_id: tool.id });
    const history = `http://127.0.0.1/toolsets/${toolset.id}/tools/${tool.id}/history`;
    expect(result.versions).toEqual([expect.objectContaining({ version: 1, ui_url: history })]);
  });

  it("starts at MCP_RESOURCE_URL's origin when it is set, whatever host the request names", async () => {
    const toolset = await createToolset();
    const result = await call("toolsets__get", { toolset_id: toolset.id }, { MCP_RESOURCE_URL: "https://seizu.example.org/api/v1/mcp" });
    expect(result.ui_url).toBe(`https://seizu.example.org/toolsets/${toolset.id}`);
  });

  it("is the tools' own: the REST route answers the same resource without it", async () => {
    const toolset = await createToolset();
    const { body } = await api("GET", `/toolsets/${toolset.id}`);
    expect(body).not.toHaveProperty("ui_url");
  });

  it("URL-encodes each filled value, so a value cannot add path segments or a query, and leaves an item without one unlinked", () => {
    const link = pageLink("https://seizu.example.org", "/plugins/{plugin_id}/skills/{name}", { plugin_id: "acme" });
    expect(link({ name: "../../admin?x=1#y" })).toBe("https://seizu.example.org/plugins/acme/skills/..%2F..%2Fadmin%3Fx%3D1%23y");
    expect(link({ name: "" })).toBeUndefined();
    expect(link({ title: "no name" })).toBeUndefined();
  });
});
