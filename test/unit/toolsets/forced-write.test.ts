// Saved Cypher that bypassed validation (an edit straight to D1, a restore from a backup) is
// checked again when the tool is called: it never reaches Neo4j, through REST or MCP. READ
// access mode stays the last guard behind that check (test/unit/neo4j/client.test.ts).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../../worker/app";
import { api } from "../../support/api";
import { mcpRequest } from "../../support/mcp-request";
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

/** A saved tool whose Cypher is then replaced in D1 behind the API's back. */
async function forcedTool(cypher: string) {
  const toolset = await createToolset();
  const tool = await createTool(toolset.id);
  await env.DB.prepare("UPDATE definitions SET body = json_set(body, '$.cypher', ?) WHERE kind = 'tool' AND parent_id = ? AND id = ?")
    .bind(cypher, toolset.id, tool.id)
    .run();
  expect((await api("GET", `/toolsets/${toolset.id}/tools/${tool.id}`)).body.cypher).toBe(cypher);
  return { toolset, tool, call: () => api("POST", `/toolsets/${toolset.id}/tools/${tool.id}/call`, { arguments: {} }) };
}

async function mcpCall(name: string) {
  const response = await createApp().fetch(mcpRequest("tools/call", { name, arguments: {} }), env);
  return ((await response.json()) as { result: { isError?: boolean; content: { text: string }[] } }).result;
}

describe("a write query forced into D1 past validation", () => {
  it.each([
    "CREATE (n:%L {forced: true}) RETURN n",
    "MERGE (a:%L {id: 3})-[:FORCED]->(b:%L {id: 4}) RETURN a",
    "MATCH (n:%L) SET n.forced = true RETURN count(n)",
    "MATCH (n:%L) REMOVE n.id RETURN count(n)",
    "MATCH (n:%L) DETACH DELETE n",
    "MATCH (a:%L {id: 1}), (b:%L {id: 2}) CREATE (a)-[:FORCED]->(b)",
  ])("is refused at call time, naming the rule, and the graph is unchanged: %s", async (template) => {
    const label = uniqueLabel("Forced");
    await neo4j.query(`CREATE (:${label} {id: 1})-[:LINKS]->(:${label} {id: 2})`, {}, { accessMode: "WRITE" });
    const { call } = await forcedTool(template.replaceAll("%L", label));
    const before = await counts(label);
    expect(before).toEqual([2, 1, 0]);

    const { status, body } = await call();
    expect(status).toBe(422);
    expect(body.error.fields[0]).toMatchObject({
      field: "cypher",
      rule: "write_clause",
      message: expect.stringContaining("the saved query breaks the rule write_clause and was not run"),
    });
    expect(await counts(label)).toEqual(before);
  });
});

describe("administration and unsafe procedures forced into D1", () => {
  it.each([
    ["SHOW USERS", "admin_command"],
    ["CALL dbms.listConfig() YIELD name RETURN name", "procedure_not_allowed"],
    ["CALL db.clearQueryCaches()", "procedure_not_allowed"],
    ["TERMINATE TRANSACTION 'neo4j-transaction-1'", "admin_command"],
    ["LOAD CSV FROM 'file:///etc/passwd' AS line RETURN line", "load_csv"],
  ])("never reach Neo4j: %s", async (cypher, rule) => {
    const { call } = await forcedTool(cypher);
    const { status, body } = await call();
    expect(status, JSON.stringify(body)).toBe(422);
    expect(body.error.fields[0]).toMatchObject({ field: "cypher", rule });
  });

  it("refuses a saved statement grown past 100,000 characters, which the input limit no longer guards", async () => {
    const toolset = await createToolset();
    const tool = await createTool(toolset.id);
    // Past the response schema too: the tool can no longer be read through the API, only called.
    await env.DB.prepare("UPDATE definitions SET body = json_set(body, '$.cypher', ?) WHERE kind = 'tool' AND parent_id = ? AND id = ?")
      .bind(`RETURN 1 AS one${" ".repeat(100_000)}`, toolset.id, tool.id)
      .run();
    const { status, body } = await api("POST", `/toolsets/${toolset.id}/tools/${tool.id}/call`, { arguments: {} });
    expect(status).toBe(422);
    expect(body.error.fields[0]).toMatchObject({ field: "cypher", rule: "statement_too_long" });
  });

  it("are refused through MCP as an error result naming the rule", async () => {
    const { toolset, tool } = await forcedTool("SHOW USERS");
    const result = await mcpCall(`${toolset.id}__${tool.id}`);
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toContain("admin_command");
  });

  it("are judged on the text as it is now: a tool edited back to a read runs again", async () => {
    const { toolset, tool, call } = await forcedTool("SHOW USERS");
    expect((await call()).status).toBe(422);
    await env.DB.prepare("UPDATE definitions SET body = json_set(body, '$.cypher', 'RETURN 7 AS seven') WHERE kind = 'tool' AND parent_id = ? AND id = ?")
      .bind(toolset.id, tool.id)
      .run();
    const { status, body } = await call();
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.results).toEqual([{ seven: 7 }]);
  });
});
