// The audit log's cost and completeness (issue 28's budgets):
//   - a saved tool's p50 and the Worker's CPU per call with auditing on (the bench's Seizu Edge)
//     and off (a second Seizu Edge, AUDIT_ENABLED=false, over a copy of the same D1), in
//     alternating chunks; the "on" Worker's CPU includes its queue consumer's D1 writes, which
//     run in the same workerd process, so two controls run in the same chunks: the bare Worker,
//     and the bare Worker plus one queued event a request written to D1 by its own consumer
//     (bench/queue-worker.js): their difference is the local runtime's cost of one event, and
//     what the audit log adds beyond it is Seizu Edge's own; a third control, the bare Worker
//     behind Seizu Edge's static assets (the local asset router's cost, not the Worker's in a
//     deployment), gives the Worker's own CPU per call over the bare Worker's;
//   - a volume check: `calls` saved-tool calls from `callers` concurrent callers, then the
//     tool_call events in D1 counted until the queue drained: exactly `calls`, none lost, none
//     twice, and how long the drain took after the last answer.
// D1 is read from its SQLite file in the stack's state with the sqlite3 command (read-only), as
// the Worker's own read API is not part of what is measured.
import { execFileSync } from "node:child_process";
import { cpSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../../scripts/neo4j/server.mjs";
import { exchange, seizuCall } from "./mcp.mjs";
import { cpuSeconds } from "./processes.mjs";
import { pidServing } from "./sockets.mjs";
import { basicAuth, seizuVars } from "./stack.mjs";
import { alternate, ms } from "./stats.mjs";
import { startAssetsControl, startBare, startQueueControl, startSeizu } from "./workers.mjs";

const ADDED_P50_TARGET_MS = 0.3;
const ADDED_CPU_TARGET_MS = 0.3;
/** Issue 27: the Worker's own CPU per call at most the bare Worker's + 1 ms. */
const WORKER_CPU_TARGET_MS = 1;
const DRAIN_TIMEOUT_MS = 15 * 60_000;

/** The stack's D1 database file: miniflare keeps each D1 as one SQLite file beside its metadata. */
function d1File(state) {
  const dir = join(state, "v3/d1/miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (!file) throw new Error(`bench: no D1 database in ${dir}`);
  return join(dir, file);
}

function countEvents(file, userAgent) {
  const sql = `SELECT count(*), count(DISTINCT event_id) FROM audit_events WHERE kind = 'tool_call' AND user_agent = '${userAgent}'`;
  const [events, distinct] = execFileSync("sqlite3", ["-readonly", file, sql], { encoding: "utf8" }).trim().split("|").map(Number);
  return { events, distinct };
}

async function costSection({ stack, tool, args, rounds, chunk, warmup, controlBody }) {
  const { seizu, neo4j } = stack;
  const state = join(repoRoot, ".local/bench-wrangler-unaudited");
  const queueState = join(repoRoot, ".local/bench-wrangler-queue-control");
  for (const dir of [state, queueState]) rmSync(dir, { recursive: true, force: true });
  cpSync(stack.state, state, { recursive: true });
  const authorization = basicAuth(neo4j);
  const off = await startSeizu({ persistTo: state, vars: { ...seizuVars(neo4j), AUDIT_ENABLED: "false" } });
  const bare = await startBare({ neo4jUrl: neo4j.url, authorization });
  const queue = await startQueueControl({ neo4jUrl: neo4j.url, authorization, persistTo: queueState });
  const assets = await startAssetsControl({ neo4jUrl: neo4j.url, authorization });
  try {
    const worker = (pid) => ({ worker: () => cpuSeconds(pid) });
    const forward = (socket) => exchange(socket, { method: "POST", body: controlBody });
    const figures = await alternate(
      {
        on: () => seizuCall(seizu.socket, tool, args),
        off: () => seizuCall(off.socket, tool, args),
        bare: () => forward(bare.socket),
        queue: () => forward(queue.socket),
        assets: () => forward(assets.url),
      },
      {
        rounds,
        chunk,
        warmup,
        cpu: {
          on: worker(seizu.pid),
          off: worker(pidServing(off.socket)),
          bare: worker(pidServing(bare.socket)),
          queue: worker(pidServing(queue.socket)),
          assets: worker(pidServing(assets.socket)),
        },
      },
    );
    const addedP50 = figures.on.p50 - figures.off.p50;
    const addedCpu = figures.on.cpu.worker - figures.off.cpu.worker;
    const platformP50 = figures.queue.p50 - figures.bare.p50;
    const platformCpu = figures.queue.cpu.worker - figures.bare.cpu.worker;
    const line = (label, { p50, cpu }) => `     ${label.padEnd(34)} p50 ${ms(p50).padStart(9)}  Worker CPU ${ms(cpu.worker)}/call`;
    console.log(`   audit on vs off, ${rounds * chunk} calls of ${tool} each, in alternating chunks of ${chunk}, beside three controls`);
    console.log(line("AUDIT_ENABLED=true", figures.on));
    console.log(line("AUDIT_ENABLED=false", figures.off));
    console.log(line("bare Worker", figures.bare));
    console.log(line("bare Worker + one queued event", figures.queue));
    console.log(line("bare Worker behind static assets", figures.assets));
    console.log(
      `     added p50 ${ms(addedP50)} (target <= ${ms(ADDED_P50_TARGET_MS)}), added Worker CPU ${ms(addedCpu)}/call (target <= ${ms(ADDED_CPU_TARGET_MS)})`,
    );
    console.log(
      `     of which the local runtime's own cost of one queued event (the control over the bare Worker: broker, consumer and D1 in the same workerd): p50 ${ms(platformP50)}, CPU ${ms(platformCpu)}/call`,
    );
    console.log(`     Seizu Edge's own share: p50 ${ms(addedP50 - platformP50)}, CPU ${ms(addedCpu - platformCpu)}/call`);
    const router = figures.assets.cpu.worker - figures.bare.cpu.worker;
    console.log(
      `     the Worker's own CPU per call over the bare Worker's, less the local asset router's ${ms(router)} (the assets control over bare): audit off ${ms(figures.off.cpu.worker - figures.assets.cpu.worker)}, audit on less the local queue's event ${ms(figures.on.cpu.worker - figures.assets.cpu.worker - platformCpu)} (target <= ${ms(WORKER_CPU_TARGET_MS)})`,
    );
  } finally {
    await off.stop();
    await bare.stop();
    await queue.stop();
    await assets.stop();
    for (const dir of [state, queueState]) rmSync(dir, { recursive: true, force: true });
  }
}

async function volumeSection({ stack, tool, args, calls, callers }) {
  const { seizu } = stack;
  const file = d1File(stack.liveState);
  const userAgent = `bench-audit-volume/${Date.now().toString(36)}`;
  let sent = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (sent < calls) {
        sent++;
        await seizuCall(seizu.socket, tool, args, { "user-agent": userAgent });
      }
    }),
  );
  const answered = performance.now();
  let count = countEvents(file, userAgent);
  while (count.events < calls && performance.now() - answered < DRAIN_TIMEOUT_MS) {
    await new Promise((resume) => setTimeout(resume, 500));
    count = countEvents(file, userAgent);
  }
  const drained = performance.now();
  // A little longer: an event delivered twice, or one more than was called, would show now.
  await new Promise((resume) => setTimeout(resume, 5_000));
  count = countEvents(file, userAgent);
  const verdict = count.events === calls && count.distinct === calls ? "exactly one event per call" : "MISMATCH";
  console.log(
    `   volume: ${calls} calls of ${tool} from ${callers} callers in ${ms(answered - started)} (${((calls * 1000) / (answered - started)).toFixed(0)} calls/s)`,
  );
  console.log(
    `     tool_call events in D1: ${count.events} (${count.distinct} distinct ids) — ${verdict}; the queue drained ${ms(drained - answered)} after the last answer`,
  );
}

/** Section 9: the audit log's added latency and CPU, and its completeness under load. */
export async function auditSection({ stack, tool, args, rounds, chunk, warmup, calls, callers, controlBody }) {
  console.log(`\n9. the audit log (AUDIT_ENABLED): its cost per call and its completeness under load`);
  if (stack.target) console.log("   audit on vs off: not toggled on a running stack; run the fresh bench for it");
  else await costSection({ stack, tool, args, rounds, chunk, warmup, controlBody });
  if (calls > 0) await volumeSection({ stack, tool, args, calls, callers });
}
