// The isolate's cap on queries in flight to Neo4j, against a server that answers every query after
// 300 ms with no rows and counts how many it holds at once (test/setup/faulty-neo4j.ts).
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { Neo4jUnavailableError } from "../../../worker/neo4j/errors";
import { neo4jSlots } from "../../../worker/neo4j/slots";
import { testNeo4j } from "../../support/neo4j";

const peak = async () => ((await (await fetch(`${env.FAULTY_NEO4J_URL}/stats`)).json()) as { peak: number }).peak;
const server = (database: string, maxConcurrentRequests: number) => testNeo4j({ url: env.FAULTY_NEO4J_URL, database, maxConcurrentRequests });

afterEach(() => {
  neo4jSlots.limit = 32;
});

describe("queries in flight per isolate", () => {
  it("holds a burst to the cap at Neo4j, and answers every query", async () => {
    const client = server("slow", 3);
    // The client's own reading of the server's time limit, outside the slots, done before the burst.
    await client.checkServerTimeout();
    await peak();
    const started = Date.now();
    const results = await Promise.all(Array.from({ length: 12 }, () => client.query("RETURN 1")));
    expect(results.every((result) => result.rows.length === 0)).toBe(true);
    expect(await peak()).toBe(3);
    // Four waves of three, 300 ms each.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_100);
    expect(neo4jSlots.load).toEqual({ active: 0, waiting: 0 });
  });

  it("lets a query that waits past its time limit go, saying Neo4j is busy and naming the setting", async () => {
    const client = server("silent", 1);
    const holding = client.query("RETURN 1", {}, { timeoutSeconds: 6 }).catch((error: Error) => error);
    const waiting = await client.query("RETURN 1", {}, { timeoutSeconds: 1 }).catch((error: Error) => error);
    expect(waiting).toBeInstanceOf(Neo4jUnavailableError);
    expect((waiting as Error).message).toMatch(/Neo4j is busy: this Worker already has 1 queries in flight \(NEO4J_MAX_CONCURRENT_REQUESTS\)/);
    expect(neo4jSlots.load.waiting).toBe(0);
    await holding;
  }, 20_000);
});
