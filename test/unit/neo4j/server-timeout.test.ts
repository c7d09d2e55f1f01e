// The isolate's record of each server's own time limit: read in the background, never on a
// caller's path; read again once a minute; after a failed read, nothing is known and the next
// read waits minutes, not one query.
import { describe, expect, it } from "vitest";
import { REFRESH_MS, RETRY_MS, ServerTimeouts } from "../../../worker/neo4j/server-timeout";
import { testNeo4j } from "../../support/neo4j";

/** A clock the test moves, and a read that counts its calls and answers what the test says. */
function setup() {
  let now = 1_000_000;
  const timeouts = new ServerTimeouts(() => now);
  const read = { calls: 0, answer: (): Promise<number | undefined> => Promise.resolve(30) };
  const reader = () => {
    read.calls += 1;
    return read.answer();
  };
  const background: Promise<unknown>[] = [];
  const known = () => timeouts.known("server", reader, (work) => background.push(work));
  const settled = () => Promise.all(background);
  return { known, read, settled, advance: (ms: number) => (now += ms) };
}

describe("the server's own time limit, as an isolate knows it", () => {
  it("is unknown on the first query, which starts the read in the background, and known once it answered", async () => {
    const { known, read, settled } = setup();
    expect(known()).toBeUndefined();
    expect(read.calls).toBe(1);
    await settled();
    expect(known()).toBe(30);
    expect(read.calls).toBe(1);
  });

  it("is read once for any number of queries while a read runs", async () => {
    const { known, read, settled } = setup();
    for (let i = 0; i < 10; i++) known();
    await settled();
    expect(read.calls).toBe(1);
  });

  it("is read again once it is a minute old, and the old value serves until the new one answers", async () => {
    const { known, read, settled, advance } = setup();
    known();
    await settled();
    advance(REFRESH_MS - 1);
    expect(known()).toBe(30);
    expect(read.calls).toBe(1);
    advance(1);
    read.answer = () => Promise.resolve(0);
    expect(known()).toBe(30);
    expect(read.calls).toBe(2);
    await settled();
    expect(known()).toBe(0);
  });

  it("is unknown after a failed read, which is retried minutes later, not on the next query", async () => {
    const { known, read, settled, advance } = setup();
    read.answer = () => Promise.reject(new Error("Permission denied"));
    known();
    await settled();
    advance(RETRY_MS - 1);
    expect(known()).toBeUndefined();
    expect(read.calls).toBe(1);
    advance(1);
    read.answer = () => Promise.resolve(30);
    known();
    await settled();
    expect(known()).toBe(30);
    expect(read.calls).toBe(2);
  });

  it("stays unknown when it is in a form not understood, until the retry", async () => {
    const { known, read, settled, advance } = setup();
    read.answer = () => Promise.resolve(undefined);
    known();
    await settled();
    advance(REFRESH_MS);
    expect(known()).toBeUndefined();
    expect(read.calls).toBe(1);
  });

  it("is readable on the test Neo4j by the Worker's user, as the Worker's default limit", async () => {
    expect(await testNeo4j().checkServerTimeout()).toBe(30);
  });

  it("is unknown, not an error, when the server cannot be reached", async () => {
    expect(await testNeo4j({ url: "http://127.0.0.1:9" }).checkServerTimeout()).toBeUndefined();
  });
});
