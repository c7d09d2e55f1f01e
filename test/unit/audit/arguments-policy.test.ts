// AUDIT_ARGUMENTS through the real queue: full keeps each value capped, keys only the names,
// none nothing; an event over EVENT_MAX_BYTES is cut, and says so.
import { describe, expect, it } from "vitest";
import { CUT_MARKER, VALUE_MAX_CHARS } from "../../../worker/audit/arguments";
import { EVENT_MAX_BYTES } from "../../../worker/audit/cap";
import { drainedEventsOf, eventsOf, freshAgent, mcpAs } from "../../support/audit-calls";
import { createTool, createToolset } from "../../support/toolsets";

async function textTool() {
  const toolset = await createToolset();
  const tool = await createTool(toolset.id, {
    cypher: "RETURN size($text) AS n, $n AS m",
    parameters: [
      { name: "text", type: "string" },
      { name: "n", type: "integer" },
    ],
  });
  return `${toolset.id}__${tool.id}`;
}

const callAs = (agent: string, name: string, args: Record<string, unknown>, vars?: Record<string, string>) =>
  mcpAs(agent, "tools/call", { name, arguments: args }, vars);

describe("AUDIT_ARGUMENTS", () => {
  it("full (the default) stores each value, a long string cut with the marker", async () => {
    const name = await textTool();
    const agent = freshAgent();
    await callAs(agent, name, { text: "x".repeat(1000), n: 5 });
    const [event] = await eventsOf(agent);
    expect(event!.detail.arguments).toEqual({ text: `${"x".repeat(VALUE_MAX_CHARS)}${CUT_MARKER}`, n: 5 });
    expect(event!.detail.cut).toBeUndefined();
  });

  it("keys stores only the arguments' names", async () => {
    const name = await textTool();
    const agent = freshAgent();
    await callAs(agent, name, { text: "hello", n: 5 }, { AUDIT_ARGUMENTS: "keys" });
    const [event] = await eventsOf(agent);
    expect(event!.detail.arguments).toEqual(["text", "n"]);
    expect(event!.detail_text).not.toContain("hello");
  });

  it("none stores no arguments at all", async () => {
    const name = await textTool();
    const agent = freshAgent();
    await callAs(agent, name, { text: "hello", n: 5 }, { AUDIT_ARGUMENTS: "none" });
    const [event] = await eventsOf(agent);
    expect(event).toMatchObject({ kind: "tool_call", outcome: "ok" });
    expect(event!.detail).toEqual({});
  });

  it("cuts an event over the cap to its arguments' names and marks it cut", async () => {
    const agent = freshAgent();
    const parameters = Object.fromEntries(Array.from({ length: 20 }, (_, index) => [`p${index}`, "y".repeat(300)]));
    await callAs(agent, "graph__query", { query: "RETURN 1 AS one", parameters });
    const [event] = await eventsOf(agent);
    expect(event!.detail).toMatchObject({ arguments: ["query", "parameters"], cut: true });
    expect(new TextEncoder().encode(JSON.stringify(event!.detail)).length).toBeLessThan(EVENT_MAX_BYTES);
  });

  it("records nothing at all with AUDIT_ENABLED=false", async () => {
    const name = await textTool();
    const agent = freshAgent();
    await callAs(agent, name, { text: "hello", n: 5 }, { AUDIT_ENABLED: "false" });
    expect(await drainedEventsOf(agent)).toEqual([]);
  });
});
