// A burst of requests to a Worker served by wrangler dev holds at most NEO4J_MAX_CONCURRENT_REQUESTS
// queries at Neo4j at once: the requests are separate invocations of one isolate, which share its
// slots (worker/neo4j/slots.ts).
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { rest } from "../support/rest";
import { type RunningWorker, startWorker } from "../support/worker";

describe("a burst of requests", () => {
  let worker: RunningWorker;
  const faulty = inject("faultyNeo4jUrl");
  const peak = async () => ((await (await fetch(`${faulty}/stats`)).json()) as { peak: number }).peak;

  beforeAll(async () => {
    // A Neo4j that answers every query after 300 ms and counts how many it holds at once.
    worker = await startWorker({ NEO4J_URL: faulty, NEO4J_DATABASE: "slow", NEO4J_MAX_CONCURRENT_REQUESTS: "4" });
  });
  afterAll(() => worker?.stop());

  it("holds at most NEO4J_MAX_CONCURRENT_REQUESTS queries at Neo4j, and every request is answered", async () => {
    await peak();
    const answers = await Promise.all(Array.from({ length: 24 }, () => rest(worker.url, "GET", "/health")));
    expect(answers.map((answer) => answer.status)).toEqual(Array(24).fill(200));
    expect(await peak()).toBe(4);
  });
});
