// Serving the Worker locally with `wrangler dev`: D1 migrations applied to the local
// simulator first, vars injected on the command line, resolved once /api/v1/health answers.
import { spawn, spawnSync } from "node:child_process";
import { join } from "node:path";
import { repoRoot } from "../neo4j/server.mjs";

const bin = join(repoRoot, "node_modules/.bin");
const wrangler = join(bin, "wrangler");
/** wrangler needs Node 22: the project's own (the `node` devDependency) comes first on PATH. */
// wrangler's local trace store writes every request to SQLite on the Worker's own thread, which
// a deployment never does: `npm run bench` measured it at several ms of Worker CPU and p50 per
// call (its section 6). Off unless X_LOCAL_OBSERVABILITY=true asks for wrangler's local traces.
const env = (extra = {}) => ({
  ...process.env,
  PATH: `${bin}:${process.env.PATH}`,
  WRANGLER_SEND_METRICS: "false",
  X_LOCAL_OBSERVABILITY: process.env.X_LOCAL_OBSERVABILITY ?? "false",
  ...extra,
});

/** Applies every D1 migration to the local database persisted in `persistTo`. */
export function applyLocalMigrations(persistTo) {
  const result = spawnSync(wrangler, ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo], {
    cwd: repoRoot,
    encoding: "utf8",
    env: env({ CI: "true" }),
  });
  if (result.status !== 0) throw new Error(`wrangler d1 migrations apply failed:\n${result.stdout}\n${result.stderr}`);
}

/** Runs the SQL file `file` on the local database persisted in `persistTo` (tests seed rows with it). */
export function executeLocalSql(persistTo, file) {
  const result = spawnSync(wrangler, ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", file, "--yes"], {
    cwd: repoRoot,
    encoding: "utf8",
    env: env({ CI: "true" }),
  });
  if (result.status !== 0) throw new Error(`wrangler d1 execute failed:\n${result.stdout}\n${result.stderr}`);
}

/**
 * Starts `wrangler dev` on 127.0.0.1:`port` with `vars`, and resolves with its base URL and a
 * stop function once the Worker answers. Output goes to `logFile` (or is inherited).
 * `wrangler dev` does not fire cron triggers by itself; with `testScheduled` it runs the
 * scheduled handler on request (see tickCron).
 */
export async function startWranglerDev({ port, vars, persistTo, stdio = "inherit", timeoutMs = 90_000, inspectorPort = 0, testScheduled = false }) {
  applyLocalMigrations(persistTo);
  const args = [
    "dev",
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    "--persist-to",
    persistTo,
    "--show-interactive-dev-session=false",
    "--inspector-port",
    String(inspectorPort),
    ...(testScheduled ? ["--test-scheduled"] : []),
  ];
  for (const [key, value] of Object.entries(vars)) args.push("--var", `${key}:${value}`);
  const child = spawn(wrangler, args, { cwd: repoRoot, stdio, env: env(), detached: true });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((ok) => child.once("exit", ok));
    process.kill(-child.pid, "SIGTERM");
    const timer = setTimeout(() => process.kill(-child.pid, "SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/v1/health`, { signal: AbortSignal.timeout(2_000) });
      await response.body?.cancel();
      return { url, stop, child };
    } catch {
      await new Promise((ok) => setTimeout(ok, 300));
    }
  }
  await stop();
  throw new Error(`wrangler dev did not answer on ${url} within ${timeoutMs / 1000}s`);
}

/**
 * Runs the Worker's scheduled handler once, as a cron tick would (needs testScheduled). The
 * runtime's own path, not /__scheduled: that one is answered by the UI's assets (index.html).
 */
export async function tickCron(url, cron = "* * * * *") {
  const response = await fetch(`${url}/cdn-cgi/local/scheduled?cron=${encodeURIComponent(cron)}`);
  await response.body?.cancel();
  if (!response.ok) throw new Error(`the scheduled handler failed: ${response.status}`);
}
