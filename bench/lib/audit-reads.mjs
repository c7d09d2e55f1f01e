// Section "Audit log reads": GET /audit and GET /audit/stats over a million stored events (issue
// budget: a filtered page in at most 100 ms locally). A Seizu Edge of its own serves a D1 filled
// before it starts (bench/lib/audit-events.mjs), so the million rows never touch the other
// sections' database. Each request is timed on the Worker's own socket, whole (request to last byte).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { applyLocalMigrations } from "../../scripts/lib/wrangler-dev.mjs";
import { fillAuditEvents } from "./audit-events.mjs";
import { exchange } from "./mcp.mjs";
import { seizuVars } from "./stack.mjs";
import { interleave, ms } from "./stats.mjs";
import { startSeizu } from "./workers.mjs";

const DAY_MS = 86_400_000;

export async function auditReadsSection({ neo4j, count, rounds = 30 }) {
  const persistTo = mkdtempSync(join(tmpdir(), "seizu-bench-audit-"));
  let seizu;
  try {
    applyLocalMigrations(persistTo);
    const endMs = Date.now();
    const fillSeconds = fillAuditEvents(persistTo, { count, endMs, spanMs: 30 * DAY_MS });
    seizu = await startSeizu({ persistTo, vars: seizuVars(neo4j) });
    const get = (path) => () => exchange(`${seizu.socket}/api/v1${path}`, {});
    const day = (daysAgo) => new Date(endMs - daysAgo * DAY_MS).toISOString();
    const first = JSON.parse(await get("/audit?target=bench__tool_7&limit=50")());
    const pages = {
      "no filter": get("/audit?limit=50"),
      "by principal": get("/audit?principal=user-7&limit=50"),
      "by target": get("/audit?target=bench__tool_7&limit=50"),
      "by target, 2nd page": get(`/audit?target=bench__tool_7&limit=50&cursor=${first.next_cursor}`),
      "by outcome (tool_error)": get("/audit?outcome=tool_error&limit=50"),
      "by kind (graph_query)": get("/audit?kind=graph_query&limit=50"),
      "by resource": get("/audit?resource_type=tool&resource_id=bench/tool_7&limit=50"),
      "by time range (a day, 10 days ago)": get(`/audit?since=${day(11)}&until=${day(10)}&limit=50`),
      "principal + outcome + time range": get(`/audit?principal=user-0&outcome=tool_error&since=${day(20)}&until=${day(5)}&limit=50`),
      "500 events by target": get("/audit?target=bench__tool_7&limit=500"),
    };
    const stats = {
      "stats, last 24 hours": get("/audit/stats"),
      "stats, last 7 days": get(`/audit/stats?since=${day(7)}&until=${day(0)}`),
      "stats, one target, 30 days": get(`/audit/stats?target=bench__tool_7&since=${day(30)}&until=${day(0)}`),
      "stats, last 30 days": get(`/audit/stats?since=${day(30)}&until=${day(0)}`),
    };
    const pageTimes = await interleave(pages, { rounds, warmup: 3 });
    const statsTimes = await interleave(stats, { rounds: Math.max(3, Math.round(rounds / 6)), warmup: 1 });
    console.log(`\n10. Audit log reads: ${count.toLocaleString("en")} events over 30 days (filled in ${fillSeconds.toFixed(1)} s), ${rounds} requests each`);
    for (const [name, { p50, p95 }] of Object.entries(pageTimes)) console.log(`   GET /audit ${name.padEnd(36)} p50 ${ms(p50)}  p95 ${ms(p95)}`);
    console.log(`   (target: a filtered page within 100 ms)`);
    for (const [name, { p50, p95 }] of Object.entries(statsTimes)) console.log(`   GET /audit/${name.padEnd(36)} p50 ${ms(p50)}  p95 ${ms(p95)}`);
  } finally {
    await seizu?.stop();
    rmSync(persistTo, { recursive: true, force: true });
  }
}
