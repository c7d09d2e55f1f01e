import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../../worker/config";
import { resultLimits } from "../../../worker/operations/services";
import { CACHE_NAME, cacheKey } from "../../../worker/results/edge-cache";
import { api } from "../../support/api";
import { mcp } from "../../support/mcp-app";
import { recordNeo4jRequests, runsOf } from "../../support/neo4j-requests";
import { createTool, createToolset } from "../../support/toolsets";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Cypher no other test runs, so Neo4j requests are counted for this test's tool alone. */
const unique = (cypher: string) => `${cypher} // ${crypto.randomUUID()}`;

async function cachedTool(ttl: number | undefined, cypher = unique("RETURN rand() AS r"), parameters: unknown[] = []) {
  const toolset = await createToolset();
  const tool = await createTool(toolset.id, { cypher, parameters, ...(ttl === undefined ? {} : { cache_ttl_seconds: ttl }) });
  const path = `/toolsets/${toolset.id}/tools/${tool.id}`;
  const call = (args: Record<string, unknown> = {}, options: { headers?: Record<string, string>; vars?: Record<string, string> } = {}) =>
    api("POST", `${path}/call`, { arguments: args }, options);
  return { toolset, tool, path, cypher, call };
}

describe("the edge result cache of a tool (REST)", () => {
  it("answers a second call within the TTL without asking Neo4j, saying hit and how old", async () => {
    const { call, cypher } = await cachedTool(60);
    const first = await call();
    expect(first.status).toBe(200);
    expect(first.headers.get("x-seizu-cache")).toBe("miss");
    const { result: second, requests } = await recordNeo4jRequests(() => call());
    expect(requests).toEqual([]);
    expect(second.headers.get("x-seizu-cache")).toBe("hit");
    expect(second.headers.get("age")).toBe("0");
    expect(second.body).toEqual(first.body);
    expect(runsOf(requests, cypher)).toBe(0);
  });

  it("reports the age of a hit, and queries again once the TTL has passed", async () => {
    const { call, cypher } = await cachedTool(2);
    const first = await call();
    await sleep(1100);
    const aged = await call();
    expect(aged.headers.get("x-seizu-cache")).toBe("hit");
    expect(aged.headers.get("age")).toBe("1");
    expect(aged.body).toEqual(first.body);
    await sleep(1000);
    const { result: expired, requests } = await recordNeo4jRequests(() => call());
    expect(expired.headers.get("x-seizu-cache")).toBe("miss");
    expect(runsOf(requests, cypher)).toBe(1);
    expect(expired.body).not.toEqual(first.body);
  });

  it("never serves an earlier version's rows after an edit", async () => {
    const { call, path } = await cachedTool(60, unique("RETURN 1 AS one"));
    expect((await call()).body.results).toEqual([{ one: 1 }]);
    const edited = await api("PATCH", path, { cypher: unique("RETURN 2 AS two") });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const after = await call();
    expect(after.headers.get("x-seizu-cache")).toBe("miss");
    expect(after.body.results).toEqual([{ two: 2 }]);
  });

  it("keeps different arguments apart, and equal arguments together whatever their key order", async () => {
    const { call } = await cachedTool(60, unique("RETURN $a AS a, $b AS b, rand() AS r"), [
      { name: "a", type: "integer" },
      { name: "b", type: "integer" },
    ]);
    const one = await call({ a: 1, b: 2 });
    const two = await call({ a: 2, b: 2 });
    expect([one.headers.get("x-seizu-cache"), two.headers.get("x-seizu-cache")]).toEqual(["miss", "miss"]);
    expect(two.body.results[0]).toMatchObject({ a: 2, b: 2 });
    const again = await call({ b: 2, a: 1 });
    expect(again.headers.get("x-seizu-cache")).toBe("hit");
    expect(again.body).toEqual(one.body);
  });

  it("runs the query and stores its fresh answer when a caller who may edit the tool sends Cache-Control: no-cache", async () => {
    const { call, cypher } = await cachedTool(60);
    const first = await call();
    const { result: bypassed, requests } = await recordNeo4jRequests(() => call({}, { headers: { "cache-control": "no-cache" } }));
    expect(bypassed.headers.get("x-seizu-cache")).toBe("bypass");
    expect(runsOf(requests, cypher)).toBe(1);
    expect(bypassed.body).not.toEqual(first.body);
    const next = await call();
    expect(next.headers.get("x-seizu-cache")).toBe("hit");
    expect(next.body).toEqual(bypassed.body);
  });

  it("shares one Neo4j query among 8 concurrent calls with a cold cache", async () => {
    const { call, cypher } = await cachedTool(60);
    const { result: answers, requests } = await recordNeo4jRequests(() => Promise.all(Array.from({ length: 8 }, () => call())));
    expect(runsOf(requests, cypher)).toBe(1);
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    expect(answers.map((answer) => answer.headers.get("x-seizu-cache")).sort()).toEqual(["hit", "hit", "hit", "hit", "hit", "hit", "hit", "miss"]);
  });

  it("stores a truncated result under the limits that cut it: the same truncation on a hit, other limits another entry", async () => {
    const { call } = await cachedTool(60, unique("UNWIND range(1, 5) AS i RETURN i"));
    const tight = { vars: { MCP_TOOL_RESULT_MAX_ROWS: "2" } };
    const cut = await call({}, tight);
    expect(cut.body.results).toMatchObject({ truncated: true, returned: 2, max_rows: 2 });
    const again = await call({}, tight);
    expect(again.headers.get("x-seizu-cache")).toBe("hit");
    expect(again.body).toEqual(cut.body);
    const whole = await call();
    expect(whole.headers.get("x-seizu-cache")).toBe("miss");
    expect(whole.body.results).toHaveLength(5);
  });

  it.each([
    ["0", 0],
    ["absent", undefined],
  ])("never caches with a TTL of %s, and says nothing of a cache", async (_label, ttl) => {
    const { call, cypher } = await cachedTool(ttl);
    const { result: answers, requests } = await recordNeo4jRequests(async () => [await call(), await call()]);
    expect(runsOf(requests, cypher)).toBe(2);
    expect(answers.map((answer) => answer.headers.get("x-seizu-cache"))).toEqual([null, null]);
  });

  it("never caches an error", async () => {
    const { call, cypher } = await cachedTool(60, unique("RETURN 1 / $d AS x"), [{ name: "d", type: "integer" }]);
    const { result: answers, requests } = await recordNeo4jRequests(async () => [await call({ d: 0 }), await call({ d: 0 })]);
    for (const answer of answers) expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(runsOf(requests, cypher)).toBe(2);
  });

  it.each([
    [-1, "too_small", "must be at least 0"],
    [1.5, "invalid_type", "whole number"],
    [86_401, "too_big", "must be at most 86400"],
    ["60", "invalid_type", "whole number"],
  ])("refuses cache_ttl_seconds %j with a 422 naming the field and the rule, creating nothing", async (ttl, rule, message) => {
    const toolset = await createToolset();
    const { status, body } = await api("POST", `/toolsets/${toolset.id}/tools`, {
      id: "cached",
      name: "Cached",
      cypher: "RETURN 1 AS one",
      cache_ttl_seconds: ttl,
    });
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([{ field: "cache_ttl_seconds", rule, message: expect.stringContaining(message) }]);
    expect((await api("GET", `/toolsets/${toolset.id}/tools`)).body.tools).toEqual([]);
  });
});

describe("the two layers of the edge result cache", () => {
  /** Counts this isolate's lookups in the Cache API while `work` runs. */
  async function cacheApiMatches<T>(work: () => Promise<T>): Promise<{ result: T; matches: number }> {
    let matches = 0;
    const open = caches.open.bind(caches);
    const spy = vi.spyOn(caches, "open").mockImplementation(async (name) => {
      const cache = await open(name);
      return Object.assign(Object.create(cache), {
        match: (...args: Parameters<Cache["match"]>) => {
          matches++;
          return cache.match(...args);
        },
        put: cache.put.bind(cache),
      });
    });
    try {
      return { result: await work(), matches };
    } finally {
      spy.mockRestore();
    }
  }

  it("answers a repeated hit from the isolate's memory, without a Cache API lookup", async () => {
    const { call } = await cachedTool(60);
    await call();
    const { result: hit, matches } = await cacheApiMatches(() => call());
    expect(hit.headers.get("x-seizu-cache")).toBe("hit");
    expect(matches).toBe(0);
  });

  it("serves a result another isolate stored in the Cache API, with its age, without asking Neo4j", async () => {
    const { toolset, tool, call, cypher } = await cachedTool(60);
    const limits = resultLimits(loadConfig(env));
    const key = await cacheKey({ scope: ["tool", toolset.id, tool.id, "1"], args: {}, database: loadConfig(env).NEO4J_DATABASE, limits });
    const storedAt = Date.now() - 5_000;
    const elsewhere = [{ r: "stored by another isolate" }];
    await (await caches.open(CACHE_NAME)).put(
      key,
      new Response(JSON.stringify(elsewhere), { headers: { "Cache-Control": "max-age=60", "X-Seizu-Stored-At": String(storedAt) } }),
    );
    const { result, requests } = await recordNeo4jRequests(() => cacheApiMatches(() => call()));
    expect(runsOf(requests, cypher)).toBe(0);
    expect(result.matches).toBe(1);
    expect(result.result.headers.get("x-seizu-cache")).toBe("hit");
    expect(result.result.headers.get("age")).toBe("5");
    expect(result.result.body.results).toEqual(elsewhere);
  });
});

describe("the edge result cache of a tool (MCP)", () => {
  const mcpCall = (name: string, meta: Record<string, unknown> = {}) => mcp("tools/call", { name, arguments: {}, _meta: meta });

  it("says in _meta.cache whether the result came from the cache and how old it is", async () => {
    const { toolset, tool, cypher } = await cachedTool(60);
    const name = `${toolset.id}__${tool.id}`;
    const first = await mcpCall(name);
    expect(first.result._meta.cache).toEqual({ status: "miss", age_seconds: 0, ttl_seconds: 60 });
    const { result: second, requests } = await recordNeo4jRequests(() => mcpCall(name));
    expect(runsOf(requests, cypher)).toBe(0);
    expect(second.result._meta.cache).toEqual({ status: "hit", age_seconds: 0, ttl_seconds: 60 });
    expect(second.result.structuredContent).toEqual(first.result.structuredContent);
  });

  it("bypasses the cache for a caller holding tools:write who sends _meta.cache_control no-cache", async () => {
    const { toolset, tool, cypher } = await cachedTool(60);
    const name = `${toolset.id}__${tool.id}`;
    await mcpCall(name);
    const { result, requests } = await recordNeo4jRequests(() => mcpCall(name, { cache_control: "no-cache" }));
    expect(result.result._meta.cache.status).toBe("bypass");
    expect(runsOf(requests, cypher)).toBe(1);
  });

  it("carries no cache _meta for a tool without a TTL", async () => {
    const { toolset, tool } = await cachedTool(undefined);
    const { result } = await mcpCall(`${toolset.id}__${tool.id}`);
    expect(result._meta).not.toHaveProperty("cache");
  });
});
