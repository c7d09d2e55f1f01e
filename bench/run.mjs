// npm run bench: Seizu Edge measured side by side, in one run, against one Neo4j, with the same
// query sent straight to Neo4j's Query API and through the other MCP servers for Neo4j.
//
//   1. tools/call latency p50/p95, interleaved round by round: straight to the Query API, a bare
//      pass-through Worker (the local runtime's floor), the same plus the one D1 read of a
//      tools/call (what the local D1 simulator adds), a Seizu Edge saved tool on its Worker
//      socket and through wrangler dev's front door, Seizu Edge graph__query (ad hoc, like the
//      peers' tools), neo4j/mcp's read-cypher and mcp-neo4j-cypher's read_neo4j_cypher
//   2. throughput with 8 concurrent callers, each contender in turn (the controls too), two passes
//   3. a 50,000-row result through MCP: time and the Worker's peak memory
//   4. tools/list with 2,000 tools in 100 toolsets
//   5. a soak of mixed traffic printing workerd's resident memory as it goes (it must level off)
//
// Options (env): BENCH_NODES (demo graph size, default 20000), BENCH_CALLS (latency rounds,
// default 300), BENCH_SECONDS (throughput seconds per contender and pass, default 5),
// BENCH_SOAK_CALLS (default 20000; 0 skips), BENCH_SKIP_PEERS=1, NEO4J_MCP_BIN (see lib/peers.mjs).
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { freePort, repoRoot, startNeo4j, stopNeo4j } from "../scripts/neo4j/server.mjs";
import { demoQueries, loadDemoGraph } from "../scripts/demo-graph/load.mjs";
import { inspector } from "./lib/inspector.mjs";
import { exchange, seizuCall, seizuRequest } from "./lib/mcp.mjs";
import { startPeers } from "./lib/peers.mjs";
import { waitUntilQuiet, workerdCpuSeconds, workerdRss } from "./lib/processes.mjs";
import { interleave, mb, ms, throughput } from "./lib/stats.mjs";
import { startBare, startD1Control, startSeizu } from "./lib/workers.mjs";

const NODES = Number(process.env.BENCH_NODES ?? 20_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 300);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const SOAK_CALLS = Number(process.env.BENCH_SOAK_CALLS ?? 20_000);
const CALLERS = 8;
const home = join(repoRoot, ".local/neo4j/bench");
const persistTo = join(repoRoot, ".local/bench-wrangler");

async function post(base, path, body) {
  const response = await fetch(`${base}/api/v1${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  if (response.status >= 300) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
}

const LABELS = {
  direct: "straight to the Query API",
  bare: "bare pass-through Worker (local floor)",
  d1: "bare Worker + the tools/call D1 read",
  seizu: "Seizu Edge saved tool, Worker socket",
  frontDoor: "Seizu Edge saved tool, wrangler dev front door",
  graphQuery: "Seizu Edge graph__query, Worker socket",
  neo4jMcp: "neo4j/mcp read-cypher (Go)",
  cypherMcp: "mcp-neo4j-cypher read_neo4j_cypher (Python)",
};

const ratio = (a, b) => `${(a.p50 / b.p50).toFixed(2)} / ${(a.p95 / b.p95).toFixed(2)}`;

function reportLatency(label, figures) {
  const { direct } = figures;
  console.log(`   ${label}`);
  for (const [name, figure] of Object.entries(figures)) {
    const added = name === "direct" ? "" : `  +${ms(figure.p50 - direct.p50)} over direct, ratio ${ratio(figure, direct)}`;
    console.log(`     ${LABELS[name].padEnd(48)} p50 ${ms(figure.p50).padStart(9)}  p95 ${ms(figure.p95).padStart(9)}${added}`);
  }
  const { bare, d1, seizu, graphQuery, neo4jMcp, cypherMcp } = figures;
  console.log(`     graph__query / saved tool: ${ratio(graphQuery, seizu)} (target p50 <= 1.5)`);
  console.log(
    `     saved tool's added p50, decomposed: local floor ${ms(bare.p50 - direct.p50)}, local D1 read ${ms(d1.p50 - bare.p50)}, Seizu's own ${ms(seizu.p50 - d1.p50)}`,
  );
  for (const [name, peer] of Object.entries({ neo4jMcp, cypherMcp })) {
    if (!peer) continue;
    console.log(
      `     to ${LABELS[name]}: saved tool ${ratio(seizu, peer)}, graph__query ${ratio(graphQuery, peer)}; added over direct: Seizu ${ms(seizu.p50 - direct.p50)}, peer ${ms(peer.p50 - direct.p50)}`,
    );
  }
}

async function main() {
  rmSync(persistTo, { recursive: true, force: true });
  console.log(`bench: starting Neo4j and loading the demo graph (${NODES} nodes)...`);
  await stopNeo4j(home);
  rmSync(home, { recursive: true, force: true });
  const neo4j = await startNeo4j({ home, heap: "2g", pageCache: "1g", log: () => {} });
  const authorization = `Basic ${Buffer.from(`${neo4j.user}:${neo4j.password}`).toString("base64")}`;
  const inspectorPort = await freePort();
  const seizu = await startSeizu({
    persistTo,
    inspectorPort,
    vars: {
      NEO4J_URL: neo4j.url,
      NEO4J_USER: neo4j.user,
      NEO4J_PASSWORD: neo4j.password,
      DEVELOPMENT_ONLY_REQUIRE_AUTH: "false",
      RATE_LIMITS_ENABLED: "false",
      MCP_SIGNED_STATE_KEY: randomBytes(32).toString("hex"),
    },
  });
  const bare = await startBare({ neo4jUrl: neo4j.url, authorization });
  const d1Control = await startD1Control({ neo4jUrl: neo4j.url, authorization, persistTo });
  const { peers, skipped } = await startPeers(neo4j);
  for (const reason of skipped) console.log(`bench: skipping a peer: ${reason}`);
  try {
    await loadDemoGraph({ ...neo4j, nodes: NODES, log: () => {} });
    if (!(await waitUntilQuiet(neo4j.pid))) console.log("bench: Neo4j is still busy after loading; figures may be noisy");
    const queryBody = (statement, parameters) => JSON.stringify({ statement, parameters, accessMode: "READ", maxExecutionTime: 30 });
    const direct = (body) =>
      exchange(`${neo4j.url}/db/neo4j/query/v2`, {
        method: "POST",
        headers: { "content-type": "application/vnd.neo4j.query", accept: "application/vnd.neo4j.query", authorization },
        body,
      });
    const viaBare = (body) => exchange(bare.socket, { method: "POST", body });
    const viaD1 = (tool, body) => {
      const [toolset, id] = tool.split("__");
      return exchange(`${d1Control.socket}/?toolset=${toolset}&tool=${id}`, { method: "POST", body });
    };

    // 1. Latency: a light indexed lookup (fixed costs dominate) and a typical saved tool (the
    //    demo graph's internet-exposed-instances: two hops and an aggregation).
    const light = "MATCH (i:EC2Instance) WHERE i.exposed_internet = $exposed RETURN i.id AS id, i.state AS state ORDER BY id LIMIT $limit";
    const typical = demoQueries.find((query) => query.id === "internet-exposed-instances").cypher;
    const rowsQuery = "UNWIND range(1, $n) AS x RETURN x, 'row ' + toString(x) AS label";
    await post(seizu.socket, "/toolsets", { id: "bench", name: "Bench" });
    await post(seizu.socket, "/toolsets/bench/tools", {
      id: "exposed",
      name: "Exposed instances",
      cypher: light,
      parameters: [
        { name: "exposed", type: "boolean", required: true },
        { name: "limit", type: "integer", default: 25 },
      ],
    });
    await post(seizu.socket, "/toolsets/bench/tools", {
      id: "typical",
      name: "Internet-exposed instances",
      cypher: typical,
      parameters: [{ name: "limit", type: "integer", default: 25 }],
    });
    await post(seizu.socket, "/toolsets/bench/tools", {
      id: "rows",
      name: "Rows",
      cypher: rowsQuery,
      parameters: [{ name: "n", type: "integer", required: true }],
    });

    const contendersFor = (tool, cypher, args, typedArgs) => ({
      direct: () => direct(queryBody(cypher, typedArgs)),
      bare: () => viaBare(queryBody(cypher, typedArgs)),
      d1: () => viaD1(tool, queryBody(cypher, typedArgs)),
      seizu: () => seizuCall(seizu.socket, tool, args),
      frontDoor: () => seizuCall(seizu.frontDoor, tool, args),
      graphQuery: () => seizuCall(seizu.socket, "graph__query", { query: cypher, parameters: args }),
      ...Object.fromEntries(Object.entries(peers).map(([name, peer]) => [name, () => peer.query(cypher, args)])),
    });
    const limit = { $type: "Integer", _value: "25" };
    const lightContenders = contendersFor("bench__exposed", light, { exposed: true, limit: 25 }, { exposed: { $type: "Boolean", _value: true }, limit });
    const typicalContenders = contendersFor("bench__typical", typical, { limit: 25 }, { limit });
    console.log(`\n1. tools/call latency, ${CALLS} rounds, same Neo4j and query (demo graph ${NODES} nodes); ratios p50 / p95`);
    reportLatency("light indexed lookup", await interleave(lightContenders, { rounds: CALLS, warmup: 30 }));
    reportLatency("typical saved tool (internet-exposed-instances)", await interleave(typicalContenders, { rounds: CALLS, warmup: 30 }));

    // 2. Throughput: the typical query, CALLERS callers at once, each contender in turn.
    // The two controls run too, so the CPU per call of the local runtime and of its D1 simulator
    // stands beside Seizu's (each contender runs alone, so workerd's CPU is that contender's).
    const { frontDoor: _frontDoor, ...loaded } = typicalContenders;
    const cpu = {
      bare: workerdCpuSeconds,
      d1: workerdCpuSeconds,
      seizu: workerdCpuSeconds,
      graphQuery: workerdCpuSeconds,
      ...Object.fromEntries(Object.entries(peers).map(([name, peer]) => [name, peer.cpu])),
    };
    const rates = await throughput(loaded, { callers: CALLERS, seconds: SECONDS, passes: 2, cpu });
    console.log(
      `\n2. throughput, typical query, ${CALLERS} concurrent callers, ${SECONDS} s per contender and pass, 2 passes; server CPU per call (not Neo4j's)`,
    );
    for (const [name, { rate, cpuMsPerCall }] of Object.entries(rates)) {
      const versus = ["neo4jMcp", "cypherMcp"].filter((peer) => rates[peer] && peer !== name).map((peer) => `${(rate / rates[peer].rate).toFixed(2)}x ${peer}`);
      const used = cpuMsPerCall === undefined ? "" : `  CPU ${ms(cpuMsPerCall)}/call`;
      console.log(
        `     ${LABELS[name].padEnd(48)} ${rate.toFixed(0).padStart(6)} calls/s  ${(rate / rates.direct.rate).toFixed(2)}x direct  ${versus.join("  ")}${used}`,
      );
    }

    // 3. A 50,000-row result: time and the Worker's peak resident memory while it streams.
    const before = workerdRss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, workerdRss())), 10);
    const started = performance.now();
    const big = JSON.parse(await seizuCall(seizu.socket, "bench__rows", { n: 50_000 }));
    const bigTime = performance.now() - started;
    clearInterval(sampler);
    const directStarted = performance.now();
    await direct(queryBody(rowsQuery, { n: { $type: "Integer", _value: "50000" } }));
    const directTime = performance.now() - directStarted;
    const rows = big.result.structuredContent.results;
    console.log(`\n3. 50,000-row result through MCP`);
    console.log(`   rows returned ${Array.isArray(rows) ? rows.length : rows.returned}, response ${mb(JSON.stringify(big).length)}`);
    console.log(`   time through the Worker ${ms(bigTime)}, straight to the Query API ${ms(directTime)}, ratio ${(bigTime / directTime).toFixed(2)}`);
    console.log(`   workerd resident memory: before ${mb(before)}, peak ${mb(peak)}, growth ${mb(peak - before)} (target: well under 128 MB)`);

    // 4. tools/list with 2,000 tools in 100 toolsets.
    for (let t = 0; t < 100; t++) {
      await post(seizu.socket, "/toolsets", { id: `list_${t}`, name: `List ${t}` });
      await Promise.all(
        Array.from({ length: 20 }, (_, k) =>
          post(seizu.socket, `/toolsets/list_${t}/tools`, {
            id: `tool_${k}`,
            name: `Tool ${k}`,
            description: "Counts nodes of a label",
            cypher: "MATCH (n:EC2Instance) RETURN count(n) AS n",
          }),
        ),
      );
    }
    const listed = JSON.parse(await seizuRequest(seizu.socket, "tools/list", {})).result.tools.length;
    if (listed < 2000) throw new Error(`expected 2000+ tools, got ${listed}`);
    const lists = await interleave(
      { socket: () => seizuRequest(seizu.socket, "tools/list", {}), frontDoor: () => seizuRequest(seizu.frontDoor, "tools/list", {}) },
      { rounds: 50, warmup: 10 },
    );
    console.log(`\n4. tools/list with ${listed} tools in 101 toolsets, 50 requests each`);
    console.log(
      `   Worker socket p50 ${ms(lists.socket.p50)}  p95 ${ms(lists.socket.p95)}; wrangler dev front door p50 ${ms(lists.frontDoor.p50)}  p95 ${ms(lists.frontDoor.p95)}  (target p50 <= 30 ms)`,
    );
    console.log("   remote round trips per tools/call: 1 to Neo4j, 1 D1 read; asserted in test/unit/mcp/round-trips.test.ts");

    // 5. Soak: mixed traffic (saved tools, graph__query with varying text, small and large
    //    results, tools/list) from CALLERS callers; workerd's resident memory every tenth.
    if (SOAK_CALLS > 0) {
      console.log(`\n5. soak: ${SOAK_CALLS} mixed calls from ${CALLERS} callers; workerd resident memory`);
      const mix = [
        () => seizuCall(seizu.socket, "bench__typical", { limit: 25 }),
        () => seizuCall(seizu.socket, "bench__exposed", { exposed: true, limit: 25 }),
        (i) => seizuCall(seizu.socket, "graph__query", { query: `MATCH (i:EC2Instance) RETURN i.id AS id, ${i % 500} AS k LIMIT 5`, parameters: {} }),
        () => seizuCall(seizu.socket, "bench__rows", { n: 2_000 }),
        () => seizuCall(seizu.socket, "list_0__tool_0", {}),
        () => seizuRequest(seizu.socket, "tools/list", {}),
      ];
      // The isolate's JS heap after a full collection is what the app itself holds; resident
      // memory also counts the runtime's allocator, the D1 simulator and freed pages kept.
      const cdp = await inspector(inspectorPort);
      const heapAfterGc = async () => {
        await cdp.send("HeapProfiler.collectGarbage");
        return (await cdp.send("Runtime.getHeapUsage", {}, (result) => typeof result.usedSize === "number")).usedSize;
      };
      // The first answer on a fresh connection can belong to the proxy's own requests.
      await heapAfterGc();
      const samples = [workerdRss()];
      const heaps = [await heapAfterGc()];
      let next = 0;
      let sampling = Promise.resolve();
      const step = Math.ceil(SOAK_CALLS / 10);
      const line = (calls, rss, heap) => console.log(`   ${String(calls).padStart(6)} calls  resident ${mb(rss)}  JS heap after GC ${mb(heap)}`);
      line(0, samples[0], heaps[0]);
      await Promise.all(
        Array.from({ length: CALLERS }, async () => {
          for (let i = next++; i < SOAK_CALLS; i = next++) {
            await mix[i % mix.length](i);
            if ((i + 1) % step === 0) {
              sampling = sampling.then(async () => {
                samples.push(workerdRss());
                heaps.push(await heapAfterGc());
                line(i + 1, samples.at(-1), heaps.at(-1));
              });
            }
          }
        }),
      );
      await sampling;
      cdp.close();
      const halves = (series) => {
        const half = Math.floor(series.length / 2);
        return `first half ${mb(series[half] - series[0])}, second half ${mb(series.at(-1) - series[half])}`;
      };
      console.log(
        `   growth of resident memory: ${halves(samples)}; of the JS heap after GC: ${halves(heaps)} (levels off when the second half grows far less than the first)`,
      );
    }
  } finally {
    for (const peer of Object.values(peers)) await peer.stop();
    await seizu.stop();
    await bare.stop();
    await d1Control.stop();
    await stopNeo4j(home);
    rmSync(home, { recursive: true, force: true });
    rmSync(persistTo, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
