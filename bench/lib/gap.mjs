// Why a long-running `npm start` measures slower than the fresh bench: each suspected cause
// measured side by side with its absence, on the same saved tool, as p50 and CPU per call of
// the Worker's workerd process and of Neo4j.
//   - wrangler dev's front door (a proxy Worker in a workerd of its own) vs the Worker's socket;
//   - wrangler's local trace store (X_LOCAL_OBSERVABILITY, on under `npm start`): a second Seizu
//     Edge with it on, over a copy of the same local D1 (fresh stack only);
//   - 130 more tools defined (about what the stack had) vs none;
//   - the minute's cron tick (the demo workflow due) vs none.
import { cpSync, rmSync } from "node:fs";
import { join } from "node:path";
import { demoWorkflow } from "../../scripts/demo-graph/workflow.mjs";
import { repoRoot } from "../../scripts/neo4j/server.mjs";
import { createTool, createToolset, deleteToolsets } from "./definitions.mjs";
import { seizuCall } from "./mcp.mjs";
import { cpuSeconds } from "./processes.mjs";
import { rest } from "./rest.mjs";
import { pidServing } from "./sockets.mjs";
import { alternate, ms } from "./stats.mjs";
import { seizuVars } from "./stack.mjs";
import { startSeizu } from "./workers.mjs";

const EXTRA_TOOLSETS = 13;
const TOOLS_PER_TOOLSET = 10;

function line(label, figure, reference) {
  const cpu = Object.entries(figure.cpu)
    .map(([reader, value]) => `${reader} ${ms(value)}`)
    .join(", ");
  const added = reference ? `  (${figure.p50 - reference.p50 >= 0 ? "+" : ""}${ms(figure.p50 - reference.p50)} p50)` : "";
  console.log(`     ${label.padEnd(52)} p50 ${ms(figure.p50).padStart(9)}${added}  CPU per call: ${cpu}`);
}

/**
 * `stack` from stack.mjs; `tool` and `args` a saved tool of the bench; `rounds` x `chunk` calls
 * per contender. Prints the section.
 */
export async function explainGap({ stack, tool, args, rounds, chunk }) {
  const { seizu, neo4j } = stack;
  const workerCpu = (pid) => () => cpuSeconds(pid);
  const neo4jCpu = () => cpuSeconds(neo4j.pid);
  const call = (base) => () => seizuCall(base, tool, args);
  const socketCpu = { worker: workerCpu(seizu.pid), neo4j: neo4jCpu };

  // The front door: its own workerd's CPU comes on top of the Worker's.
  const door = await alternate(
    { socket: call(seizu.socket), frontDoor: call(seizu.frontDoor) },
    { rounds, chunk, cpu: { socket: socketCpu, frontDoor: { ...socketCpu, "front door": workerCpu(seizu.frontDoorPid) } } },
  );
  console.log("   front door vs socket");
  line("Worker socket", door.socket);
  line("wrangler dev's front door", door.frontDoor, door.socket);

  // The local trace store.
  if (stack.target) {
    console.log("   observability: not toggled on a running stack (npm start leaves wrangler's default, on); run the fresh bench for it");
  } else {
    const state = join(repoRoot, ".local/bench-wrangler-observed");
    rmSync(state, { recursive: true, force: true });
    cpSync(stack.state, state, { recursive: true });
    const observed = await startSeizu({ persistTo: state, observability: true, vars: seizuVars(neo4j) });
    try {
      const observedPid = pidServing(observed.socket);
      const traced = await alternate(
        { off: call(seizu.socket), on: call(observed.socket) },
        { rounds, chunk, cpu: { off: socketCpu, on: { worker: workerCpu(observedPid), neo4j: neo4jCpu } } },
      );
      console.log("   wrangler's local trace store (X_LOCAL_OBSERVABILITY), two Seizu Edge Workers over the same data");
      line("off (the bench's default)", traced.off);
      line("on (npm start's default)", traced.on, traced.off);
    } finally {
      await observed.stop();
      rmSync(state, { recursive: true, force: true });
    }
  }

  // Many tools defined: the same calls before and after 130 more tools exist.
  const toolsets = Array.from({ length: EXTRA_TOOLSETS }, (_, t) => `bench_more_${t}`);
  const before = await alternate({ few: call(seizu.socket) }, { rounds, chunk, cpu: { few: socketCpu } });
  for (const id of toolsets) {
    await createToolset(seizu.socket, id, `More ${id}`);
    for (let k = 0; k < TOOLS_PER_TOOLSET; k++)
      await createTool(seizu.socket, id, {
        id: `tool_${k}`,
        name: `Tool ${k}`,
        description: "Counts instances",
        cypher: "MATCH (n:EC2Instance) RETURN count(n) AS n",
      });
  }
  const after = await alternate({ many: call(seizu.socket) }, { rounds, chunk, cpu: { many: socketCpu } });
  await deleteToolsets(seizu.socket, toolsets);
  const again = await alternate({ few: call(seizu.socket) }, { rounds, chunk, cpu: { few: socketCpu } });
  console.log(
    `   tools defined: the same saved tool before, with and after ${EXTRA_TOOLSETS * TOOLS_PER_TOOLSET} more tools (in turn; before and after show the drift)`,
  );
  line("as defined so far", before.few);
  line(`with ${EXTRA_TOOLSETS * TOOLS_PER_TOOLSET} more tools`, after.many, before.few);
  line("after deleting them again", again.few, before.few);

  // The cron: the demo workflow (as npm start seeds it) due, one tick, its cost over an idle
  // window of the same length; then calls while ticks fire vs calls without.
  if (!stack.target) await rest(seizu.socket, "POST", "/workflows", { ...demoWorkflow, comment: "Defined by npm run bench" });
  const window = async (tick) => {
    const worker = cpuSeconds(seizu.pid);
    const db = cpuSeconds(neo4j.pid);
    if (tick) await fetch(`${seizu.socket}/cdn-cgi/local/scheduled?cron=${encodeURIComponent("* * * * *")}`).then((response) => response.text());
    await new Promise((ok) => setTimeout(ok, 3_000));
    return { worker: cpuSeconds(seizu.pid) - worker, neo4j: cpuSeconds(neo4j.pid) - db };
  };
  const idle = await window(false);
  const ticked = await window(true);
  const ticking = { on: true };
  const ticker = (async () => {
    while (ticking.on) await window(true);
  })();
  const during = await alternate({ ticks: call(seizu.socket) }, { rounds, chunk, cpu: { ticks: socketCpu } });
  ticking.on = false;
  await ticker;
  const calm = await alternate({ calm: call(seizu.socket) }, { rounds, chunk, cpu: { calm: socketCpu } });
  console.log("   the cron (a tick every 3 s while the calls run vs none; npm start ticks once a minute)");
  console.log(
    `     one tick (${stack.target ? "the stack's workflows, none due if its own tick ran this minute" : "the demo workflow due"}): Worker CPU ${ms((ticked.worker - idle.worker) * 1000)}, Neo4j CPU ${ms((ticked.neo4j - idle.neo4j) * 1000)} over an idle 3 s`,
  );
  line("no ticks", calm.calm);
  line("ticking", during.ticks, calm.calm);
}
