// The control of the latency benchmark: the least a Worker can do on this path. It forwards
// the request body to Neo4j's Query API unchanged and returns the answer, so its cost over a
// direct call is what the local runtime itself charges for one inbound request and one
// outbound fetch — the floor under any Worker, Seizu included.
export default {
  async fetch(request, env) {
    const answer = await fetch(`${env.NEO4J_URL}/db/neo4j/query/v2`, {
      method: "POST",
      headers: { "content-type": "application/vnd.neo4j.query", accept: "application/vnd.neo4j.query", authorization: env.NEO4J_AUTHORIZATION },
      body: await request.text(),
    });
    return new Response(answer.body, { status: answer.status, headers: { "content-type": "application/json" } });
  },
};
