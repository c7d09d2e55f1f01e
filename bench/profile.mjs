// npm run bench:profile: where a saved tool's tools/call spends the Worker's CPU. Serves the
// Worker and the bare pass-through control (bench/bare-worker.js) with wrangler's dev engine on
// their own workerd sockets, as `npm run bench` does; measures workerd's CPU per call of each,
// one after the other, over PROFILE_CALLS sequential calls of the same query (the control is the
// floor any Worker pays locally for one inbound request and one outbound fetch); then samples the
// Worker with V8's CPU profiler over the inspector while PROFILE_CALLS more calls run, and prints
// the functions that hold the most samples, by self time and with what they call.
//
// Options (env): PROFILE_CALLS (default 2000), PROFILE_TOOL_ROWS (rows per call, default 50),
// PROFILE_ROUNDS (CPU measurements of each, interleaved, default 3), PROFILE_OUT (a file to write
// the profile to, for Chrome DevTools' Performance panel). Two more Seizu Workers over copies of
// the same D1 are measured too: TOOL_DEFINITION_CACHE_SECONDS=0 ("uncached", a call that reads
// D1) and AUDIT_ENABLED=false ("unaudited", a call that records no audit event), the MCP SDK
// control (bench/sdk-worker.js: the SDK's floor, one tool forwarding to Neo4j) and the assets
// control (the bare Worker behind Seizu Edge's static assets: the local asset router's cost,
// which the Worker's own CPU is measured without). PROFILE_UNAUDITED=1
// samples a Worker that records no audit events; PROFILE_TOP sets how many functions are listed
// with their callees (default 60).
import { cpSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { freePort, repoRoot, startNeo4j, stopNeo4j } from "../scripts/neo4j/server.mjs";
import { inspector } from "./lib/inspector.mjs";
import { exchange, seizuCall } from "./lib/mcp.mjs";
import { cpuSeconds } from "./lib/processes.mjs";
import { pidServing } from "./lib/sockets.mjs";
import { basicAuth, seizuVars } from "./lib/stack.mjs";
import { startAssetsControl, startBare, startSdkControl, startSeizu } from "./lib/workers.mjs";

const CALLS = Number(process.env.PROFILE_CALLS ?? 2000);
const ROWS = Number(process.env.PROFILE_TOOL_ROWS ?? 50);
const ROUNDS = Number(process.env.PROFILE_ROUNDS ?? 3);
const home = join(repoRoot, `.local/neo4j/profile-${process.pid}`);
const persistTo = join(repoRoot, `.local/profile-wrangler-${process.pid}`);
const CYPHER = "UNWIND range(1, $n) AS x RETURN x, 'row ' + toString(x) AS label";

/** Self and inclusive sample time per function, from a V8 CPU profile. */
function summarise(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const label = (node) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url ? url.replace(/^.*\//, "") : "";
    return `${functionName || "(anonymous)"} ${file}${file ? `:${lineNumber + 1}` : ""}`;
  };
  const self = new Map();
  const inclusive = new Map();
  let total = 0;
  let idle = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    const node = byId.get(id);
    const name = label(node);
    if (/^\((idle|program|garbage collector)\)/.test(name)) {
      if (name.startsWith("(idle)")) idle += dt;
      else self.set(name, (self.get(name) ?? 0) + dt);
      if (!name.startsWith("(idle)")) total += dt;
      return;
    }
    total += dt;
    self.set(name, (self.get(name) ?? 0) + dt);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const frame = label(byId.get(at));
      if (seen.has(frame)) continue;
      seen.add(frame);
      inclusive.set(frame, (inclusive.get(frame) ?? 0) + dt);
    }
  });
  return { self, inclusive, total, idle };
}

function printTop(title, map, total, count = 30) {
  console.log(`\n${title}`);
  for (const [name, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, count)) {
    console.log(`  ${((100 * micros) / total).toFixed(1).padStart(5)}%  ${(micros / CALLS / 1000).toFixed(3)} ms/call  ${name}`);
  }
}

/** CPU milliseconds per call of the workerd serving `pid`'s socket, over CALLS sequential calls of `call`. */
async function cpuPerCall(call, pid) {
  const before = cpuSeconds(pid);
  for (let i = 0; i < CALLS; i++) await call();
  return ((cpuSeconds(pid) - before) * 1000) / CALLS;
}

async function main() {
  await stopNeo4j(home);
  rmSync(home, { recursive: true, force: true });
  rmSync(persistTo, { recursive: true, force: true });
  const neo4j = await startNeo4j({ home, log: () => {} });
  const authorization = basicAuth(neo4j);
  const inspectorPort = await freePort();
  const vars = seizuVars(neo4j);
  // The Worker sampled: Seizu Edge as configured, or with PROFILE_UNAUDITED=1 the unaudited one.
  const sampled = process.env.PROFILE_UNAUDITED ? "unaudited" : "seizu";
  const seizu = await startSeizu({ persistTo, inspectorPort: sampled === "seizu" ? inspectorPort : undefined, vars });
  const bare = await startBare({ neo4jUrl: neo4j.url, authorization });
  const assets = await startAssetsControl({ neo4jUrl: neo4j.url, authorization });
  const sdk = await startSdkControl({ neo4jUrl: neo4j.url, authorization });
  const others = [];
  try {
    const post = async (path, body) => {
      const response = await fetch(`${seizu.socket}/api/v1${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (response.status >= 300) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
    };
    await post("/toolsets", { id: "profile", name: "Profile" });
    await post("/toolsets/profile/tools", { id: "rows", name: "Rows", cypher: CYPHER, parameters: [{ name: "n", type: "integer", required: true }] });
    // Two more Workers over copies of its D1 (never one SQLite file for two workerd: the audit
    // log writes to it): one reading its tool from D1 on every call (what the definition cache
    // saves), one recording no audit events (what the audit log costs).
    const variant = async (name, extra) => {
      const state = `${persistTo}-${name}`;
      cpSync(persistTo, state, { recursive: true });
      const worker = await startSeizu({ persistTo: state, inspectorPort: sampled === name ? inspectorPort : undefined, vars: { ...vars, ...extra } });
      others.push({ worker, state });
      return worker;
    };
    const uncached = await variant("uncached", { TOOL_DEFINITION_CACHE_SECONDS: "0" });
    const unaudited = await variant("unaudited", { AUDIT_ENABLED: "false" });
    const controlBody = JSON.stringify({
      statement: CYPHER,
      parameters: { n: { $type: "Integer", _value: String(ROWS) } },
      accessMode: "READ",
      maxExecutionTime: 30,
    });
    const contenders = {
      bare: () => exchange(bare.socket, { method: "POST", body: controlBody }),
      assets: () => exchange(assets.url, { method: "POST", body: controlBody }),
      sdk: () => seizuCall(sdk.socket, "query", { statement: CYPHER, parameters: { n: ROWS } }),
      seizu: () => seizuCall(seizu.socket, "profile__rows", { n: ROWS }),
      uncached: () => seizuCall(uncached.socket, "profile__rows", { n: ROWS }),
      unaudited: () => seizuCall(unaudited.socket, "profile__rows", { n: ROWS }),
    };
    for (const call of Object.values(contenders)) for (let i = 0; i < 200; i++) await call();
    const cpu = { bare: [], assets: [], sdk: [], seizu: [], uncached: [], unaudited: [] };
    const pids = {
      bare: pidServing(bare.socket),
      assets: pidServing(assets.socket),
      sdk: pidServing(sdk.socket),
      seizu: pidServing(seizu.socket),
      uncached: pidServing(uncached.socket),
      unaudited: pidServing(unaudited.socket),
    };
    for (let round = 0; round < ROUNDS; round++) for (const [name, call] of Object.entries(contenders)) cpu[name].push(await cpuPerCall(call, pids[name]));
    const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    console.log(`workerd CPU per call, ${ROUNDS} rounds of ${CALLS} sequential calls (${ROWS} rows), median and each round:`);
    for (const [name, values] of Object.entries(cpu))
      console.log(`  ${name.padEnd(9)} ${median(values).toFixed(3)} ms  (${values.map((value) => value.toFixed(3)).join(", ")})`);
    const over = (name, base = "bare") => (median(cpu[name]) - median(cpu[base])).toFixed(3);
    console.log(
      `  Seizu over bare: ${over("seizu")} ms with the audit log, ${over("unaudited")} ms without; the audit log costs ${(median(cpu.seizu) - median(cpu.unaudited)).toFixed(3)} ms (the local queue broker and its consumer's D1 writes run in the same workerd); the definition cache saves ${(median(cpu.uncached) - median(cpu.seizu)).toFixed(3)} ms`,
    );
    console.log(
      `  of which the local asset router (the assets control over bare: a deployment runs it in Cloudflare's layer, not as the Worker's CPU) ${over("assets")} ms; the MCP SDK's floor (the SDK control over bare) ${over("sdk")} ms; Seizu Edge's own over the SDK control, unaudited: ${(median(cpu.unaudited) - median(cpu.sdk) - (median(cpu.assets) - median(cpu.bare))).toFixed(3)} ms`,
    );
    console.log(
      `  the Worker's own CPU over the bare Worker's (Seizu unaudited over the assets control): ${over("unaudited", "assets")} ms (target: at most 1 ms)`,
    );

    const cdp = await inspector(inspectorPort);
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
    await cdp.send("Profiler.start");
    const started = performance.now();
    for (let i = 0; i < CALLS; i++) await contenders[sampled]();
    const elapsed = performance.now() - started;
    const { profile } = await cdp.send("Profiler.stop");
    cdp.close();
    if (process.env.PROFILE_OUT) writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile));
    const { self, inclusive, total } = summarise(profile);
    console.log(`\n${CALLS} calls of profile__rows (${ROWS} rows) in ${(elapsed / 1000).toFixed(1)} s: ${(elapsed / CALLS).toFixed(2)} ms a call`);
    console.log(`Worker CPU (sampled, idle excluded): ${(total / CALLS / 1000).toFixed(3)} ms a call`);
    printTop("By self time", self, total);
    printTop("With callees (inclusive)", inclusive, total, Number(process.env.PROFILE_TOP ?? 60));
  } finally {
    await seizu.stop();
    for (const { worker, state } of others) {
      await worker.stop();
      rmSync(state, { recursive: true, force: true });
    }
    await bare.stop();
    await assets.stop();
    await sdk.stop();
    await stopNeo4j(home);
    rmSync(home, { recursive: true, force: true });
    rmSync(persistTo, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
