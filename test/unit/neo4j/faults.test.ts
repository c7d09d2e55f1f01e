import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Neo4jProtocolError, Neo4jTimeoutError, Neo4jUnavailableError } from "../../../worker/neo4j/errors";
import { testNeo4j } from "../../support/neo4j";

/** A client of the misbehaving server; the database name selects the misbehaviour. */
const sick = (database: string) => testNeo4j({ url: env.FAULTY_NEO4J_URL, database, timeoutSeconds: 1 });

async function failure(run: () => Promise<unknown>) {
  const started = Date.now();
  const error = await run().catch((e: unknown) => e);
  return { error: error as Error, elapsed: Date.now() - started };
}

describe("Query API client against a sick server: clear errors, never a hang", () => {
  it("gives up on a server that accepts the request and never answers", async () => {
    const { error, elapsed } = await failure(() => sick("silent").query("RETURN 1"));
    expect(error).toBeInstanceOf(Neo4jTimeoutError);
    expect(error.message).toMatch(/did not answer within 1s/);
    expect(elapsed).toBeLessThan(8_000);
  });

  it("gives EXPLAIN its own shorter time limit, so validation of a statement Neo4j cannot plan fails fast", async () => {
    const client = testNeo4j({ url: env.FAULTY_NEO4J_URL, database: "silent", timeoutSeconds: 30, explainTimeoutSeconds: 1 });
    const { error, elapsed } = await failure(() => client.explain("RETURN 1"));
    expect(error).toBeInstanceOf(Neo4jTimeoutError);
    expect(error.message).toMatch(/did not answer within 1s/);
    expect(elapsed).toBeLessThan(8_000);
  });

  it("gives up on a response that stops halfway", async () => {
    const { error, elapsed } = await failure(() => sick("stalls-mid-body").query("RETURN 1"));
    expect(error).toBeInstanceOf(Neo4jTimeoutError);
    expect(elapsed).toBeLessThan(8_000);
  });

  it("reports a response cut off mid-row", async () => {
    const { error } = await failure(() => sick("cut-stream").query("RETURN 1"));
    expect(error instanceof Neo4jUnavailableError || error instanceof Neo4jProtocolError, String(error)).toBe(true);
  });

  it("reports an HTTP 500 page that is not the Query API's", async () => {
    const { error } = await failure(() => sick("html-500").query("RETURN 1"));
    expect(error).toBeInstanceOf(Neo4jProtocolError);
    expect(error.message).toContain("HTTP 500");
  });

  it("reports a body that is not the Query API's format", async () => {
    const { error } = await failure(() => sick("not-json").query("RETURN 1"));
    expect(error).toBeInstanceOf(Neo4jProtocolError);
  });
});
