// npm run bench: MCP tools/call and tools/list measured side by side with the same query sent
// straight to Neo4j's Query API, in one run, against one Neo4j.
//
//   1. tools/call latency p50/p95: straight to the Query API, through a bare pass-through
//      Worker (the local runtime's floor), through Seizu Edge on its Worker socket and through
//      wrangler dev's front door (target: Seizu / direct <= 1.25)
//   2. a 50,000-row result through MCP: time and the Worker's peak memory (target: well under 128 MB)
//   3. tools/list with 2,000 tools in 100 toolsets: p50 (target <= 30 ms locally)
//
// Options (env): BENCH_NODES (demo graph size, default 20000), BENCH_CALLS (rounds, default 300).
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { repoRoot, startNeo4j, stopNeo4j } from "../scripts/neo4j/server.mjs";
import { demoQueries, loadDemoGraph } from "../scripts/demo-graph/load.mjs";
import { waitUntilQuiet, workerdRss } from "./lib/processes.mjs";
import { interleave, mb, ms } from "./lib/stats.mjs";
import { startBare, startSeizu } from "./lib/workers.mjs";

const NODES = Number(process.env.BENCH_NODES ?? 20_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 300);
const home = join(repoRoot, ".local/neo4j/bench");
const persistTo = join(repoRoot, ".local/bench-wrangler");

/** Sends a request and reads its whole answer; any failure stops the benchmark. */
async function exchange(url, init) {
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok || text.includes('"isError":true') || /^\{"(jsonrpc":"2.0","id":[^,]*,")?error"/.test(text)) {
    throw new Error(`bench request to ${url} failed: ${response.status} ${text.slice(0, 300)}`);
  }
  return text;
}

function mcpRequest(base, method, params) {
  return exchange(`${base}/api/v1/mcp`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      // Neo4j never compresses its answers; keep the Worker legs uncompressed too, like for like.
      "accept-encoding": "identity",
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": method,
      ...(params.name ? { "mcp-name": params.name } : {}),
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method,
      params: { ...params, _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} } },
    }),
  });
}

const callTool = (base, name, args) => mcpRequest(base, "tools/call", { name, arguments: args });

async function post(base, path, body) {
  const response = await fetch(`${base}/api/v1${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  if (response.status >= 300) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
}

function report(label, figures) {
  const direct = figures.direct;
  const line = (name, what, extra = "") => {
    const { p50, p95 } = figures[name];
    console.log(`     ${what.padEnd(46)} p50 ${ms(p50).padStart(9)}  p95 ${ms(p95).padStart(9)}${extra}`);
  };
  const ratio = (name, to = direct) => `${(figures[name].p50 / to.p50).toFixed(2)} / ${(figures[name].p95 / to.p95).toFixed(2)}`;
  console.log(`   ${label}`);
  line("direct", "straight to the Query API");
  line("bare", "bare pass-through Worker (local floor)", `   ratio to direct ${ratio("bare")}`);
  line(
    "seizu",
    "Seizu Edge tools/call, Worker socket",
    `   ratio to direct ${ratio("seizu")} (target <= 1.25); to the bare Worker ${ratio("seizu", figures.bare)}`,
  );
  line("frontDoor", "Seizu Edge tools/call, wrangler dev front door", `   ratio to direct ${ratio("frontDoor")}`);
  console.log(
    `     added p50 over direct: bare Worker ${ms(figures.bare.p50 - direct.p50)}, Seizu Edge ${ms(figures.seizu.p50 - direct.p50)} (${ms(figures.seizu.p50 - figures.bare.p50)} more than the bare Worker)`,
  );
}

async function main() {
  rmSync(persistTo, { recursive: true, force: true });
  console.log(`bench: starting Neo4j and loading the demo graph (${NODES} nodes)...`);
  await stopNeo4j(home);
  rmSync(home, { recursive: true, force: true });
  const neo4j = await startNeo4j({ home, heap: "2g", pageCache: "1g", log: () => {} });
  const authorization = `Basic ${Buffer.from(`${neo4j.user}:${neo4j.password}`).toString("base64")}`;
  const seizu = await startSeizu({
    persistTo,
    vars: {
      NEO4J_URL: neo4j.url,
      NEO4J_USER: neo4j.user,
      NEO4J_PASSWORD: neo4j.password,
      DEVELOPMENT_ONLY_REQUIRE_AUTH: "false",
      MCP_SIGNED_STATE_KEY: randomBytes(32).toString("hex"),
    },
  });
  const bare = await startBare({ neo4jUrl: neo4j.url, authorization });
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

    // 1. Latency: a light indexed lookup (fixed costs dominate) and a typical saved tool (the
    //    demo graph's internet-exposed-instances: two hops and an aggregation).
    const light = "MATCH (i:EC2Instance) WHERE i.exposed_internet = $exposed RETURN i.id AS id, i.state AS state ORDER BY id LIMIT $limit";
    const typical = demoQueries.find((query) => query.id === "internet-exposed-instances").cypher;
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
      cypher: "UNWIND range(1, $n) AS x RETURN x, 'row ' + toString(x) AS label",
      parameters: [{ name: "n", type: "integer", required: true }],
    });

    const compare = async (label, tool, args, body) => {
      const figures = await interleave(
        {
          direct: () => direct(body),
          bare: () => viaBare(body),
          seizu: () => callTool(seizu.socket, tool, args),
          frontDoor: () => callTool(seizu.frontDoor, tool, args),
        },
        { rounds: CALLS, warmup: 30 },
      );
      report(label, figures);
    };
    const limit = { $type: "Integer", _value: "25" };
    console.log(`\n1. tools/call latency, ${CALLS} rounds, same Neo4j and query (demo graph ${NODES} nodes); ratios p50 / p95`);
    await compare(
      "light indexed lookup",
      "bench__exposed",
      { exposed: true, limit: 25 },
      queryBody(light, { exposed: { $type: "Boolean", _value: true }, limit }),
    );
    await compare("typical saved tool (internet-exposed-instances)", "bench__typical", { limit: 25 }, queryBody(typical, { limit }));

    // 2. A 50,000-row result: time and the Worker's peak resident memory while it streams.
    const before = workerdRss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, workerdRss())), 10);
    const started = performance.now();
    const big = JSON.parse(await callTool(seizu.socket, "bench__rows", { n: 50_000 }));
    const bigTime = performance.now() - started;
    clearInterval(sampler);
    const directStarted = performance.now();
    await direct(queryBody("UNWIND range(1, $n) AS x RETURN x, 'row ' + toString(x) AS label", { n: { $type: "Integer", _value: "50000" } }));
    const directTime = performance.now() - directStarted;
    const rows = big.result.structuredContent.results;
    console.log(`\n2. 50,000-row result through MCP`);
    console.log(`   rows returned ${Array.isArray(rows) ? rows.length : rows.returned}, response ${mb(JSON.stringify(big).length)}`);
    console.log(`   time through the Worker ${ms(bigTime)}, straight to the Query API ${ms(directTime)}, ratio ${(bigTime / directTime).toFixed(2)}`);
    console.log(`   workerd resident memory: before ${mb(before)}, peak ${mb(peak)}, growth ${mb(peak - before)} (target: well under 128 MB)`);

    // 3. tools/list with 2,000 tools in 100 toolsets.
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
    const listed = JSON.parse(await mcpRequest(seizu.socket, "tools/list", {})).result.tools.length;
    if (listed < 2000) throw new Error(`expected 2000+ tools, got ${listed}`);
    const lists = await interleave(
      { socket: () => mcpRequest(seizu.socket, "tools/list", {}), frontDoor: () => mcpRequest(seizu.frontDoor, "tools/list", {}) },
      { rounds: 50, warmup: 10 },
    );
    console.log(`\n3. tools/list with ${listed} tools in 101 toolsets, 50 requests each`);
    console.log(
      `   Worker socket p50 ${ms(lists.socket.p50)}  p95 ${ms(lists.socket.p95)}; wrangler dev front door p50 ${ms(lists.frontDoor.p50)}  p95 ${ms(lists.frontDoor.p95)}  (target p50 <= 30 ms)`,
    );
    console.log(`   D1 round trips per MCP request: 1 (tools/list), 1 (tools/call); asserted in test/unit/mcp/round-trips.test.ts`);
  } finally {
    await seizu.stop();
    await bare.stop();
    await stopNeo4j(home);
    rmSync(home, { recursive: true, force: true });
    rmSync(persistTo, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
