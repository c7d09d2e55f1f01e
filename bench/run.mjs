// npm run bench: MCP tools/call and tools/list measured side by side with the same query sent
// straight to Neo4j's Query API, in one run, against one Neo4j and one `wrangler dev` Worker.
//
//   1. tools/call latency p50/p95 through the Worker vs. the Query API directly (target ratio <= 1.25)
//   2. a 50,000-row result through MCP: time and the Worker process's peak memory (target: well under 128 MB)
//   3. tools/list with 2,000 tools in 100 toolsets: p50 (target <= 30 ms locally)
//
// Options (env): BENCH_NODES (demo graph size, default 20000), BENCH_CALLS (default 300).
import { randomBytes } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { freePort, repoRoot, startNeo4j, stopNeo4j } from "../scripts/neo4j/server.mjs";
import { demoQueries, loadDemoGraph } from "../scripts/demo-graph/load.mjs";
import { startWranglerDev } from "../scripts/lib/wrangler-dev.mjs";

// Measure the Worker, not local tooling: wrangler dev's local trace store writes every
// request to SQLite on the Worker's thread (1-2.5 ms each), which a deployment does not do.
process.env.X_LOCAL_OBSERVABILITY ??= "false";

const NODES = Number(process.env.BENCH_NODES ?? 20_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 300);
const home = join(repoRoot, ".local/neo4j/bench");
const persistTo = join(repoRoot, ".local/bench-wrangler");

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const ms = (value) => `${value.toFixed(2)} ms`;

function mcpCall(base, name, args, id) {
  return fetch(`${base}/api/v1/mcp`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      // Neo4j never compresses its answers; keep the Worker leg uncompressed too, like for like.
      "accept-encoding": "identity",
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": name ? "tools/call" : "tools/list",
      ...(name ? { "mcp-name": name } : {}),
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id,
      method: name ? "tools/call" : "tools/list",
      params: {
        ...(name ? { name, arguments: args } : {}),
        _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} },
      },
    }),
  });
}

async function timed(run) {
  const started = performance.now();
  const response = await run();
  const body = await response.json();
  const elapsed = performance.now() - started;
  if (!response.ok || body.error || body.result?.isError) throw new Error(`bench request failed: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
  return { elapsed, body };
}

/** Resident memory of a process tree (wrangler and its workerd children), in bytes. */
function treeRss(rootPid) {
  const pids = [rootPid];
  for (let i = 0; i < pids.length; i++) {
    try {
      const children = readFileSync(`/proc/${pids[i]}/task/${pids[i]}/children`, "utf8").trim();
      if (children) pids.push(...children.split(/\s+/).map(Number));
    } catch {
      // The process ended between listing and reading.
    }
  }
  const rss = {};
  for (const pid of pids) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      const name = /Name:\s+(\S+)/.exec(status)?.[1] ?? "?";
      rss[name] = (rss[name] ?? 0) + Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
    } catch {
      // Gone.
    }
  }
  return rss;
}

async function post(base, path, body) {
  const response = await fetch(`${base}/api/v1${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  if (response.status >= 300) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
}

async function main() {
  rmSync(persistTo, { recursive: true, force: true });
  console.log(`bench: starting Neo4j and loading the demo graph (${NODES} nodes)...`);
  await stopNeo4j(home);
  rmSync(home, { recursive: true, force: true });
  const neo4j = await startNeo4j({ home, heap: "2g", pageCache: "1g", log: () => {} });
  const worker = await startWranglerDev({
    port: await freePort(),
    persistTo,
    stdio: "ignore",
    vars: { NEO4J_URL: neo4j.url, NEO4J_USER: neo4j.user, NEO4J_PASSWORD: neo4j.password, DEVELOPMENT_ONLY_REQUIRE_AUTH: "false", MCP_SIGNED_STATE_KEY: randomBytes(32).toString("hex") },
  });
  try {
    await loadDemoGraph({ ...neo4j, nodes: NODES, log: () => {} });
    const auth = `Basic ${Buffer.from(`${neo4j.user}:${neo4j.password}`).toString("base64")}`;
    const direct = (statement, parameters) =>
      fetch(`${neo4j.url}/db/neo4j/query/v2`, {
        method: "POST",
        headers: { "content-type": "application/vnd.neo4j.query", accept: "application/vnd.neo4j.query", authorization: auth },
        body: JSON.stringify({ statement, parameters, accessMode: "READ", maxExecutionTime: 30 }),
      });

    // 1. Latency: the same query and arguments, alternating Worker and direct to share conditions.
    //    Two queries: a light indexed lookup (the Worker's fixed cost dominates) and a typical
    //    saved tool (the demo graph's internet-exposed-instances: two hops and an aggregation).
    const light = "MATCH (i:EC2Instance) WHERE i.exposed_internet = $exposed RETURN i.id AS id, i.state AS state ORDER BY id LIMIT $limit";
    const typical = demoQueries.find((query) => query.id === "internet-exposed-instances").cypher;
    await post(worker.url, "/toolsets", { id: "bench", name: "Bench" });
    await post(worker.url, "/toolsets/bench/tools", {
      id: "exposed",
      name: "Exposed instances",
      cypher: light,
      parameters: [
        { name: "exposed", type: "boolean", required: true },
        { name: "limit", type: "integer", default: 25 },
      ],
    });
    await post(worker.url, "/toolsets/bench/tools", { id: "typical", name: "Internet-exposed instances", cypher: typical, parameters: [{ name: "limit", type: "integer", default: 25 }] });
    await post(worker.url, "/toolsets/bench/tools", { id: "rows", name: "Rows", cypher: "UNWIND range(1, $n) AS x RETURN x, 'row ' + toString(x) AS label", parameters: [{ name: "n", type: "integer", required: true }] });

    const compare = async (label, tool, args, cypher, params) => {
      const viaWorker = [];
      const viaDirect = [];
      for (let i = 0; i < CALLS + 30; i++) {
        const w = await timed(() => mcpCall(worker.url, tool, args, i));
        const d = await timed(() => direct(cypher, params));
        if (i >= 30) {
          viaWorker.push(w.elapsed);
          viaDirect.push(d.elapsed);
        }
      }
      const [w50, w95, d50, d95] = [percentile(viaWorker, 50), percentile(viaWorker, 95), percentile(viaDirect, 50), percentile(viaDirect, 95)];
      console.log(`   ${label}`);
      console.log(`     through the Worker (MCP 2026-07-28)  p50 ${ms(w50)}  p95 ${ms(w95)}`);
      console.log(`     straight to the Query API           p50 ${ms(d50)}  p95 ${ms(d95)}`);
      console.log(`     ratio Worker / direct               p50 ${(w50 / d50).toFixed(2)}  p95 ${(w95 / d95).toFixed(2)}  (target <= 1.25); added p50 ${ms(w50 - d50)}`);
    };
    console.log(`\n1. tools/call latency, ${CALLS} calls each, same Neo4j and query (demo graph ${NODES} nodes)`);
    await compare("light indexed lookup", "bench__exposed", { exposed: true, limit: 25 }, light, { exposed: { $type: "Boolean", _value: true }, limit: { $type: "Integer", _value: "25" } });
    await compare("typical saved tool (internet-exposed-instances)", "bench__typical", { limit: 25 }, typical, { limit: { $type: "Integer", _value: "25" } });

    // 2. A 50,000-row result: time and the Worker's peak resident memory while it streams.
    const before = treeRss(worker.child.pid);
    let peak = before;
    const sampler = setInterval(() => {
      const now = treeRss(worker.child.pid);
      if ((now.workerd ?? 0) > (peak.workerd ?? 0)) peak = now;
    }, 10);
    const big = await timed(() => mcpCall(worker.url, "bench__rows", { n: 50_000 }, "big"));
    clearInterval(sampler);
    const bigDirect = await timed(() => direct("UNWIND range(1, $n) AS x RETURN x, 'row ' + toString(x) AS label", { n: { $type: "Integer", _value: "50000" } }));
    const rows = big.body.result.structuredContent.results;
    const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
    console.log(`\n2. 50,000-row result through MCP`);
    console.log(`   rows returned ${Array.isArray(rows) ? rows.length : rows.returned}, response ${mb(JSON.stringify(big.body).length)}`);
    console.log(`   time through the Worker ${ms(big.elapsed)}, straight to the Query API ${ms(bigDirect.elapsed)}, ratio ${(big.elapsed / bigDirect.elapsed).toFixed(2)}`);
    console.log(`   workerd resident memory: before ${mb(before.workerd ?? 0)}, peak ${mb(peak.workerd ?? 0)}, growth ${mb((peak.workerd ?? 0) - (before.workerd ?? 0))} (target: well under 128 MB)`);

    // 3. tools/list with 2,000 tools in 100 toolsets.
    for (let t = 0; t < 100; t++) {
      await post(worker.url, "/toolsets", { id: `list_${t}`, name: `List ${t}` });
      await Promise.all(
        Array.from({ length: 20 }, (_, k) =>
          post(worker.url, `/toolsets/list_${t}/tools`, { id: `tool_${k}`, name: `Tool ${k}`, description: "Counts nodes of a label", cypher: "MATCH (n:EC2Instance) RETURN count(n) AS n" }),
        ),
      );
    }
    const lists = [];
    for (let i = 0; i < 60; i++) {
      const { elapsed, body } = await timed(() => mcpCall(worker.url, undefined, undefined, `list${i}`));
      if (i === 0 && body.result.tools.length < 2000) throw new Error(`expected 2000+ tools, got ${body.result.tools.length}`);
      if (i >= 10) lists.push(elapsed);
    }
    console.log(`\n3. tools/list with ${2000 + 3} tools in 101 toolsets, 50 requests`);
    console.log(`   p50 ${ms(percentile(lists, 50))}  p95 ${ms(percentile(lists, 95))}  (target p50 <= 30 ms)`);
    console.log(`   D1 round trips per MCP request: 1 (tools/list), 1 (tools/call); asserted in test/unit/mcp/round-trips.test.ts`);
  } finally {
    await worker.stop();
    await stopNeo4j(home);
    rmSync(home, { recursive: true, force: true });
    rmSync(persistTo, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
