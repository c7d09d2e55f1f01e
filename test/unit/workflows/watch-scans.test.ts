import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { runIds } from "../../../worker/workflows/engine";
import { type Scan, ScanMatcher, VALUE_MAX_LENGTH } from "../../../worker/workflows/watch";
import { api } from "../../support/api";
import { testNeo4j, uniqueLabel } from "../../support/neo4j";
import { changeStored, completing, createWorkflow, freshName, queryThenLog, reconcileOne, tick } from "../../support/workflows";

const neo4j = testNeo4j();
/** SyncMetadata nodes as cartography writes them, one per groupid, updated `ahead` seconds from now. */
async function scans(grouptype: string, groupids: string[], ahead = 60) {
  const seconds = Math.floor(Date.now() / 1000) + ahead;
  await neo4j.query(
    "UNWIND $groupids AS groupid MERGE (s:SyncMetadata {grouptype: $grouptype, syncedtype: 'AWSAccount', groupid: groupid}) SET s.lastupdated = $seconds",
    { grouptype, groupids, seconds },
    { accessMode: "WRITE" },
  );
  return new Date(seconds * 1000).toISOString();
}
const scan = (grouptype: string, groupid: string, ahead = 60) => scans(grouptype, [groupid], ahead);

const watching = (grouptype: string, groupid = ".*") => createWorkflow({ watch_scans: [{ grouptype, groupid }] });
const runCount = async (workflowId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM workflow_runs WHERE workflow_id = ?").bind(workflowId).first<{ n: number }>())?.n;
/** Milliseconds `work` took; workerd's clock moves on I/O, so one D1 read closes the measure. */
async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = Date.now();
  const result = await work();
  await env.DB.prepare("SELECT 1").first();
  return [result, Date.now() - start];
}

/** What the scheduler logged when it skipped the workflow. */
function skipped(logged: { mock: { calls: unknown[][] } }, workflowId: string) {
  const lines = logged.mock.calls.map(([line]) => String(line)).filter((line) => line.startsWith("{"));
  return lines.map((line) => JSON.parse(line)).find((entry) => entry.workflow_id === workflowId);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("watched scans: patterns", () => {
  it("refuses what RE2 cannot run (backreferences, lookahead, lookbehind), naming each field, and writes nothing", async () => {
    const name = freshName();
    const response = await api("POST", "/workflows", {
      name,
      stages: queryThenLog(),
      watch_scans: [{ groupid: "(a)\\1" }, { grouptype: "(?=aws)aws.*", syncedtype: "(?<!x)y" }],
    });
    expect(response.status).toBe(422);
    expect(response.body.error.fields).toEqual([
      {
        field: "watch_scans.0.groupid",
        rule: "invalid_format",
        message: "is not a supported regular expression (invalid escape sequence: `\\1`); patterns use RE2 syntax: no backreferences, lookahead or lookbehind",
      },
      expect.objectContaining({ field: "watch_scans.1.grouptype", rule: "invalid_format" }),
      expect.objectContaining({ field: "watch_scans.1.syncedtype", rule: "invalid_format" }),
    ]);
    const names = (await api("GET", "/workflows")).body.workflows.map((workflow: { name: string }) => workflow.name);
    expect(names).not.toContain(name);
  });

  it("refuses a pattern over 1000 characters or too complex to match cheaply", async () => {
    const response = await api("POST", "/workflows", {
      name: freshName(),
      stages: queryThenLog(),
      watch_scans: [{ groupid: "1".repeat(1001), syncedtype: "(?:[a-z]{0,10}){0,100}" }],
    });
    expect(response.status).toBe(422);
    expect(response.body.error.fields).toEqual([
      expect.objectContaining({
        field: "watch_scans.0.syncedtype",
        rule: "too_big",
        message: expect.stringMatching(/^is too complex: it compiles to \d+ instructions, more than 1000/),
      }),
      { field: "watch_scans.0.groupid", rule: "too_big", message: "must be at most 1000 characters" },
    ]);
  });

  it("takes upstream's kinds of pattern: account ids, alternations, named groups, flags", async () => {
    const created = await createWorkflow({
      watch_scans: [
        { grouptype: "AWSAccount", syncedtype: "(?i)awsaccount", groupid: "\\d{12}" },
        { grouptype: "GCP.*", groupid: "123456789012|210987654321|(?P<org>acme)-[a-z0-9-]+" },
      ],
    });
    expect(created.watch_scans[1]).toEqual({ grouptype: "GCP.*", syncedtype: ".*", groupid: "123456789012|210987654321|(?P<org>acme)-[a-z0-9-]+" });
  });
});

describe("watched scans: matching", () => {
  it("matches the issue's (a+)+ against 'a'×36 + '!' in linear time, without holding other requests", async () => {
    const grouptype = uniqueLabel("Redos");
    const workflow = await watching(grouptype, "(a+)+");
    await scan(grouptype, `${"a".repeat(36)}!`);
    // Warm: the measure below is of matching, not of the first SyncMetadata query and request of the run.
    for (const _ of [1, 2]) await Promise.all([reconcileOne(workflow.workflow_id), api("GET", "/workflows")]);

    const [[started, listed], elapsed] = await timed(() => Promise.all([reconcileOne(workflow.workflow_id), api("GET", "/workflows")]));
    expect(started).toEqual([]);
    expect(listed.status).toBe(200);
    expect(elapsed).toBeLessThan(1000);

    const at = await scan(grouptype, "a".repeat(36), 90);
    expect(await completing(1, () => reconcileOne(workflow.workflow_id))).toEqual([runIds.watch(workflow.workflow_id, at)]);
  });

  it("matches a pattern against the whole value, as Python's re.fullmatch", async () => {
    const grouptype = uniqueLabel("Whole");
    const workflow = await watching(grouptype, "1234");
    await scan(grouptype, "123456");
    expect(await reconcileOne(workflow.workflow_id)).toEqual([]);
    await scan(grouptype, "1234", 90);
    expect(await completing(1, () => reconcileOne(workflow.workflow_id))).toHaveLength(1);
  });

  it("skips a workflow whose stored pattern does not compile, and still starts the others in the tick", async () => {
    const [broken, fine] = [uniqueLabel("Broken"), uniqueLabel("Fine")];
    const bad = await watching(broken);
    const good = await watching(fine);
    await changeStored(bad.workflow_id, "$.watch_scans[0].groupid", "(unclosed");
    await Promise.all([scan(broken, "123456789012"), scan(fine, "123456789012")]);
    const logged = vi.spyOn(console, "error");

    await completing(1, () => tick());
    expect(await runCount(good.workflow_id)).toBe(1);
    expect(await runCount(bad.workflow_id)).toBe(0);
    expect(skipped(logged, bad.workflow_id)).toEqual({
      message: "workflow skipped by the scheduler",
      workflow_id: bad.workflow_id,
      error: expect.stringMatching(/^watch_scans\.0\.groupid is not a supported regular expression \(missing closing \)/),
    });
  });

  it("skips a workflow whose patterns cost too much for one tick, and still starts the others in it", async () => {
    const [costly, fine] = [uniqueLabel("Costly"), uniqueLabel("Fine")];
    // Accepted at save (under 1000 instructions), but RE2 runs it on its slower NFA: each 1000-character value costs ~10^6 steps.
    const expensive = await watching(costly, "(?:[a-z]{0,10}){0,45}x");
    const good = await watching(fine);
    await Promise.all([
      scans(
        costly,
        Array.from({ length: 60 }, (_, i) => `${"a".repeat(1000)}${i}`),
      ),
      scan(fine, "123456789012"),
    ]);
    const logged = vi.spyOn(console, "error");

    const [, elapsed] = await timed(() => completing(1, () => tick()));
    expect(await runCount(good.workflow_id)).toBe(1);
    expect(await runCount(expensive.workflow_id)).toBe(0);
    expect(elapsed).toBeLessThan(15_000);
    expect(skipped(logged, expensive.workflow_id)?.error).toBe(
      "watch_scans: matching its patterns against this tick's scans takes more than 50000000 steps, so it was skipped: use simpler patterns",
    );
  });
});

describe("watched scans: the work of one tick", () => {
  const at = new Date("2030-01-01T00:00:00Z");
  const synthetic = (count: number, groupid: (i: number) => string): Scan[] =>
    Array.from({ length: count }, (_, i) => ({ grouptype: "AWSAccount", syncedtype: `Type${i % 50}`, groupid: groupid(i), at }));
  const since = new Date("2029-01-01T00:00:00Z");
  const costly = [{ grouptype: ".*", syncedtype: ".*", groupid: "(?:[a-z]{0,10}){0,45}x" }];

  it("matches each value once, so many scans of a few accounts cost no more than the accounts", () => {
    const matcher = new ScanMatcher(synthetic(50_000, (i) => `${"a".repeat(1000)}${i % 5}`));
    expect(matcher.newest(costly, since)).toBeNull();
  });

  it("stops a workflow whose patterns need more than the budget, naming the reason", () => {
    const matcher = new ScanMatcher(synthetic(60, (i) => `${"a".repeat(1000)}${i}`));
    expect(() => matcher.newest(costly, since)).toThrow("takes more than 50000000 steps, so it was skipped");
  });

  it("never matches a value longer than 1024 characters", () => {
    const matcher = new ScanMatcher(synthetic(1, () => "a".repeat(VALUE_MAX_LENGTH + 1)));
    expect(matcher.newest([{ grouptype: ".*", syncedtype: ".*", groupid: "a*" }], since)).toBeNull();
    expect(new ScanMatcher(synthetic(1, () => "a".repeat(VALUE_MAX_LENGTH))).newest([{ grouptype: ".*", syncedtype: ".*", groupid: "a*" }], since)).toEqual(at);
  });
});
