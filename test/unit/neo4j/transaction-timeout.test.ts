// The time limit holds on Neo4j itself, on both ways the client sends a query: one auto-commit
// request when the limit is the server's own db.transaction.timeout (the test Neo4j's is 30 s, the
// Worker's default), a transaction naming the limit otherwise. "Ended on Neo4j" is read on the
// server: the query is gone from SHOW TRANSACTIONS.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Neo4jError, Neo4jTimeoutError } from "../../../worker/neo4j/errors";
import { api } from "../../support/api";
import { testNeo4j, uniqueLabel } from "../../support/neo4j";
import { recordNeo4jRequests, statementRequests } from "../../support/neo4j-requests";

const neo4j = testNeo4j();

/** Ten seconds of counting on any machine; the marker finds this very query in SHOW TRANSACTIONS. */
const slowQuery = (marker: number) => `UNWIND range(1, 1000000000) AS x WITH x WHERE x < -${marker} RETURN count(*) AS n`;

/** Transactions on Neo4j still running the query, seen directly on the server. */
async function running(statement: string): Promise<number> {
  const { rows } = await neo4j.query(
    "SHOW TRANSACTIONS YIELD currentQuery, status WHERE currentQuery = $statement AND NOT status STARTS WITH 'Terminated' RETURN count(*)",
    { statement },
  );
  return rows[0]![0] as number;
}

/** Polls until the query is no longer running, or the deadline passes; how long that took. */
async function goneWithin(statement: string, deadlineMs: number): Promise<number | undefined> {
  const started = Date.now();
  while (Date.now() - started < deadlineMs) {
    if ((await running(statement)) === 0) return Date.now() - started;
    await new Promise((ok) => setTimeout(ok, 250));
  }
  return undefined;
}

/**
 * Opens a transaction that writes the node, so holds its lock, for `seconds`: a query writing the
 * same node waits for it without using any CPU. Resolves with the function that rolls it back.
 */
async function holdLock(label: string, seconds: number): Promise<() => Promise<void>> {
  const endpoint = `${env.NEO4J_URL}/db/neo4j/query/v2/tx`;
  const headers = { "content-type": "application/json", accept: "application/json", authorization: `Basic ${btoa(`${env.NEO4J_USER}:${env.NEO4J_PASSWORD}`)}` };
  const response = await fetch(endpoint, {
    method: "POST",
    headers,
    body: JSON.stringify({ statement: `MATCH (n:${label}) SET n.held = true`, accessMode: "WRITE", maxExecutionTime: seconds }),
  });
  const { transaction } = (await response.json()) as { transaction: { id: string } };
  return async () => {
    await (await fetch(`${endpoint}/${transaction.id}`, { method: "DELETE", headers })).arrayBuffer();
  };
}

describe("NEO4J_QUERY_TIMEOUT_SECONDS is enforced by Neo4j, not only by the Worker", () => {
  it("sends a query whose limit is not the server's in a transaction naming its limit, and Neo4j ends it there", async () => {
    expect(await neo4j.checkServerTimeout()).toBe(30);
    const statement = slowQuery(Math.floor(Math.random() * 1e9));
    const { result, requests } = await recordNeo4jRequests(() =>
      api("POST", "/graph/query", { cypher: statement }, { vars: { NEO4J_QUERY_TIMEOUT_SECONDS: "1" } }),
    );
    expect(result.status, JSON.stringify(result.body)).toBe(504);
    expect(result.body.error.code).toBe("query_timeout");
    expect(statementRequests(requests, statement)).toEqual([expect.objectContaining({ path: "/tx", body: expect.objectContaining({ maxExecutionTime: 1 }) })]);
    // Neo4j checks time limits every 2 seconds: the transaction must be gone soon after.
    expect(await goneWithin(statement, 10_000), "the query still runs on Neo4j").toBeDefined();
  });

  it("sends a query whose limit is the server's as one auto-commit request, and Neo4j ends it at that limit", async () => {
    const serverLimit = await neo4j.checkServerTimeout();
    expect(serverLimit).toBe(30);
    const label = uniqueLabel("Held");
    await neo4j.query(`CREATE (:${label})`, {}, { accessMode: "WRITE" });
    const release = await holdLock(label, serverLimit! + 15);
    try {
      const statement = `MATCH (n:${label}) SET n.waited = true RETURN n.waited AS waited`;
      const started = Date.now();
      const { result: outcome, requests } = await recordNeo4jRequests(async () => {
        const query = neo4j.query(statement, {}, { accessMode: "WRITE", timeoutSeconds: serverLimit! }).catch((error: unknown) => error);
        // On Neo4j, blocked by the lock, until something ends it.
        await expect.poll(() => running(statement), { timeout: 10_000 }).toBe(1);
        return query;
      });
      expect(statementRequests(requests, statement)).toEqual([expect.objectContaining({ path: "" })]);
      expect(statementRequests(requests, statement)[0]!.body).not.toHaveProperty("maxExecutionTime");
      // Neo4j ends it once the limit passes (it checks every 2 s); the lock is held longer, so only the limit can have.
      expect(await goneWithin(statement, 10_000), "the query still runs on Neo4j").toBeDefined();
      const ended = Date.now() - started;
      expect(ended).toBeGreaterThanOrEqual(serverLimit! * 1000);
      expect(ended).toBeLessThan((serverLimit! + 5) * 1000);
      const stopped = outcome instanceof Neo4jTimeoutError || (outcome instanceof Neo4jError && outcome.code.startsWith("Neo.ClientError.Transaction."));
      expect(stopped, String(outcome)).toBe(true);
    } finally {
      await release();
      await neo4j.query(`MATCH (n:${label}) DELETE n`, {}, { accessMode: "WRITE" });
    }
  }, 60_000);
});
