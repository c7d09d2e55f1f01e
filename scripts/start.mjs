// npm start: everything local on embedded defaults. A Neo4j with the demo graph (unless
// NEO4J_URL points at one), the admin UI built, local D1 migrated, and the Worker served by
// `wrangler dev` on 127.0.0.1:$PORT (8080). Ctrl-C stops what this started.
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { devHome, repoRoot, startNeo4j, stopNeo4j } from "./neo4j/server.mjs";
import { startWranglerDev } from "./lib/wrangler-dev.mjs";
import { graphIsEmpty, loadDemoGraph } from "./demo-graph/load.mjs";

const port = Number(process.env.PORT ?? 8080);
let startedNeo4j = false;
let neo4j;
if (process.env.NEO4J_URL) {
  neo4j = { url: process.env.NEO4J_URL, boltUrl: process.env.NEO4J_BOLT_URL, user: process.env.NEO4J_USER ?? "neo4j", password: process.env.NEO4J_PASSWORD ?? "" };
} else {
  console.log("Starting the local Neo4j (first run downloads it from Maven Central)...");
  neo4j = await startNeo4j({ home: devHome, httpPort: Number(process.env.NEO4J_HTTP_PORT ?? 7474), boltPort: Number(process.env.NEO4J_BOLT_PORT ?? 7687) });
  startedNeo4j = true;
}
if (neo4j.boltUrl && (await graphIsEmpty(neo4j))) {
  console.log("Loading the demo graph...");
  await loadDemoGraph({ ...neo4j, nodes: Number(process.env.DEMO_GRAPH_NODES ?? 3000) });
}

const build = spawnSync(join(repoRoot, "node_modules/.bin/vite"), ["build", "--config", "web/vite.config.ts", "--logLevel", "warn"], { cwd: repoRoot, stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

console.warn("WARNING: DEVELOPMENT_ONLY_REQUIRE_AUTH=false — every request runs as the local admin. Never deploy this way.");
const worker = await startWranglerDev({
  port,
  persistTo: join(repoRoot, ".wrangler/state"),
  vars: { NEO4J_URL: neo4j.url, NEO4J_USER: neo4j.user, NEO4J_PASSWORD: neo4j.password, DEVELOPMENT_ONLY_REQUIRE_AUTH: "false" },
});

console.log(`
Seizu Edge is running:
  Admin UI      ${worker.url}/
  REST API      ${worker.url}/api/v1/toolsets
  Health        ${worker.url}/api/v1/health
  MCP endpoint  ${worker.url}/api/v1/mcp
  Neo4j         ${neo4j.url} (user ${neo4j.user})
Press Ctrl-C to stop.`);

let stopping = false;
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  await worker.stop();
  if (startedNeo4j) await stopNeo4j(devHome);
  process.exit(code);
}
process.on("SIGINT", () => shutdown(0));
process.on("SIGTERM", () => shutdown(0));
worker.child.on("exit", (code) => shutdown(code ?? 1));
