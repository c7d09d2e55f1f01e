// Upstream Seizu's agents read the server's instructions on connecting: how tools are named,
// that writes wait for a person, and how to narrow the tool list on the endpoint URL.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../../worker/app";
import { connectClient } from "../../support/mcp-app";

describe("the server's instructions", () => {
  it("reach the official client on connecting, naming the tool names, approvals and every URL filter", async () => {
    const client = await connectClient();
    const instructions = client.getInstructions() ?? "";
    expect(instructions).toContain("{toolset_id}__{tool_id}");
    expect(instructions).toContain("{group}__{action}");
    expect(instructions).toMatch(/person's approval/);
    for (const filter of ["?toolsets=", "?include_tags=", "?exclude_tags=", "?access=read_only"]) expect(instructions).toContain(filter);
  });

  it("are in initialize's result for a 2025 client", async () => {
    const response = await createApp().fetch(
      new Request("http://seizu.test/api/v1/mcp", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "initialize",
          params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "upstream-agent", version: "1" } },
        }),
      }),
      env,
    );
    // A 2025 client's POST is answered as a one-event stream: its data line is the reply.
    const data = (await response.text()).split("\n").find((line) => line.startsWith("data: ")) ?? "";
    const reply = JSON.parse(data.slice("data: ".length)) as { result: { instructions?: string } };
    expect(reply.result.instructions).toContain("{group}__{action}");
  });

  it("describe filters that narrow the list as they say (graph tools, read-only)", async () => {
    const client = await connectClient("?toolsets=graph&access=read_only");
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(["graph__explain", "graph__query", "graph__schema", "graph__validate_query"]);
    expect(client.getInstructions()).toContain("?access=read_only");
  });
});
