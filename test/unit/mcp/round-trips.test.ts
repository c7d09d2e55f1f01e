import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../../worker/app";
import { mcpRequest } from "../../support/mcp-request";
import { createTool, createToolset } from "../../support/toolsets";

/** env.DB with every statement that reaches D1 counted (a batch is one round trip). */
function countingEnv() {
  let roundTrips = 0;
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(statement, {
      get(target, key) {
        const value = Reflect.get(target, key, target);
        if (key === "bind") return (...args: unknown[]) => wrap(value.apply(target, args));
        if (["all", "first", "run", "raw"].includes(String(key))) {
          return (...args: unknown[]) => {
            roundTrips++;
            return value.apply(target, args);
          };
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  const db = new Proxy(env.DB, {
    get(target, key) {
      const value = Reflect.get(target, key, target);
      if (key === "prepare") return (sql: string) => wrap(value.call(target, sql));
      if (key === "batch") {
        return (statements: D1PreparedStatement[]) => {
          roundTrips++;
          return value.call(target, statements);
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { env: { ...env, DB: db }, count: () => roundTrips };
}

describe("D1 round trips per MCP request", () => {
  it("tools/list reads every exposed tool in one round trip", async () => {
    for (let t = 0; t < 3; t++) {
      const toolset = await createToolset();
      for (let k = 0; k < 3; k++) await createTool(toolset.id);
    }
    const counting = countingEnv();
    const response = await createApp().fetch(mcpRequest("tools/list"), counting.env);
    const body = (await response.json()) as { result: { tools: unknown[] } };
    expect(body.result.tools.length).toBeGreaterThanOrEqual(9);
    expect(counting.count()).toBeLessThanOrEqual(2);
    expect(counting.count()).toBe(1);
  });

  it("tools/call reads the one tool it runs in one round trip", async () => {
    const toolset = await createToolset();
    const tool = await createTool(toolset.id);
    const counting = countingEnv();
    const response = await createApp().fetch(mcpRequest("tools/call", { name: `${toolset.id}__${tool.id}`, arguments: {} }), counting.env);
    const body = (await response.json()) as { result: { structuredContent: unknown } };
    expect(body.result.structuredContent).toEqual({ results: [{ one: 1 }] });
    expect(counting.count()).toBe(1);
  });
});
