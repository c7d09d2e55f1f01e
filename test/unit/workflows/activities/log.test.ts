import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { activity, run, testConfig } from "../../../support/activities";

// The settings warn about DEVELOPMENT_ONLY_REQUIRE_AUTH=false once per isolate: before any spy.
beforeAll(() => void testConfig());
// Spies that call through: the lines still reach the console, the test reads what was written.
afterEach(() => vi.restoreAllMocks());

const rows = (count: number) => Array.from({ length: count }, (_, index) => ({ details: { name: `n${index}`, size: index, secret: "x" } }));

describe("log activity", () => {
  it("writes one JSON line per row with the chosen attributes, at the level's console method", async () => {
    const warn = vi.spyOn(console, "warn");
    const outcome = await run(activity("log", { log_attrs: ["name", "size"], level: "warning", message: "big nodes" }), rows(2));
    expect(warn.mock.calls.map(([line]) => JSON.parse(line as string))).toEqual([
      { level: "warning", message: "big nodes", workflow_id: "wf-1", run_id: "run-1", output: "out", attributes: { name: "n0", size: 0 } },
      { level: "warning", message: "big nodes", workflow_id: "wf-1", run_id: "run-1", output: "out", attributes: { name: "n1", size: 1 } },
    ]);
    expect(outcome.result).toEqual({
      rows_logged: 2,
      entries: [
        { name: "n0", size: 0 },
        { name: "n1", size: 1 },
      ],
    });
  });

  it("logs at info by default", async () => {
    const info = vi.spyOn(console, "info");
    await run(activity("log", { log_attrs: ["name"] }), rows(1));
    expect(info).toHaveBeenCalledTimes(1);
  });

  it("logs an attribute the row lacks as null", async () => {
    vi.spyOn(console, "info");
    const outcome = await run(activity("log", { log_attrs: ["name", "colour"] }), rows(1));
    expect(outcome.result.entries).toEqual([{ name: "n0", colour: null }]);
  });

  it("keeps at most 20 entries in the result but logs every row", async () => {
    const info = vi.spyOn(console, "info");
    const outcome = await run(activity("log", { log_attrs: ["name"] }), rows(25));
    expect(info).toHaveBeenCalledTimes(25);
    expect(outcome.result.rows_logged).toBe(25);
    expect(outcome.result.entries).toHaveLength(20);
  });

  it("takes only the first max_rows rows", async () => {
    vi.spyOn(console, "info");
    const outcome = await run(activity("log", { log_attrs: ["name"], max_rows: 2 }), rows(5));
    expect(outcome.result).toEqual({ rows_logged: 2, entries: [{ name: "n0" }, { name: "n1" }] });
  });

  it("reads the attribute named by query_return_attribute", async () => {
    vi.spyOn(console, "info");
    const outcome = await run(activity("log", { log_attrs: ["id"], query_return_attribute: "node" }), [{ node: { id: 7 } }]);
    expect(outcome.result.entries).toEqual([{ id: 7 }]);
  });

  it("fails on a row lacking query_return_attribute, naming the attribute and the row", async () => {
    vi.spyOn(console, "info");
    await expect(run(activity("log", { log_attrs: ["name"] }), [...rows(1), { other: 1 }])).rejects.toThrow(
      "input row 1 has no attribute 'details' (query_return_attribute); its attributes: other",
    );
  });

  it("fails on a row whose attribute is not a map", async () => {
    await expect(run(activity("log", { log_attrs: ["name"] }), [{ details: 3 }])).rejects.toThrow("input row 0: 'details' must be a map of attributes, got 3");
  });
});
