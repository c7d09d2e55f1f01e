// The arithmetic of boundResult: whatever the budget, the cut result is never over it, keeps a
// leading part of each list, and could not keep one more item.
import { describe, expect, it } from "vitest";
import { boundResult } from "../../../worker/builtins/bounded-result";

const bytes = (text: string) => new TextEncoder().encode(text).length;

/** Items of uneven sizes, some of them not ASCII, so bytes and characters differ. */
const items = (count: number, seed: number) => Array.from({ length: count }, (_, i) => ({ name: `item ${i} ${"é".repeat((i * seed) % 23)}`, n: i * seed }));

const multi = {
  title: "the part that is not a list",
  labels: items(40, 3).map((item) => item.name),
  indexes: items(12, 7),
  toolsets: Object.fromEntries(items(25, 5).map((item) => [`id_${item.n}`, item])),
  empty: [],
};
const lists = ["labels", "indexes", "toolsets", "empty"];

describe("boundResult", () => {
  it("is exercised below the result's whole size", () => {
    expect(bytes(JSON.stringify(multi))).toBeGreaterThan(3001);
  });

  it("returns a result within both bounds unchanged, with its text", () => {
    const bounded = boundResult(multi, lists, { maxRows: 100, maxBytes: 1_000_000 });
    expect(bounded).toEqual({ result: multi, text: JSON.stringify(multi) });
  });

  it.each([777, 1000, 1499, 2000, 2500, 3001])("never exceeds a budget of %i bytes and keeps as much as fits", (maxBytes) => {
    const bounded = boundResult(multi, lists, { maxRows: 100, maxBytes });
    if (!("result" in bounded)) throw new Error(`refused: ${JSON.stringify(bounded)}`);
    const { result, text } = bounded;
    expect(text).toBe(JSON.stringify(result));
    expect(bytes(text)).toBeLessThanOrEqual(maxBytes);
    expect(result).toMatchObject({ title: multi.title, truncated: true, truncated_reasons: ["byte_limit"], total_rows: 77, max_bytes: maxBytes });
    const kept = {
      labels: (result.labels as unknown[]).length,
      indexes: (result.indexes as unknown[]).length,
      toolsets: Object.keys(result.toolsets as object).length,
      empty: 0,
    };
    expect(result.lists).toEqual({
      labels: { returned: kept.labels, total_rows: 40 },
      indexes: { returned: kept.indexes, total_rows: 12 },
      toolsets: { returned: kept.toolsets, total_rows: 25 },
      empty: { returned: 0, total_rows: 0 },
    });
    expect(result.returned).toBe(kept.labels + kept.indexes + kept.toolsets);
    expect(result.labels).toEqual(multi.labels.slice(0, kept.labels));
    expect(result.indexes).toEqual(multi.indexes.slice(0, kept.indexes));
    expect(Object.keys(result.toolsets as object)).toEqual(Object.keys(multi.toolsets).slice(0, kept.toolsets));
    // Taken in turns: a long list does not starve the others.
    expect(Math.min(kept.labels, kept.indexes, kept.toolsets)).toBeGreaterThan(0);
    // Maximal: one more item of any list that has more would not fit.
    const more = {
      labels: multi.labels.slice(0, kept.labels + 1),
      indexes: multi.indexes.slice(0, kept.indexes + 1),
      toolsets: Object.fromEntries(Object.entries(multi.toolsets).slice(0, kept.toolsets + 1)),
    };
    for (const list of ["labels", "indexes", "toolsets"] as const) {
      if (kept[list] === (result.lists as any)[list].total_rows) continue;
      const counts = { ...(result.lists as object), [list]: { returned: kept[list] + 1, total_rows: (result.lists as any)[list].total_rows } };
      const grown = { ...result, returned: (result.returned as number) + 1, lists: counts, [list]: more[list] };
      expect(bytes(JSON.stringify(grown))).toBeGreaterThan(maxBytes);
    }
  });

  it("cuts at MCP_TOOL_RESULT_MAX_ROWS per list, then at the bytes, naming both reasons", () => {
    const rowsOnly = boundResult(multi, lists, { maxRows: 5, maxBytes: 1_000_000 });
    expect(rowsOnly).toMatchObject({ result: { truncated_reasons: ["row_limit"], returned: 15, lists: { indexes: { returned: 5 } } } });
    const both = boundResult(multi, lists, { maxRows: 5, maxBytes: 800 });
    if (!("result" in both)) throw new Error("refused");
    expect(both.result.truncated_reasons).toEqual(["row_limit", "byte_limit"]);
    expect(bytes(both.text)).toBeLessThanOrEqual(800);
  });

  it("refuses a result with no list that is over the byte limit", () => {
    expect(boundResult({ package_base64: "A".repeat(5000) }, [], { maxRows: 10, maxBytes: 2000 })).toEqual({ tooLarge: { bytes: 5021, listed: false } });
  });

  it("refuses a list result of which not even one item fits", () => {
    expect(boundResult({ items: ["z".repeat(3000)] }, ["items"], { maxRows: 10, maxBytes: 2000 })).toEqual({ tooLarge: { bytes: 3014, listed: true } });
  });
});
