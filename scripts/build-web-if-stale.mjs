// The admin UI's build as wrangler runs it ([build] in wrangler.toml, before `wrangler dev` and
// `wrangler deploy`): `vite build` into web/dist only when web/dist is missing or older than a
// source of the UI. A fresh checkout then serves the UI on its first `wrangler dev`, while the
// test suite, which builds the UI once up front and starts `wrangler dev` many times, pays a
// directory walk per start instead of a build. A lock keeps concurrent starts from building into
// web/dist at the same time; whoever waited re-checks and finds it built.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const SOURCES = ["web/src", "web/public", "web/index.html", "web/vite.config.ts", "package-lock.json"].map((path) => join(root, path));
const BUILT = join(root, "web/dist/index.html");
const LOCK = join(root, "node_modules/.cache/seizu-web-build.lock");
/** A lock older than this was left by a build that died. */
const LOCK_STALE_MS = 5 * 60_000;

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stat.mtimeMs);
}

const upToDate = () => existsSync(BUILT) && statSync(BUILT).mtimeMs >= Math.max(...SOURCES.map(newestChange));

function acquireLock() {
  mkdirSync(dirname(LOCK), { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK);
      return;
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
      if (Date.now() - statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs > LOCK_STALE_MS) rmSync(LOCK, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
    }
  }
}

if (!upToDate()) {
  acquireLock();
  try {
    if (!upToDate()) {
      console.error("web/dist is missing or older than the UI's sources: building the admin UI (npm run build:web)…");
      const vite = join(root, "node_modules/vite/bin/vite.js");
      const result = spawnSync(process.execPath, [vite, "build", "--config", "web/vite.config.ts"], { cwd: root, stdio: "inherit" });
      if (result.status !== 0) process.exit(result.status ?? 1);
    }
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}
