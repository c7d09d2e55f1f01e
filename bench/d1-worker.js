// The second control of the latency benchmark: the bare pass-through Worker plus the one D1
// read a Seizu tools/call makes (the tool joined with its toolset, on a D1 session), against
// Seizu's own local database. Its cost over the bare Worker is what D1 costs on this path
// locally, where the D1 simulator runs inside workerd; deployed, D1 is a remote service. The
// statement is written out here, not imported, so the control measures D1 and nothing of Seizu.
const SELECT_TOOL = `
  SELECT t.parent_id AS toolset_id, t.id, t.version, t.body
  FROM definitions t
  JOIN definitions s ON s.kind = 'toolset' AND s.parent_id = '' AND s.id = t.parent_id
  WHERE t.kind = 'tool'
    AND json_extract(t.body, '$.enabled') = 1
    AND json_extract(s.body, '$.enabled') = 1
    AND t.parent_id = ? AND t.id = ?`;

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const tool = await env.DB.withSession("first-unconstrained")
      .prepare(SELECT_TOOL)
      .bind(url.searchParams.get("toolset"), url.searchParams.get("tool"))
      .first();
    if (!tool) return new Response("no such tool", { status: 404 });
    const answer = await fetch(`${env.NEO4J_URL}/db/neo4j/query/v2`, {
      method: "POST",
      headers: { "content-type": "application/vnd.neo4j.query", accept: "application/vnd.neo4j.query", authorization: env.NEO4J_AUTHORIZATION },
      body: await request.text(),
    });
    return new Response(answer.body, { status: answer.status, headers: { "content-type": "application/json" } });
  },
};
