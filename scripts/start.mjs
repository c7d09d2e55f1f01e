// npm start: everything local on embedded defaults. A Neo4j with the demo graph (unless
// NEO4J_URL points at one), the admin UI built, local D1 migrated, and the Worker served by
// `wrangler dev` on 127.0.0.1:$PORT (8080). Ctrl-C stops what this started.
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { devHome, repoRoot, runningNeo4j, startNeo4j, stopNeo4j } from "./neo4j/server.mjs";
import { startWranglerDev, tickCron } from "./lib/wrangler-dev.mjs";
import { DEMO_DASHBOARD_ID, demoDashboard } from "./demo-graph/dashboard.mjs";
import { demoQueries, graphIsEmpty, loadDemoGraph } from "./demo-graph/load.mjs";
import { demoWorkflow } from "./demo-graph/workflow.mjs";

const port = Number(process.env.PORT ?? 8080);
let startedNeo4j = false;
let neo4j;
if (process.env.NEO4J_URL) {
  neo4j = {
    url: process.env.NEO4J_URL,
    boltUrl: process.env.NEO4J_BOLT_URL,
    user: process.env.NEO4J_USER ?? "neo4j",
    password: process.env.NEO4J_PASSWORD ?? "",
  };
} else {
  startedNeo4j = !runningNeo4j(devHome);
  if (startedNeo4j) console.log("Starting the local Neo4j (first run downloads it from Maven Central)...");
  neo4j = await startNeo4j({ home: devHome, httpPort: Number(process.env.NEO4J_HTTP_PORT ?? 7474), boltPort: Number(process.env.NEO4J_BOLT_PORT ?? 7687) });
}
if (neo4j.boltUrl && (await graphIsEmpty(neo4j))) {
  console.log("Loading the demo graph...");
  await loadDemoGraph({ ...neo4j, nodes: Number(process.env.DEMO_GRAPH_NODES ?? 3000) });
}

const build = spawnSync(join(repoRoot, "node_modules/.bin/vite"), ["build", "--config", "web/vite.config.ts", "--logLevel", "warn"], {
  cwd: repoRoot,
  stdio: "inherit",
});
if (build.status !== 0) process.exit(build.status ?? 1);

console.warn("WARNING: DEVELOPMENT_ONLY_REQUIRE_AUTH=false — every request runs as the local admin. Never deploy this way.");
const worker = await startWranglerDev({
  port,
  persistTo: join(repoRoot, ".wrangler/state"),
  testScheduled: true,
  vars: {
    NEO4J_URL: neo4j.url,
    NEO4J_USER: neo4j.user,
    NEO4J_PASSWORD: neo4j.password,
    DEVELOPMENT_ONLY_REQUIRE_AUTH: "false",
    // Signs confirmation state for this run only; set your own for anything longer-lived.
    MCP_SIGNED_STATE_KEY: process.env.MCP_SIGNED_STATE_KEY ?? randomBytes(32).toString("hex"),
  },
});

await seedDemoToolset(worker.url);
await seedDemoDashboard(worker.url);
await seedDemoWorkflow(worker.url);
let cronTimer;
startCronTicks(worker.url);

console.log(`
Seizu Edge is running:
  Admin UI      ${worker.url}/
  REST API      ${worker.url}/api/v1/toolsets
  Dashboard     ${worker.url}/api/v1/reports/dashboard
  Workflows     ${worker.url}/workflows (the demo workflow runs every minute into the log)
  Health        ${worker.url}/api/v1/health
  MCP endpoint  ${worker.url}/api/v1/mcp
  Neo4j         ${neo4j.url} (user ${neo4j.user})
Press Ctrl-C to stop.`);

let stopping = false;
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  clearTimeout(cronTimer);
  await worker.stop();
  if (startedNeo4j) await stopNeo4j(devHome);
  process.exit(code);
}
process.on("SIGINT", () => shutdown(0));
process.on("SIGTERM", () => shutdown(0));
worker.child.on("exit", (code) => shutdown(code ?? 1));

/** The demo graph's example queries as the `demo` toolset, created once (later edits are kept). */
async function seedDemoToolset(base) {
  const existing = await fetch(`${base}/api/v1/toolsets/demo`);
  await existing.body?.cancel();
  if (existing.status !== 404) return;
  const tools = Object.fromEntries(
    demoQueries.map((query) => [
      query.id.replaceAll("-", "_"),
      {
        name: query.name,
        description: query.description,
        cypher: query.cypher,
        parameters: Object.entries(query.parameters ?? {}).map(([name, parameter]) => ({ name, ...parameter })),
      },
    ]),
  );
  const response = await fetch(`${base}/api/v1/toolsets/import`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ toolsets: { demo: { name: "Demo graph", description: "Example queries over the demo security graph.", tools } } }),
  });
  if (!response.ok) throw new Error(`Seeding the demo toolset failed: ${response.status} ${await response.text()}`);
  console.log(`Created the demo toolset with ${demoQueries.length} tools.`);
}

/** The demo security dashboard (every panel type) as a public report and the dashboard, created once. */
async function seedDemoDashboard(base) {
  const existing = await fetch(`${base}/api/v1/reports/${DEMO_DASHBOARD_ID}`);
  await existing.body?.cancel();
  if (existing.status !== 404) return;
  const response = await fetch(`${base}/api/v1/reports/import`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ reports: { [DEMO_DASHBOARD_ID]: { ...demoDashboard, dashboard: true } } }),
  });
  if (!response.ok) throw new Error(`Seeding the demo dashboard failed: ${response.status} ${await response.text()}`);
  console.log(`Created the demo dashboard report ${DEMO_DASHBOARD_ID}.`);
}

/** The demo workflow (a query, then the log activity, every minute), created once (later edits are kept). */
async function seedDemoWorkflow(base) {
  const listed = await (await fetch(`${base}/api/v1/workflows`)).json();
  if (listed.workflows.some((workflow) => workflow.name === demoWorkflow.name)) return;
  const response = await fetch(`${base}/api/v1/workflows`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...demoWorkflow, comment: "Created by npm start" }),
  });
  if (!response.ok) throw new Error(`Seeding the demo workflow failed: ${response.status} ${await response.text()}`);
  console.log(`Created the demo workflow "${demoWorkflow.name}".`);
}

/**
 * The cron trigger, locally: wrangler.toml's "* * * * *" fired now and at the start of every
 * minute, as Cloudflare fires it (wrangler dev does not run crons by itself).
 */
function startCronTicks(base) {
  const fire = () => tickCron(base).catch((error) => console.error(`cron tick: ${error.message}`));
  const untilNextMinute = () => 60_000 - (Date.now() % 60_000);
  const next = () => {
    fire();
    cronTimer = setTimeout(next, untilNextMinute());
  };
  fire();
  cronTimer = setTimeout(next, untilNextMinute());
}
