// A caller who hangs up before the first row has its query stopped on Neo4j, not left running to
// the time limit: the request's signal fires (enable_request_signal) and the transaction carrying
// the query's marker is terminated. Requests go through the Worker's own entry point, as a
// client's would; the probe returns nothing until it ends, so Neo4j has no row to fail writing.
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { mcpRequest } from "../../support/mcp-request";
import { testNeo4j } from "../../support/neo4j";
import { recordNeo4jRequests, statementRequests } from "../../support/neo4j-requests";
import { createTool, createToolset } from "../../support/toolsets";

const neo4j = testNeo4j();
const SLOW_CYPHER = "UNWIND range(1, 2000000000) AS x WITH x WHERE x < 0 RETURN count(x) AS hangup_probe";

async function runningProbes(): Promise<number> {
  const { rows } = await neo4j.query(
    "SHOW TRANSACTIONS YIELD currentQuery WHERE currentQuery CONTAINS 'hangup_probe' AND NOT currentQuery CONTAINS 'SHOW' RETURN currentQuery",
  );
  return rows.length;
}

/** Milliseconds until the condition holds, polling; throws past the deadline. */
async function until(condition: () => Promise<boolean>, deadlineMs: number): Promise<number> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > deadlineMs) throw new Error(`not within ${deadlineMs} ms`);
    await new Promise((resume) => setTimeout(resume, 200));
  }
  return Date.now() - started;
}

/** Sends the request, hangs up once the probe runs on Neo4j, and says how long the probe outlived the caller. */
async function probeOutlivesHangUp(request: Request): Promise<number> {
  const client = new AbortController();
  const answered = exports.default.fetch(new Request(request, { signal: client.signal })).catch((error: Error) => error);
  await until(async () => (await runningProbes()) > 0, 20_000);
  client.abort();
  expect(await answered).toMatchObject({ name: "AbortError" });
  return until(async () => (await runningProbes()) === 0, 20_000);
}

describe("a caller who hangs up before the first row", () => {
  it("has a saved tool's query terminated on Neo4j at once, not at the 30 s time limit", async () => {
    // The server's limit is the query's (30 s), so the probe goes as one auto-commit request.
    expect(await neo4j.checkServerTimeout()).toBe(30);
    const toolset = await createToolset();
    const tool = await createTool(toolset.id, { cypher: SLOW_CYPHER });
    const call = new Request(`http://seizu.test/api/v1/toolsets/${toolset.id}/tools/${tool.id}/call`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    const { result: outlived, requests } = await recordNeo4jRequests(() => probeOutlivesHangUp(call));
    expect(outlived).toBeLessThan(5_000);
    expect(statementRequests(requests, SLOW_CYPHER).map((request) => request.path)).toEqual([""]);
  });

  it("has an MCP graph__query terminated the same way", async () => {
    const call = mcpRequest("tools/call", { name: "graph__query", arguments: { query: SLOW_CYPHER } });
    expect(await probeOutlivesHangUp(call)).toBeLessThan(5_000);
  });
});
