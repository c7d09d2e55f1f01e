// The other MCP servers for Neo4j, run against the same Neo4j as Seizu Edge so one run can put
// them side by side. Each is driven the way its users drive it: the Streamable HTTP revision
// it speaks, its own ad-hoc read tool, the same query and parameters.
//
//   neo4j/mcp (Neo4j's official server, Go): `read-cypher` over stateless HTTP, Basic auth per
//     request. Bring your own binary: NEO4J_MCP_BIN, or .local/peers/bin/neo4j-mcp. It is not
//     built here.
//   mcp-neo4j-cypher (Neo4j Labs, Python, PyPI): `read_neo4j_cypher` over FastMCP's HTTP with a
//     session; installed on first use into .local/peers/venv (BENCH_SKIP_PEERS=1 skips both).
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { freePort, repoRoot } from "../../scripts/neo4j/server.mjs";
import { legacySession } from "./mcp.mjs";
import { cpuSeconds } from "./processes.mjs";

const peersDir = join(repoRoot, ".local/peers");
const CYPHER_MCP_VERSION = "0.6.0";

function startProcess(cmd, args, env) {
  const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "pipe"], detached: true });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((ok) => child.once("exit", ok));
    process.kill(-child.pid, "SIGTERM");
    const timer = setTimeout(() => process.kill(-child.pid, "SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
  };
  return { child, stop, stderr: () => stderr };
}

/** Opens a session once the server answers initialize, or explains why it never did. */
async function connect(url, headers, proc, name) {
  const deadline = Date.now() + 60_000;
  let last;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) throw new Error(`${name} exited: ${proc.stderr()}`);
    try {
      return await legacySession(url, headers);
    } catch (error) {
      last = error;
      await new Promise((ok) => setTimeout(ok, 300));
    }
  }
  throw new Error(`${name} did not answer at ${url}: ${last?.message}\n${proc.stderr()}`);
}

export async function startNeo4jMcp(neo4j) {
  const bin = process.env.NEO4J_MCP_BIN ?? join(peersDir, "bin/neo4j-mcp");
  if (!existsSync(bin)) return { skipped: `no neo4j-mcp binary (set NEO4J_MCP_BIN or put one at ${bin})` };
  const port = await freePort();
  const proc = startProcess(bin, [], {
    NEO4J_MCP_URI: neo4j.boltUrl,
    NEO4J_MCP_DATABASE: "neo4j",
    NEO4J_MCP_TRANSPORT_MODE: "http",
    NEO4J_MCP_HTTP_HOST: "127.0.0.1",
    NEO4J_MCP_HTTP_PORT: String(port),
    NEO4J_MCP_READ_ONLY: "true",
    NEO4J_MCP_TELEMETRY: "false",
    NEO4J_MCP_LOG_LEVEL: "error",
  });
  const authorization = `Basic ${Buffer.from(`${neo4j.user}:${neo4j.password}`).toString("base64")}`;
  const session = await connect(`http://127.0.0.1:${port}/mcp`, { authorization }, proc, "neo4j-mcp");
  return {
    name: "neo4j/mcp (Go)",
    query: (cypher, params) => session.call("read-cypher", { query: cypher, params }),
    cpu: () => cpuSeconds(proc.child.pid),
    stop: proc.stop,
  };
}

function cypherMcpBin() {
  const venv = join(peersDir, "venv");
  const bin = join(venv, "bin/mcp-neo4j-cypher");
  if (existsSync(bin)) return bin;
  console.log(`bench: installing mcp-neo4j-cypher ${CYPHER_MCP_VERSION} from PyPI into ${venv}...`);
  const steps = [
    ["python3", ["-m", "venv", venv]],
    [join(venv, "bin/pip"), ["install", "--quiet", `mcp-neo4j-cypher==${CYPHER_MCP_VERSION}`]],
  ];
  for (const [cmd, args] of steps) {
    const result = spawnSync(cmd, args, { encoding: "utf8" });
    if (result.status !== 0) return { skipped: `could not install mcp-neo4j-cypher: ${result.stderr.slice(-500)}` };
  }
  return bin;
}

export async function startCypherMcp(neo4j) {
  const bin = cypherMcpBin();
  if (typeof bin !== "string") return bin;
  const port = await freePort();
  const proc = startProcess(
    bin,
    [
      "--transport",
      "http",
      "--server-host",
      "127.0.0.1",
      "--server-port",
      String(port),
      "--server-path",
      "/mcp/",
      "--db-url",
      neo4j.boltUrl,
      "--username",
      neo4j.user,
      "--password",
      neo4j.password,
      "--database",
      "neo4j",
      "--read-only",
    ],
    { PYTHONWARNINGS: "ignore" },
  );
  const session = await connect(`http://127.0.0.1:${port}/mcp/`, {}, proc, "mcp-neo4j-cypher");
  return {
    name: "mcp-neo4j-cypher (Python)",
    query: (cypher, params) => session.call("read_neo4j_cypher", { query: cypher, params }),
    cpu: () => cpuSeconds(proc.child.pid),
    stop: proc.stop,
  };
}

/** Every peer that can run here; the ones that cannot are named with the reason. */
export async function startPeers(neo4j) {
  if (process.env.BENCH_SKIP_PEERS === "1") return { peers: {}, skipped: ["peers (BENCH_SKIP_PEERS=1)"] };
  const peers = {};
  const skipped = [];
  for (const [key, start] of [
    ["neo4jMcp", startNeo4jMcp],
    ["cypherMcp", startCypherMcp],
  ]) {
    try {
      const peer = await start(neo4j);
      if (peer.skipped) skipped.push(peer.skipped);
      else peers[key] = peer;
    } catch (error) {
      skipped.push(error.message);
    }
  }
  return { peers, skipped };
}
