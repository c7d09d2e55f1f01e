// Neo4j's own CPU per call for the same lookup sent four ways, side by side in one run:
//   direct    one auto-commit POST /query/v2 (what a client without a time limit of its own sends)
//   explicit  POST /query/v2/tx with maxExecutionTime, then DELETE of the transaction (the
//             Worker's client before issue 27, and still its path when the limits differ)
//   client    the Worker's Neo4jClient, with the request marker, against a server whose
//             db.transaction.timeout is its limit (auto-commit); `client-other-limit` the same
//             client with another limit (explicit transaction, rolled back)
// CPU is Neo4j's utime + stime from /proc, read around each batch; batches of the contenders
// alternate so drift and the other engineers' load spread over all of them.
//
//   node --import tsx scripts/neo4j/cpu-per-call.mjs        (CALLS=600 BATCH=100 NODES=3000 WARMUP=300)
// REUSE_HOME=<dir> keeps the server (and its graph) in <dir> running for the next run.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { cpuSeconds, waitUntilQuiet } from "../../bench/lib/processes.mjs";
import { graphIsEmpty, loadDemoGraph } from "../demo-graph/load.mjs";
import { repoRoot, startNeo4j, stopNeo4j } from "./server.mjs";
import { Neo4jClient } from "../../worker/neo4j/client.ts";

const CALLS = Number(process.env.CALLS ?? 600);
const BATCH = Number(process.env.BATCH ?? 100);
const NODES = Number(process.env.NODES ?? 3000);
const WARMUP = Number(process.env.WARMUP ?? 300);
const LOOKUP = "MATCH (i:EC2Instance) WHERE i.exposed_internet = $exposed RETURN i.id AS id, i.state AS state ORDER BY id LIMIT $limit";
const MEDIA_TYPE = "application/vnd.neo4j.query";

const home = process.env.REUSE_HOME ?? join(repoRoot, `.local/neo4j/cpu-${process.pid}`);
const neo4j = await startNeo4j({ home, heap: "1g", pageCache: "256m", log: () => {} });
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

  const contenders = {
    direct: () => post("", { statement: LOOKUP, parameters, accessMode: "READ" }),
    explicit: async () => {
      const { transaction } = await post("/tx", { statement: LOOKUP, parameters, accessMode: "READ", maxExecutionTime: 30 });
      const rollback = await fetch(`${endpoint}/tx/${transaction.id}`, { method: "DELETE", headers });
      await rollback.arrayBuffer();
    },
    client: () => client.query(LOOKUP, { exposed: true, limit: 25 }),
    "client-other-limit": () => otherLimit.query(LOOKUP, { exposed: true, limit: 25 }),
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
    console.log(`  ${name.padEnd(20)} ${(perCall * 1000).toFixed(2)} ms CPU  ${(perCall / base).toFixed(2)}x direct  ${(wall / calls).toFixed(2)} ms wall`);
  }
} finally {
  if (!process.env.REUSE_HOME) {
    await stopNeo4j(home);
    rmSync(home, { recursive: true, force: true });
  }
}
