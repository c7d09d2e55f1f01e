import { describe, expect, it } from "vitest";
import { api } from "../../support/api";
import { testNeo4j } from "../../support/neo4j";

const neo4j = testNeo4j();

/** Ten seconds of counting on any machine; the marker finds this very query in SHOW TRANSACTIONS. */
const slowQuery = (marker: number) => `UNWIND range(1, 1000000000) AS x WITH x WHERE x < -${marker} RETURN count(*) AS n`;

/** Transactions on Neo4j still running the query, seen directly on the server. */
async function running(statement: string): Promise<number> {
  const { rows } = await neo4j.query("SHOW TRANSACTIONS YIELD currentQuery, status WHERE currentQuery = $statement AND status = 'Running' RETURN count(*)", {
    statement,
  });
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

describe("NEO4J_QUERY_TIMEOUT_SECONDS is enforced by Neo4j, not only by the Worker", () => {
  it("ends the transaction on the server once a query passes the limit", async () => {
    const statement = slowQuery(Math.floor(Math.random() * 1e9));
    const call = api("POST", "/graph/query", { cypher: statement }, { vars: { NEO4J_QUERY_TIMEOUT_SECONDS: "1" } });
    const { status, body } = await call;
    expect(status, JSON.stringify(body)).toBe(504);
    expect(body.error.code).toBe("query_timeout");
    // Neo4j checks time limits every 2 seconds: the transaction must be gone soon after.
    expect(await goneWithin(statement, 10_000), "the query still runs on Neo4j").toBeDefined();
  }, 30_000);
});
