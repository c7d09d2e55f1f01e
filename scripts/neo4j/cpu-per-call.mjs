// Neo4j's own CPU per call for the same lookup sent six ways and two controls, side by side in one run:
//   direct    one auto-commit POST /query/v2 (what a client without a time limit of its own sends)
//   explicit  POST /query/v2/tx with maxExecutionTime, then DELETE of the transaction (the
//             Worker's client before issue 27, and still its path when the limits differ)
//   client    the Worker's Neo4jClient, with the request marker, against a server whose
//             db.transaction.timeout is its limit (auto-commit); `client-other-limit` the same
//             client with another limit (explicit transaction, rolled back)
//   saved-tool  an MCP tools/call of the lookup saved as a tool, on the socket of Seizu Edge under
//             wrangler's dev engine (as `npm run bench` runs it); `saved-tool-other-limit` the
//             same with NEO4J_QUERY_TIMEOUT_SECONDS=29, which takes the explicit transaction
//   direct-paced  `direct` followed by a PACE_MS pause (default 6), so calls come as far apart
//             as the saved tool's: Neo4j's threads park between calls and wake for each, which
//             costs CPU of its own; the control for the saved tool's slower pace
//   idle      no request, a 5 ms pause: what Neo4j burns by merely running that long
// CPU is Neo4j's utime + stime from /proc, read around each batch; batches of the contenders
// alternate so drift and the other engineers' load spread over all of them.
//
//   node --import tsx scripts/neo4j/cpu-per-call.mjs        (CALLS=600 BATCH=100 NODES=3000 WARMUP=300)
// REUSE_HOME=<dir> keeps the server (and its graph) in <dir> running for the next run.
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { seizuCall } from "../../bench/lib/mcp.mjs";
import { cpuSeconds, waitUntilQuiet } from "../../bench/lib/processes.mjs";
import { startSeizu } from "../../bench/lib/workers.mjs";
import { graphIsEmpty, loadDemoGraph } from "../demo-graph/load.mjs";
import { repoRoot, startNeo4j, stopNeo4j } from "./server.mjs";
import { Neo4jClient } from "../../worker/neo4j/client.ts";

const CALLS = Number(process.env.CALLS ?? 600);
const BATCH = Number(process.env.BATCH ?? 100);
const NODES = Number(process.env.NODES ?? 3000);
const WARMUP = Number(process.env.WARMUP ?? 300);
const PACE_MS = Number(process.env.PACE_MS ?? 6);
const LOOKUP = "MATCH (i:EC2Instance) WHERE i.exposed_internet = $exposed RETURN i.id AS id, i.state AS state ORDER BY id LIMIT $limit";
const MEDIA_TYPE = "application/vnd.neo4j.query";

const home = process.env.REUSE_HOME ?? join(repoRoot, `.local/neo4j/cpu-${process.pid}`);
const neo4j = await startNeo4j({ home, heap: "1g", pageCache: "256m", log: () => {} });
const workers = [];
try {
  if (await graphIsEmpty(neo4j)) await loadDemoGraph({ ...neo4j, nodes: NODES, log: () => {} });
  const endpoint = `${neo4j.url}/db/neo4j/query/v2`;
  const authorization = `Basic ${Buffer.from(`${neo4j.user}:${neo4j.password}`).toString("base64")}`;
  const headers = { "content-type": MEDIA_TYPE, accept: MEDIA_TYPE, authorization };
  const parameters = { exposed: { $type: "Boolean", _value: true }, limit: { $type: "Integer", _value: "25" } };
  const post = async (path, body) => {
    const response = await fetch(`${endpoint}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
    const answer = JSON.parse(await response.text());
    if (answer.errors?.length) throw new Error(JSON.stringify(answer.errors));
    return answer;
  };
  const settings = { url: neo4j.url, database: "neo4j", auth: { kind: "basic", user: neo4j.user, password: neo4j.password } };
  // A request's signal that never fires: the query carries the hang-up marker, as a caller's does.
  const caller = new AbortController().signal;
  const client = new Neo4jClient({ ...settings, timeoutSeconds: 30, signal: caller });
  const otherLimit = new Neo4jClient({ ...settings, timeoutSeconds: 29, signal: caller });
  const serverLimit = await client.checkServerTimeout();
  const seizu = async (limit) => {
    const persistTo = `${home}-wrangler-${limit}`;
    rmSync(persistTo, { recursive: true, force: true });
    const vars = {
      NEO4J_URL: neo4j.url,
      NEO4J_USER: neo4j.user,
      NEO4J_PASSWORD: neo4j.password,
      NEO4J_QUERY_TIMEOUT_SECONDS: String(limit),
      DEVELOPMENT_ONLY_REQUIRE_AUTH: "false",
      RATE_LIMITS_ENABLED: "false",
      MCP_SIGNED_STATE_KEY: randomBytes(32).toString("hex"),
    };
    const worker = await startSeizu({ vars, persistTo });
    const post = (path, body) =>
      fetch(`${worker.socket}/api/v1${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    await post("/toolsets", { id: "cpu", name: "CPU" });
    const tool = {
      id: "lookup",
      name: "Lookup",
      cypher: LOOKUP,
      parameters: [
        { name: "exposed", type: "boolean", required: true },
        { name: "limit", type: "integer", default: 25 },
      ],
    };
    const saved = await post("/toolsets/cpu/tools", tool);
    if (saved.status >= 300) throw new Error(`saving the tool: ${saved.status} ${await saved.text()}`);
    return { ...worker, persistTo };
  };
  workers.push(await seizu(30), await seizu(29));

  const contenders = {
    direct: () => post("", { statement: LOOKUP, parameters, accessMode: "READ" }),
    explicit: async () => {
      const { transaction } = await post("/tx", { statement: LOOKUP, parameters, accessMode: "READ", maxExecutionTime: 30 });
      const rollback = await fetch(`${endpoint}/tx/${transaction.id}`, { method: "DELETE", headers });
      await rollback.arrayBuffer();
    },
    client: () => client.query(LOOKUP, { exposed: true, limit: 25 }),
    "client-other-limit": () => otherLimit.query(LOOKUP, { exposed: true, limit: 25 }),
    "saved-tool": () => seizuCall(workers[0].socket, "cpu__lookup", { exposed: true, limit: 25 }),
    "saved-tool-other-limit": () => seizuCall(workers[1].socket, "cpu__lookup", { exposed: true, limit: 25 }),
    "direct-paced": async () => {
      await post("", { statement: LOOKUP, parameters, accessMode: "READ" });
      await new Promise((pause) => setTimeout(pause, PACE_MS));
    },
    idle: () => new Promise((pause) => setTimeout(pause, 5)),
  };
  for (const run of Object.values(contenders)) for (let i = 0; i < WARMUP; i++) await run();
  if (!(await waitUntilQuiet(neo4j.pid))) console.log("Neo4j is still busy after loading; figures may be noisy");

  const totals = Object.fromEntries(Object.keys(contenders).map((name) => [name, { cpu: 0, wall: 0, calls: 0 }]));
  for (let done = 0; done < CALLS; done += BATCH) {
    for (const [name, run] of Object.entries(contenders)) {
      const cpu = cpuSeconds(neo4j.pid);
      const started = performance.now();
      for (let i = 0; i < BATCH; i++) await run();
      // Rollbacks the client sends in the background finish before the batch is counted.
      await new Promise((settle) => setTimeout(settle, 100));
      totals[name].cpu += cpuSeconds(neo4j.pid) - cpu;
      totals[name].wall += performance.now() - started;
      totals[name].calls += BATCH;
    }
  }
  console.log(`Neo4j CPU per call, ${CALLS} sequential lookups per contender in batches of ${BATCH}, db.transaction.timeout ${serverLimit}s:`);
  const base = totals.direct.cpu / totals.direct.calls;
  for (const [name, { cpu, wall, calls }] of Object.entries(totals)) {
    const perCall = cpu / calls;
    console.log(`  ${name.padEnd(24)} ${(perCall * 1000).toFixed(2)} ms CPU  ${(perCall / base).toFixed(2)}x direct  ${(wall / calls).toFixed(2)} ms wall`);
  }
} finally {
  for (const worker of workers) {
    await worker.stop();
    rmSync(worker.persistTo, { recursive: true, force: true });
  }
  if (!process.env.REUSE_HOME) {
    await stopNeo4j(home);
    rmSync(home, { recursive: true, force: true });
  }
}
