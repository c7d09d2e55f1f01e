import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../../worker/app";
import { api } from "../../support/api";
import { mcpRequest } from "../../support/mcp-request";
import { testNeo4j, uniqueLabel } from "../../support/neo4j";

const neo4j = testNeo4j({ timeoutSeconds: 120 });
const big = uniqueLabel("Big");
const small = uniqueLabel("Small");
const BIG_NODES = 150_000;

beforeAll(async () => {
  await neo4j.query(`UNWIND range(1, ${BIG_NODES}) AS i CREATE (:${big} {id: i, bucket: i % 100})`, {}, { accessMode: "WRITE" });
  await neo4j.query(`UNWIND range(1, 10) AS i CREATE (:${small} {id: i})`, {}, { accessMode: "WRITE" });
  await neo4j.query(`CREATE INDEX ${big}_id IF NOT EXISTS FOR (n:${big}) ON (n.id)`, {}, { accessMode: "WRITE" });
  await neo4j.query("CALL db.awaitIndexes(120)", {}, { accessMode: "WRITE" });
}, 180_000);

const query = (cypher: string, vars: Record<string, string> = {}, parameters?: Record<string, unknown>) =>
  api("POST", "/graph/query", { cypher, ...(parameters ? { parameters } : {}) }, { vars });

describe("graph__query's plan policy (default threshold 100000 estimated rows)", () => {
  it("rejects an unindexed label scan over more rows than the threshold, with plan, estimate and scan operators", async () => {
    const { status, body } = await query(`MATCH (n:${big}) WHERE n.bucket = 5 RETURN n.id AS id`);
    expect(status).toBe(422);
    expect(body.error.code).toBe("plan_rejected");
    const rejection = body.error.plan_rejection;
    expect(rejection).toMatchObject({ reason: "unindexed_scan", threshold: 100_000 });
    expect(rejection.max_estimated_rows).toBeGreaterThanOrEqual(BIG_NODES);
    expect(rejection.scan_operators).toEqual([expect.objectContaining({ operator: "NodeByLabelScan", estimated_rows: BIG_NODES })]);
    expect(rejection.plan.operatorType).toBe("ProduceResults");
    expect(JSON.stringify(rejection.plan)).toContain("NodeByLabelScan");
    expect(rejection.message).toMatch(/without an index/);
  });

  it("passes the indexed rewrite of the same query", async () => {
    const { status, body } = await query(`MATCH (n:${big}) WHERE n.id = $id RETURN n.bucket AS bucket`, {}, { id: 105 });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.results).toEqual([{ bucket: 5 }]);
  });

  it("passes a small scan under the threshold", async () => {
    const { status, body } = await query(`MATCH (n:${small}) RETURN n.id AS id ORDER BY id`);
    expect(status).toBe(200);
    expect(body.results).toHaveLength(10);
  });

  it("rejects a plan Neo4j warns about (cartesian product)", async () => {
    const { status, body } = await query(`MATCH (a:${small}), (b:${small}) RETURN a.id, b.id`);
    expect(status).toBe(422);
    expect(body.error.plan_rejection).toMatchObject({
      reason: "performance_warning",
      warnings: [expect.objectContaining({ code: "Neo.ClientNotification.Statement.CartesianProduct" })],
    });
  });

  it("can be loosened: threshold 0 turns the scan check off, and warnings can be allowed", async () => {
    expect(
      (await query(`MATCH (n:${big}) WHERE n.bucket = 5 RETURN count(n) AS n`, { MCP_GRAPH_QUERY_UNINDEXED_MAX_ESTIMATED_ROWS: "0" })).body.results,
    ).toEqual([{ n: 1500 }]);
    expect(
      (await query(`MATCH (a:${small}), (b:${small}) RETURN count(*) AS n`, { MCP_GRAPH_QUERY_REJECT_PERFORMANCE_WARNINGS: "false" })).body.results,
    ).toEqual([{ n: 100 }]);
  });

  it("can be tightened below a small scan", async () => {
    const { status } = await query(`MATCH (n:${small}) RETURN n.id`, { MCP_GRAPH_QUERY_UNINDEXED_MAX_ESTIMATED_ROWS: "5" });
    expect(status).toBe(422);
  });

  it("still refuses writes and unsafe constructs before planning", async () => {
    const { status, body } = await query(`MATCH (n:${small}) DETACH DELETE n`);
    expect(status).toBe(422);
    expect(body.error.fields[0]).toMatchObject({ field: "cypher", rule: "write_clause" });
    expect((await neo4j.query(`MATCH (n:${small}) RETURN count(n)`)).rows).toEqual([[10]]);
  });

  it("carries the rejection to MCP clients as an error result with the plan", async () => {
    const response = await createApp().fetch(
      mcpRequest("tools/call", { name: "graph__query", arguments: { query: `MATCH (n:${big}) WHERE n.bucket = 5 RETURN n.id` } }),
      env,
    );
    const { result } = (await response.json()) as {
      result: { isError: boolean; content: { text: string }[]; structuredContent: { plan_rejection: { scan_operators: unknown[]; plan: unknown } } };
    };
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toContain("without an index");
    expect(result.structuredContent.plan_rejection.scan_operators).toHaveLength(1);
    expect(result.structuredContent.plan_rejection.plan).toBeTruthy();
  });
});

describe("graph__schema, graph__validate_query, graph__explain", () => {
  it("returns labels, relationship types, property keys and indexes without APOC", async () => {
    const { status, body } = await api("GET", "/graph/schema");
    expect(status).toBe(200);
    expect(body.labels).toContain(big);
    expect(body.property_keys).toContain("bucket");
    expect(body.indexes).toContainEqual(expect.objectContaining({ name: `${big}_id`, labelsOrTypes: [big], properties: ["id"], state: "ONLINE" }));
  });

  it("validates without running: parameters of a valid query, errors of an invalid one", async () => {
    const valid = await api("POST", "/graph/validate", { cypher: `MATCH (n:${small}) WHERE n.id = $id RETURN n` });
    expect(valid.body).toMatchObject({ valid: true, parameters: ["id"] });
    const invalid = await api("POST", "/graph/validate", { cypher: "MATCH (n) SET n.x = 1" });
    expect(invalid.body).toMatchObject({ valid: false, errors: [expect.objectContaining({ rule: "write_clause", line: 1 })] });
    const syntax = await api("POST", "/graph/validate", { cypher: "MATCH (n RETURN n" });
    expect(syntax.body.errors[0]).toMatchObject({ rule: "syntax", line: 1 });
  });

  it("explains a valid query's plan without running it", async () => {
    const { status, body } = await api("POST", "/graph/explain", { cypher: `MATCH (n:${big}) WHERE n.id = 5 RETURN n` });
    expect(status).toBe(200);
    expect(JSON.stringify(body.plan)).toContain("NodeIndexSeek");
  });
});
