// The third control of the latency benchmark: the MCP TypeScript SDK's own floor. The same
// stateless handler Seizu Edge serves MCP with (createMcpHandler, a Server per request), with
// one tool that forwards its arguments to Neo4j's Query API and answers the rows, and nothing
// else: no auth, no definitions, no checks. Its cost over the bare Worker is what the SDK
// charges per request, which any server built on it pays; Seizu Edge's own share is what it
// costs above this.
import { createMcpHandler, Server } from "@modelcontextprotocol/server";

let env;

const handler = createMcpHandler(() => {
  const server = new Server({ name: "bench-sdk", version: "1" }, { capabilities: { tools: { listChanged: false } } });
  server.setRequestHandler("tools/list", async () => ({ tools: [] }));
  server.setRequestHandler("tools/call", async (request) => {
    const { statement, parameters } = request.params.arguments;
    const answer = await fetch(`${env.NEO4J_URL}/db/neo4j/query/v2`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", authorization: env.NEO4J_AUTHORIZATION },
      body: JSON.stringify({ statement, parameters, accessMode: "READ" }),
    });
    const { data } = await answer.json();
    const results = data.values.map((row) => Object.fromEntries(data.fields.map((field, i) => [field, row[i]])));
    return { content: [{ type: "text", text: JSON.stringify(results) }], structuredContent: { results } };
  });
  return server;
});

export default {
  fetch(request, bindings) {
    env = bindings;
    return handler.fetch(request);
  },
};
