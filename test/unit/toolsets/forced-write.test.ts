import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api } from "../../support/api";
import { testNeo4j, uniqueLabel } from "../../support/neo4j";
import { createTool, createToolset } from "../../support/toolsets";

const neo4j = testNeo4j();

/** Nodes, relationships and forced marks of the fixture label (other tests share the database). */
async function counts(label: string) {
  const { rows } = await neo4j.query(
    `MATCH (n:${label}) OPTIONAL MATCH (n)-[r]->() RETURN count(DISTINCT n) AS nodes, count(r) AS relationships, count(n.forced) AS forced`,
  );
  return rows[0];
}

describe("a write query forced into D1 past validation", () => {
  it.each([
    "CREATE (n:%L {forced: true}) RETURN n",
    "MERGE (a:%L {id: 3})-[:FORCED]->(b:%L {id: 4}) RETURN a",
    "MATCH (n:%L) SET n.forced = true RETURN count(n)",
    "MATCH (n:%L) REMOVE n.id RETURN count(n)",
    "MATCH (n:%L) DETACH DELETE n",
    "MATCH (a:%L {id: 1}), (b:%L {id: 2}) CREATE (a)-[:FORCED]->(b)",
  ])("cannot change the graph when called: %s", async (template) => {
    const label = uniqueLabel("Forced");
    await neo4j.query(`CREATE (:${label} {id: 1})-[:LINKS]->(:${label} {id: 2})`, {}, { accessMode: "WRITE" });
    const cypher = template.replaceAll("%L", label);
    const toolset = await createToolset();
    const tool = await createTool(toolset.id);
    await env.DB.prepare("UPDATE definitions SET body = json_set(body, '$.cypher', ?) WHERE kind = 'tool' AND parent_id = ? AND id = ?")
      .bind(cypher, toolset.id, tool.id)
      .run();
    expect((await api("GET", `/toolsets/${toolset.id}/tools/${tool.id}`)).body.cypher).toBe(cypher);

    const before = await counts(label);
    expect(before).toEqual([2, 1, 0]);
    const { status, body } = await api("POST", `/toolsets/${toolset.id}/tools/${tool.id}/call`, { arguments: {} });
    expect(status).toBe(422);
    expect(body.error.neo4j_code).toBe("Neo.ClientError.Statement.AccessMode");
    expect(await counts(label)).toEqual(before);
    const { rows } = await neo4j.query(`MATCH (n:${label}) WHERE n.id IS NULL RETURN count(n)`);
    expect(rows).toEqual([[0]]);
  });
});
