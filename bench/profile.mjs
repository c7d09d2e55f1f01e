// npm run bench:profile: where a saved tool's tools/call spends the Worker's CPU. Serves the
// Worker with `wrangler dev`, samples it with V8's CPU profiler over the inspector while
// PROFILE_CALLS calls run one after another, and prints the functions that hold the most
// samples, by self time and with what they call.
//
// Options (env): PROFILE_CALLS (default 2000), PROFILE_TOOL_ROWS (rows per call, default 50).
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { freePort, repoRoot, startNeo4j, stopNeo4j } from "../scripts/neo4j/server.mjs";
import { startWranglerDev } from "../scripts/lib/wrangler-dev.mjs";
import { inspector } from "./lib/inspector.mjs";
import { seizuCall } from "./lib/mcp.mjs";

const CALLS = Number(process.env.PROFILE_CALLS ?? 2000);
const ROWS = Number(process.env.PROFILE_TOOL_ROWS ?? 50);
const home = join(repoRoot, ".local/neo4j/profile");
const persistTo = join(repoRoot, ".local/profile-wrangler");

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

async function main() {
  await stopNeo4j(home);
  rmSync(home, { recursive: true, force: true });
  rmSync(persistTo, { recursive: true, force: true });
  const neo4j = await startNeo4j({ home, log: () => {} });
  const inspectorPort = await freePort();
  const worker = await startWranglerDev({
    port: await freePort(),
    inspectorPort,
    persistTo,
    stdio: "ignore",
    vars: {
      NEO4J_URL: neo4j.url,
      NEO4J_USER: neo4j.user,
      NEO4J_PASSWORD: neo4j.password,
      DEVELOPMENT_ONLY_REQUIRE_AUTH: "false",
      RATE_LIMITS_ENABLED: "false",
      MCP_SIGNED_STATE_KEY: randomBytes(32).toString("hex"),
    },
  });
  try {
    const post = async (path, body) => {
      const response = await fetch(`${worker.url}/api/v1${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (response.status >= 300) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
    };
    await post("/toolsets", { id: "profile", name: "Profile" });
    await post("/toolsets/profile/tools", {
      id: "rows",
      name: "Rows",
      cypher: "UNWIND range(1, $n) AS x RETURN x, 'row ' + toString(x) AS label",
      parameters: [{ name: "n", type: "integer", required: true }],
    });
    for (let i = 0; i < 200; i++) await seizuCall(worker.url, "profile__rows", { n: ROWS });
    const cdp = await inspector(inspectorPort);
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
    await cdp.send("Profiler.start");
    const started = performance.now();
    for (let i = 0; i < CALLS; i++) await seizuCall(worker.url, "profile__rows", { n: ROWS });
    const elapsed = performance.now() - started;
    const { profile } = await cdp.send("Profiler.stop");
    cdp.close();
    const { self, inclusive, total } = summarise(profile);
    console.log(`${CALLS} calls of profile__rows (${ROWS} rows) in ${(elapsed / 1000).toFixed(1)} s: ${(elapsed / CALLS).toFixed(2)} ms a call`);
    console.log(`Worker CPU (sampled, idle excluded): ${(total / CALLS / 1000).toFixed(3)} ms a call`);
    printTop("By self time", self, total);
    printTop("With callees (inclusive)", inclusive, total, 45);
  } finally {
    await worker.stop();
    await stopNeo4j(home);
    rmSync(home, { recursive: true, force: true });
    rmSync(persistTo, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
