// The Seizu Edge and Neo4j the benchmark measures: a fresh stack of its own (a Neo4j with the
// demo graph, Seizu Edge served by wrangler's dev engine in this process), or an already
// running one (BENCH_TARGET, e.g. an `npm start` at http://127.0.0.1:8080): then its Neo4j
// (found through BENCH_NEO4J_HOME, by default the one `npm start` runs, .local/neo4j/dev) and
// its local D1 (BENCH_TARGET_STATE, by default `npm start`'s .wrangler/state) are read, never
// replaced. Either way the result names the processes to read CPU and memory from.
import { randomBytes } from "node:crypto";
import { cpSync, rmSync } from "node:fs";
import { join } from "node:path";
import { loadDemoGraph } from "../../scripts/demo-graph/load.mjs";
import { devHome, freePort, repoRoot, runningNeo4j, startNeo4j, stopNeo4j } from "../../scripts/neo4j/server.mjs";
import { childrenOf, parentOf, processName, waitUntilQuiet } from "./processes.mjs";
import { pidServing, portsListenedBy } from "./sockets.mjs";
import { startSeizu } from "./workers.mjs";

const home = join(repoRoot, ".local/neo4j/bench");
export const benchState = join(repoRoot, ".local/bench-wrangler");
/** The D1 control's copy of Seizu Edge's D1: the two never open one SQLite file (Seizu Edge writes its audit log there). */
const controlState = join(repoRoot, ".local/bench-wrangler-control");

export const basicAuth = ({ user, password }) => `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

/** The vars a Seizu Edge of the bench's own is served with. */
export const seizuVars = (neo4j) => ({
  NEO4J_URL: neo4j.url,
  NEO4J_USER: neo4j.user,
  NEO4J_PASSWORD: neo4j.password,
  DEVELOPMENT_ONLY_REQUIRE_AUTH: "false",
  RATE_LIMITS_ENABLED: "false",
  MCP_SIGNED_STATE_KEY: randomBytes(32).toString("hex"),
});

async function nodeCount(neo4j) {
  const response = await fetch(`${neo4j.url}/db/neo4j/query/v2`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: basicAuth(neo4j) },
    body: JSON.stringify({ statement: "MATCH (n) RETURN count(n) AS n" }),
  });
  return (await response.json()).data.values[0][0];
}

/** A Neo4j, the demo graph of `nodes` nodes loaded into it, and a Seizu Edge in front of it. */
async function freshStack({ nodes }) {
  rmSync(benchState, { recursive: true, force: true });
  await stopNeo4j(home);
  rmSync(home, { recursive: true, force: true });
  const neo4j = await startNeo4j({ home, heap: "2g", pageCache: "1g", log: () => {} });
  const inspectorPort = await freePort();
  const seizu = await startSeizu({ persistTo: benchState, inspectorPort, testScheduled: true, vars: seizuVars(neo4j) });
  await loadDemoGraph({ ...neo4j, nodes, log: () => {} });
  if (!(await waitUntilQuiet(neo4j.pid))) console.log("bench: Neo4j is still busy after loading; figures may be noisy");
  return {
    kind: `a fresh stack (demo graph of ${nodes} nodes)`,
    target: false,
    neo4j,
    seizu: { ...seizu, pid: pidServing(seizu.socket), frontDoorPid: pidServing(seizu.frontDoor), inspectorPort },
    state: benchState,
    liveState: benchState,
    controlState,
    /** Copies the stack's local D1 (after the bench defined its tools) for the D1 control. */
    snapshotState: () => {
      rmSync(controlState, { recursive: true, force: true });
      cpSync(benchState, controlState, { recursive: true });
    },
    stop: async () => {
      await seizu.stop();
      await stopNeo4j(home);
      rmSync(home, { recursive: true, force: true });
      rmSync(benchState, { recursive: true, force: true });
      rmSync(controlState, { recursive: true, force: true });
    },
  };
}

/**
 * wrangler dev serves its front door from one workerd process and the Worker from another,
 * both children of the same wrangler process: the Worker's socket is the port of the other
 * workerd that answers /api/v1/health.
 */
async function findSocket(frontDoor) {
  const frontDoorPid = pidServing(frontDoor);
  if (!frontDoorPid) throw new Error(`BENCH_TARGET: nothing of ours listens at ${frontDoor}`);
  for (const pid of childrenOf(parentOf(frontDoorPid))) {
    if (pid === frontDoorPid || processName(pid) !== "workerd") continue;
    for (const port of portsListenedBy(pid)) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/v1/health`, { signal: AbortSignal.timeout(5_000) });
        const text = await response.text();
        if (response.ok && text.includes('"status"')) return { socket: `http://127.0.0.1:${port}`, pid, frontDoorPid };
      } catch {
        // Not an HTTP socket (the inspector, the runtime's loopback).
      }
    }
  }
  throw new Error(`BENCH_TARGET: could not find the Worker's own socket behind ${frontDoor}`);
}

/** An already running stack: its Neo4j, its Worker's socket and front door, a copy of its D1. */
async function targetStack(frontDoor) {
  const neo4jHome = process.env.BENCH_NEO4J_HOME ?? devHome;
  const neo4j = runningNeo4j(neo4jHome);
  if (!neo4j) throw new Error(`BENCH_TARGET: no running Neo4j in ${neo4jHome} (set BENCH_NEO4J_HOME to the home of the stack's Neo4j)`);
  const found = await findSocket(frontDoor);
  // The D1 control reads a copy of the stack's database, so nothing of the stack's is opened twice.
  const targetState = process.env.BENCH_TARGET_STATE ?? join(repoRoot, ".wrangler/state");
  rmSync(benchState, { recursive: true, force: true });
  return {
    kind: `the running stack at ${frontDoor} (Worker socket ${found.socket}; its Neo4j of ${await nodeCount(neo4j)} nodes in ${neo4jHome})`,
    target: true,
    neo4j,
    seizu: { socket: found.socket, frontDoor, pid: found.pid, frontDoorPid: found.frontDoorPid },
    state: benchState,
    liveState: targetState,
    controlState: benchState,
    /** Copies the stack's local D1 (after the bench defined its tools) for the D1 control. */
    snapshotState: () => cpSync(targetState, benchState, { recursive: true }),
    stop: async () => rmSync(benchState, { recursive: true, force: true }),
  };
}

export const openStack = ({ nodes }) => (process.env.BENCH_TARGET ? targetStack(process.env.BENCH_TARGET.replace(/\/$/, "")) : freshStack({ nodes }));
