// The control of section 11: the bare pass-through Worker plus the one KV read an edge-issued
// token costs a tools/call (the library looks its token record up in OAUTH_KV). Its cost over
// the bare Worker is what a KV read costs on this path locally, where the KV simulator runs
// inside workerd; deployed, KV is a remote service whose hot keys are cached at the edge. The
// record is about the size of a token record and is written on the first request.
const KEY = "token:bench-user:bench-grant:bench-token-id";
const RECORD = JSON.stringify({ id: "bench-token-id", grantId: "bench-grant", userId: "bench-user", padding: "x".repeat(900) });

export default {
  async fetch(request, env) {
    let record = await env.OAUTH_KV.get(KEY, { type: "json" });
    if (!record) {
      await env.OAUTH_KV.put(KEY, RECORD);
      record = JSON.parse(RECORD);
    }
    const answer = await fetch(`${env.NEO4J_URL}/db/neo4j/query/v2`, {
      method: "POST",
      headers: { "content-type": "application/vnd.neo4j.query", accept: "application/vnd.neo4j.query", authorization: env.NEO4J_AUTHORIZATION },
      body: await request.text(),
    });
    return new Response(answer.body, { status: answer.status, headers: { "content-type": "application/json" } });
  },
};
