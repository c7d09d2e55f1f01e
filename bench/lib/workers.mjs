// Workers for the benchmark, served by wrangler's own dev engine (the one behind `wrangler
// dev`) in this process, so one run can reach each Worker two ways: through wrangler dev's
// front door (a proxy Worker that queues requests across reloads: local tooling only) and on
// the Worker's own workerd socket, which is what the proxy forwards to and what a deployment
// serves without a proxy.
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { repoRoot } from "../../scripts/neo4j/server.mjs";
import { applyLocalMigrations } from "../../scripts/lib/wrangler-dev.mjs";

// Measure the Worker, not local tooling: wrangler's local trace store writes every request to
// SQLite on the Worker's thread (1-2.5 ms each), which a deployment does not do.
process.env.X_LOCAL_OBSERVABILITY ??= "false";
process.env.WRANGLER_LOG ??= "error";
process.env.WRANGLER_SEND_METRICS ??= "false";
const { unstable_DevEnv: DevEnv, unstable_readConfig: readConfig } = await import("wrangler");

const plain = (vars) => Object.fromEntries(Object.entries(vars).map(([name, value]) => [name, { type: "plain_text", value }]));
const base = (url) => url.href.replace(/\/$/, "");

/** wrangler reports a Worker that fails to build or start in its log and never settles. */
function within(promise, what, seconds = 120) {
  let timer;
  const timeout = new Promise(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`${what} did not start within ${seconds}s (see wrangler's errors above)`)), seconds * 1000)),
  );
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function start(input) {
  const devEnv = new DevEnv();
  const reloaded = once(devEnv, "reloadComplete");
  const worker = await within(
    devEnv.startWorker({ ...input, dev: { server: { hostname: "127.0.0.1", port: 0 }, inspector: false, watch: false, ...input.dev } }),
    input.config,
  );
  const [{ proxyData }] = await within(reloaded, input.config);
  const socket = new URL("http://127.0.0.1");
  Object.assign(socket, proxyData.userWorkerUrl);
  return { frontDoor: base(await worker.url), socket: base(socket), stop: () => worker.dispose() };
}

/**
 * Seizu Edge from wrangler.toml, its D1 migrated in `persistTo`; with `inspectorPort`, its V8
 * inspector listens there (the soak reads the isolate's heap through it); with `testScheduled`,
 * /cdn-cgi/local/scheduled runs its cron handler, as under `npm start`; with `observability`,
 * wrangler's local trace store records its requests, as under `npm start` (read when a Worker
 * starts, so it is set only around this start).
 */
export async function startSeizu({ vars, persistTo, inspectorPort, testScheduled = false, observability = false }) {
  applyLocalMigrations(persistTo);
  const inspector = inspectorPort ? { inspector: { hostname: "127.0.0.1", port: inspectorPort } } : {};
  const saved = process.env.X_LOCAL_OBSERVABILITY;
  process.env.X_LOCAL_OBSERVABILITY = String(observability);
  try {
    return await start({ config: join(repoRoot, "wrangler.toml"), bindings: plain(vars), dev: { persist: persistTo, testScheduled, ...inspector } });
  } finally {
    process.env.X_LOCAL_OBSERVABILITY = saved;
  }
}

/** The pass-through control Worker (bench/bare-worker.js). */
export function startBare({ neo4jUrl, authorization }) {
  return start({ config: join(repoRoot, "bench/bare-worker.toml"), bindings: plain({ NEO4J_URL: neo4jUrl, NEO4J_AUTHORIZATION: authorization }) });
}

/**
 * The assets control: the bare Worker behind the same static assets as Seizu Edge, with the
 * [assets] section read from wrangler.toml (so it cannot drift from it). Locally wrangler's dev
 * engine puts an asset router (a JS Worker of its own, in the same workerd) in front of a Worker
 * with assets: every request, those of run_worker_first's paths too, goes through it first. A
 * deployment has it too, but in Cloudflare's own layer, not billed as the Worker's CPU (requests
 * to static assets are free). Its CPU over the bare Worker's is that local router's; call it at
 * `url`, on a path the router hands to the Worker, as it hands it Seizu Edge's MCP endpoint.
 */
export async function startAssetsControl({ neo4jUrl, authorization }) {
  const { assets } = readConfig({ config: join(repoRoot, "wrangler.toml") });
  const bare = readConfig({ config: join(repoRoot, "bench/bare-worker.toml") });
  const dir = mkdtempSync(join(tmpdir(), "seizu-bench-assets-"));
  const config = join(dir, "wrangler.toml");
  const section = { ...assets, directory: resolve(repoRoot, assets.directory) };
  const lines = [
    'name = "bench-assets"',
    `main = ${JSON.stringify(bare.main)}`,
    `compatibility_date = ${JSON.stringify(bare.compatibility_date)}`,
    "[assets]",
    ...Object.entries(section).map(([key, value]) => `${key} = ${JSON.stringify(value)}`),
  ];
  writeFileSync(config, `${lines.join("\n")}\n`);
  const worker = await start({ config, bindings: plain({ NEO4J_URL: neo4jUrl, NEO4J_AUTHORIZATION: authorization }) });
  return {
    ...worker,
    url: `${worker.socket}/api/v1/mcp`,
    stop: async () => {
      await worker.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The SDK control Worker (bench/sdk-worker.js): the MCP SDK's handler and one forwarding tool. */
export function startSdkControl({ neo4jUrl, authorization }) {
  return start({ config: join(repoRoot, "bench/sdk-worker.toml"), bindings: plain({ NEO4J_URL: neo4jUrl, NEO4J_AUTHORIZATION: authorization }) });
}

/** The audit control Worker (bench/queue-worker.js): the bare Worker plus one queued event a request, written to a D1 of its own in `persistTo`. */
export function startQueueControl({ neo4jUrl, authorization, persistTo }) {
  return start({
    config: join(repoRoot, "bench/queue-worker.toml"),
    bindings: plain({ NEO4J_URL: neo4jUrl, NEO4J_AUTHORIZATION: authorization }),
    dev: { persist: persistTo },
  });
}

/** The KV control Worker (bench/kv-worker.js): the bare Worker plus one KV read a request, its namespace in `persistTo`. */
export function startKvControl({ neo4jUrl, authorization, persistTo }) {
  return start({
    config: join(repoRoot, "bench/kv-worker.toml"),
    bindings: plain({ NEO4J_URL: neo4jUrl, NEO4J_AUTHORIZATION: authorization }),
    dev: { persist: persistTo },
  });
}

/** The D1 control Worker (bench/d1-worker.js), reading Seizu Edge's database in `persistTo`. */
export function startD1Control({ neo4jUrl, authorization, persistTo }) {
  return start({
    config: join(repoRoot, "bench/d1-worker.toml"),
    bindings: plain({ NEO4J_URL: neo4jUrl, NEO4J_AUTHORIZATION: authorization }),
    dev: { persist: persistTo },
  });
}
