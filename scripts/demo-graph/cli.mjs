// npm run demo:load -- [--nodes N] [--replace]
// Connects to NEO4J_BOLT_URL (NEO4J_USER, NEO4J_PASSWORD) when set, otherwise to the
// development server of `npm run neo4j:start`.
import { parseArgs } from "node:util";
import { devHome, runningNeo4j } from "../neo4j/server.mjs";
import { loadDemoGraph } from "./load.mjs";

const usage = "usage: node scripts/demo-graph/cli.mjs [--nodes N] [--replace]";

function connection() {
  if (process.env.NEO4J_BOLT_URL) {
    return { boltUrl: process.env.NEO4J_BOLT_URL, user: process.env.NEO4J_USER ?? "neo4j", password: process.env.NEO4J_PASSWORD ?? "" };
  }
  const dev = runningNeo4j(devHome);
  if (!dev) throw new Error("demo graph: set NEO4J_BOLT_URL (and NEO4J_USER, NEO4J_PASSWORD), or start the development server with `npm run neo4j:start`");
  return dev;
}

try {
  const { values } = parseArgs({ options: { nodes: { type: "string", default: "3000" }, replace: { type: "boolean", default: false } } });
  const started = performance.now();
  const created = await loadDemoGraph({ ...connection(), nodes: Number(values.nodes), replace: values.replace });
  console.log(JSON.stringify({ ...created, seconds: Number(((performance.now() - started) / 1000).toFixed(1)) }));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  if (error instanceof TypeError && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS")) console.error(usage);
  process.exit(1);
}
