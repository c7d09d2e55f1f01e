import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../../worker/app";
import { mcpRequest } from "../../support/mcp-request";
import { testNeo4j } from "../../support/neo4j";
import { createTool, createToolset } from "../../support/toolsets";

/** A D1 database or session whose statements reaching D1 are counted (a batch is one round trip). */
function counted<T extends Pick<D1Database, "prepare" | "batch">>(target: T, count: () => void): T {
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(statement, {
      get(target, key) {
        const value = Reflect.get(target, key, target);
        if (key === "bind") return (...args: unknown[]) => wrap(value.apply(target, args));
        if (["all", "first", "run", "raw"].includes(String(key))) {
          return (...args: unknown[]) => {
            count();
            return value.apply(target, args);
          };
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  return new Proxy(target, {
    get(target, key) {
      const value = Reflect.get(target, key, target) as (...args: unknown[]) => unknown;
      if (key === "prepare") return (sql: string) => wrap(value.call(target, sql) as D1PreparedStatement);
      if (key === "batch") {
        return (statements: D1PreparedStatement[]) => {
          count();
          return value.call(target, statements);
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** env.DB with every round trip counted, on the database and on the sessions taken from it. */
function countingEnv() {
  let roundTrips = 0;
  const sessions: string[] = [];
  const count = () => roundTrips++;
  const db = new Proxy(env.DB, {
    get(target, key) {
      if (key === "withSession") {
        return (constraint: string) => {
          sessions.push(constraint);
          return counted(target.withSession(constraint), count);
        };
      }
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { env: { ...env, DB: counted(db, count) }, count: () => roundTrips, sessions };
}

interface Neo4jRequest {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
  answered: Promise<number>;
}

/** Runs `work` with every request to Neo4j recorded: method, path under /query/v2, body, status. */
async function recordingNeo4j<T>(work: () => Promise<T>): Promise<{ result: T; requests: Neo4jRequest[] }> {
  const requests: Neo4jRequest[] = [];
  const original = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    const response = original(input, init);
    if (url.startsWith(env.NEO4J_URL)) {
      requests.push({
        method: init?.method ?? "GET",
        path: url.replace(/^.*\/query\/v2/, ""),
        body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
        answered: response.then((answer) => answer.status),
      });
    }
    return response;
  }) as typeof fetch;
  try {
    return { result: await work(), requests };
  } finally {
    globalThis.fetch = original;
  }
}

describe("Remote round trips per MCP request", () => {
  it("tools/list reads every exposed tool in one round trip", async () => {
    for (let t = 0; t < 3; t++) {
      const toolset = await createToolset();
      for (let k = 0; k < 3; k++) await createTool(toolset.id);
    }
    const counting = countingEnv();
    const response = await createApp().fetch(mcpRequest("tools/list"), counting.env);
    const body = (await response.json()) as { result: { tools: unknown[] } };
    expect(body.result.tools.length).toBeGreaterThanOrEqual(9);
    expect(counting.count()).toBe(1);
  });

  it("tools/call reads the tools once in one D1 round trip, on a session a read replica may serve, and then not at all", async () => {
    const toolset = await createToolset();
    const tool = await createTool(toolset.id);
    const call = async () => {
      const counting = countingEnv();
      const response = await createApp().fetch(mcpRequest("tools/call", { name: `${toolset.id}__${tool.id}`, arguments: {} }), counting.env);
      const body = (await response.json()) as { result: { structuredContent: unknown } };
      expect(body.result.structuredContent).toEqual({ results: [{ one: 1 }] });
      return counting;
    };
    const first = await call();
    expect(first.count()).toBe(1);
    expect(first.sessions).toEqual(["first-unconstrained"]);
    expect((await call()).count()).toBe(0);
  });

  it("tools/call sends one request to Neo4j, an auto-commit query the server's own time limit ends, and nothing after", async () => {
    const toolset = await createToolset();
    const tool = await createTool(toolset.id);
    // Known to this isolate, as after any first query: the test Neo4j's limit is the Worker's, 30 s.
    expect(await testNeo4j().checkServerTimeout()).toBe(30);
    const { result: response, requests } = await recordingNeo4j(async () => {
      const answer = await createApp().fetch(mcpRequest("tools/call", { name: `${toolset.id}__${tool.id}`, arguments: {} }), env);
      await answer.text();
      // Time for anything sent in the background, as the rollback of a read transaction was.
      await new Promise((settle) => setTimeout(settle, 500));
      return answer;
    });
    expect(response.status).toBe(200);
    expect(requests).toEqual([
      expect.objectContaining({ method: "POST", path: "", body: expect.objectContaining({ statement: "RETURN 1 AS one", accessMode: "READ" }) }),
    ]);
    expect(requests[0]?.body).not.toHaveProperty("maxExecutionTime");
    expect(await requests[0]?.answered).toBe(202);
  });
});

describe("graph__query reuses its checks", () => {
  const query = (cypher: string, parameters: Record<string, unknown>) =>
    recordingNeo4j(async () => {
      const answer = await createApp().fetch(mcpRequest("tools/call", { name: "graph__query", arguments: { query: cypher, parameters } }), env);
      const body = (await answer.json()) as { result: { isError?: boolean; structuredContent: unknown } };
      expect(body.result.isError, JSON.stringify(body)).toBeFalsy();
      return body.result.structuredContent;
    });
  // The call's own queries carry its hang-up marker; the client's reading of the server's settings does not.
  const statements = (requests: Neo4jRequest[]) =>
    requests
      .filter((request) => (request.body?.parameters as Record<string, unknown> | undefined)?.__seizu_call)
      .map((request) => String(request.body?.statement));

  it("plans with the call's parameters, so Neo4j can cache the plan the run then uses", async () => {
    const cypher = `RETURN $n + ${Math.random()} AS n`;
    const { requests } = await query(cypher, { n: 1 });
    const explain = requests.find((request) => String(request.body?.statement).startsWith("EXPLAIN "));
    // Beside the call's own, the marker by which a query whose caller hangs up is found and stopped.
    expect(explain?.body?.parameters).toEqual({ n: { $type: "Integer", _value: "1" }, __seizu_call: { $type: "String", _value: expect.any(String) } });
  });

  it("runs a query it checked a moment ago with one request to Neo4j", async () => {
    const cypher = `RETURN $n * ${Math.random()} AS n`;
    expect(statements((await query(cypher, { n: 1 })).requests)).toEqual([`EXPLAIN ${cypher}`, cypher]);
    const again = await query(cypher, { n: 2 });
    expect(statements(again.requests)).toEqual([cypher]);
  });

  it("checks the same text again when a parameter's type changes", async () => {
    const cypher = `RETURN $n AS n, ${Math.random()} AS r`;
    await query(cypher, { n: 1 });
    expect(statements((await query(cypher, { n: "one" })).requests)).toEqual([`EXPLAIN ${cypher}`, cypher]);
  });
});
