// `seizu audit list|stats|export` end to end: the real binary (node cli/seizu.mjs) against the
// Worker under `wrangler dev`, whose local D1 holds a thousand known events (bench/lib/audit-events.mjs:
// event i, a minute after event i - 1, by user-(i % 50), of bench__tool_(i % 200)).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error plain ESM helper of the benchmark, which fills the same way
import { fillAuditEvents } from "../../bench/lib/audit-events.mjs";
import { createCli, failsWith, ok, type Cli } from "../support/cli";
import { type RunningWorker, startWorker } from "../support/worker";

const COUNT = 1000;
const END = Date.UTC(2026, 0, 31);
const WINDOW = ["--since", "2026-01-30", "--until", "2026-01-31"];
/** The time of event i. */
const at = (i: number) => new Date(END - (COUNT - i) * 60_000).toISOString();

let worker: RunningWorker;
let cli: Cli;

beforeAll(async () => {
  worker = await startWorker({}, (persistTo) => fillAuditEvents(persistTo, { count: COUNT, endMs: END, spanMs: COUNT * 60_000 }));
  cli = createCli({ SEIZU_SERVER: worker.url });
}, 180_000);

afterAll(async () => {
  cli?.cleanup();
  await worker?.stop();
});

describe("seizu audit list", () => {
  it("lists a caller's events newest first, a page at a time, as JSON", async () => {
    const first = ok(await cli.run(["audit", "list", "--principal", "user-7", "--limit", "5", "--output", "json"])).json();
    expect(first.events.map((event: { occurred_at: string }) => event.occurred_at)).toEqual([957, 907, 857, 807, 757].map(at));
    expect(first.events[0]).toMatchObject({ kind: "tool_call", target: "bench__tool_157", principal: { subject: "user-7", name: "User 7" }, via: "rest" });
    const second = ok(await cli.run(["audit", "list", "--principal", "user-7", "--limit", "5", "--cursor", first.next_cursor, "--output", "json"])).json();
    expect(second.events.map((event: { occurred_at: string }) => event.occurred_at)).toEqual([707, 657, 607, 557, 507].map(at));
  });

  it("shows a table with the next page's cursor, and filters by outcome and time", async () => {
    const table = ok(await cli.run(["audit", "list", "--outcome", "tool_error", "--since", at(900), "--limit", "2"])).stdout;
    const lines = table.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^TIME\s+KIND\s+TARGET\s+PRINCIPAL\s+OUTCOME\s+MS\s+VIA\s+EVENT$/);
    // Events 975 and 950 fail (i % 25 = 0); both are graph queries or calls of their tools.
    expect(lines[1]).toMatch(new RegExp(`^${at(975)}\\s+tool_call\\s+bench__tool_175\\s+user-25\\s+tool_error\\s`));
    expect(lines[2]).toMatch(new RegExp(`^${at(950)}\\s+graph_query\\s+bench__tool_150\\s+user-0\\s+tool_error\\s`));
    expect(lines.at(-1)).toMatch(/^more: --cursor \S+$/);
  });

  it("refuses a bad filter naming the field and the rule", async () => {
    const line = failsWith(await cli.run(["audit", "list", "--since", "yesterday"]), 1);
    expect(line).toContain("since");
    expect(line).toContain("ISO 8601");
    expect(line).toContain("HTTP 422");
  });
});

describe("seizu audit stats", () => {
  it("answers one tool's calls and p50/p95, worked out by hand", async () => {
    const stats = ok(await cli.run(["audit", "stats", ...WINDOW, "--target", "bench__tool_7", "--output", "json"])).json();
    // Events 7, 207, 407, 607 and 807 took 44.3, 24.3, 4.3, 84.3 and 64.3 ms: p50 the third fastest, p95 the fifth.
    expect(stats.totals).toMatchObject({ calls: 5, errors: 0, error_rate: 0 });
    expect(stats.totals.p50_ms).toBeCloseTo(44.3, 6);
    expect(stats.totals.p95_ms).toBeCloseTo(84.3, 6);
    expect(stats.by_principal.map((row: { subject: string }) => row.subject).sort()).toEqual(["user-7"]);
  });

  it("shows totals and the busiest targets and callers as tables", async () => {
    const text = ok(await cli.run(["audit", "stats", ...WINDOW])).stdout;
    // 900 calls: every event but the confirmations (i % 10 = 1).
    expect(text).toMatch(/^calls:\s+900$/m);
    expect(text).toMatch(/^TARGET\s+KIND\s+CALLS\s+ERRORS\s+ERROR RATE\s+P50 MS\s+P95 MS$/m);
    expect(text).toMatch(/^PRINCIPAL\s+NAME\s+CALLS\s+ERRORS\s+P50 MS\s+P95 MS$/m);
  });

  it("refuses a window over 31 days", async () => {
    const line = failsWith(await cli.run(["audit", "stats", "--since", "2025-01-01", "--until", "2026-01-01"]), 1);
    expect(line).toContain("since");
    expect(line).toContain("31 days");
  });
});

describe("seizu audit export", () => {
  it("writes every matching event as CSV to stdout, a header row first", async () => {
    const csv = ok(await cli.run(["audit", "export", "--principal", "user-7"])).stdout;
    const rows = csv.split("\r\n").slice(0, -1);
    expect(rows[0]).toMatch(/^event_id,occurred_at,kind,action,outcome,via,principal_subject,/);
    expect(rows).toHaveLength(21);
    expect(rows[1]!.split(",")[1]).toBe(at(957));
  });

  it("writes JSON Lines to --file", async () => {
    const file = join(cli.home, "audit.jsonl");
    const result = ok(await cli.run(["audit", "export", "--target", "bench__tool_7", "--format", "jsonl", "--file", file]));
    expect(result.stdout).toBe("");
    const events = readFileSync(file, "utf8")
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(events.map((event) => event.occurred_at)).toEqual([807, 607, 407, 207, 7].map(at));
  });
});
