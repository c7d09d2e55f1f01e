// The audit log's control Worker: the bare pass-through Worker (bench/bare-worker.js) plus one
// queued event per request, of an audit event's size, which its own consumer writes to D1 in
// one statement per batch, as Seizu Edge's audit consumer does. Locally the queue broker, the
// consumer and the D1 simulator all run inside this Worker's workerd, so its CPU over the bare
// Worker's is what one audit event costs on this machine before any of Seizu Edge's own work;
// deployed, the broker and D1 are remote services. Nothing of Seizu is imported.
const EVENTS_TABLE = "CREATE TABLE IF NOT EXISTS events (event_id TEXT NOT NULL PRIMARY KEY, body TEXT NOT NULL) WITHOUT ROWID";
const INSERT_EVENTS = "INSERT OR IGNORE INTO events (event_id, body) SELECT value ->> '$.event_id', value FROM json_each(?1)";

function eventFor(request) {
  return {
    event_id: crypto.randomUUID(),
    occurred_at: new Date().toISOString(),
    kind: "tool_call",
    action: "tools/call",
    outcome: "ok",
    via: "mcp",
    principal: { subject: "local-admin", name: "Local admin", roles: ["seizu-admin"] },
    client: { name: "bench", version: "1", user_agent: request.headers.get("user-agent") },
    target: "bench__typical",
    resource: { type: "tool", id: "bench/typical", version: 1 },
    rows: 25,
    truncated: false,
    duration_ms: 12.5,
    neo4j_ms: 10.25,
    detail: { arguments: { limit: 25 } },
  };
}

export default {
  async fetch(request, env, ctx) {
    ctx.waitUntil(env.EVENTS.send(eventFor(request), { contentType: "json" }));
    const answer = await fetch(`${env.NEO4J_URL}/db/neo4j/query/v2`, {
      method: "POST",
      headers: { "content-type": "application/vnd.neo4j.query", accept: "application/vnd.neo4j.query", authorization: env.NEO4J_AUTHORIZATION },
      body: await request.text(),
    });
    return new Response(answer.body, { status: answer.status, headers: { "content-type": "application/json" } });
  },
  async queue(batch, env) {
    await env.DB.batch([env.DB.prepare(EVENTS_TABLE), env.DB.prepare(INSERT_EVENTS).bind(JSON.stringify(batch.messages.map((message) => message.body)))]);
  },
};
