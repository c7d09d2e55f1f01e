// `wrangler dev` straight after `npm install`: no web/dist yet, so wrangler.toml's [build] must
// build the admin UI before the assets are served. Run in a copy of the work tree (tracked and
// new files, no web/dist) sharing this checkout's node_modules; the build script itself must
// skip the build when web/dist is up to date, which the test suite relies on.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error plain ESM helper
import { freePort, repoRoot } from "../../scripts/neo4j/server.mjs";

const root = repoRoot as string;
const bin = join(root, "node_modules/.bin");
const env = { ...process.env, PATH: `${bin}:${process.env.PATH}`, WRANGLER_SEND_METRICS: "false", CI: "true" };

/** The work tree as a fresh clone would have it: tracked and new files, nothing ignored (no web/dist). */
function copyWorkTree(): string {
  const copy = mkdtempSync(join(tmpdir(), "seizu-fresh-"));
  const listed = spawnSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], { cwd: root, encoding: "utf8" });
  for (const path of listed.stdout.split("\0").filter(Boolean)) {
    if (!existsSync(join(root, path))) continue;
    mkdirSync(dirname(join(copy, path)), { recursive: true });
    cpSync(join(root, path), join(copy, path));
  }
  symlinkSync(join(root, "node_modules"), join(copy, "node_modules"));
  return copy;
}

async function waitForPage(url: string, child: ChildProcess, timeoutMs: number): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with code ${child.exitCode}`);
    try {
      return await fetch(url, { signal: AbortSignal.timeout(2_000) });
    } catch {
      await new Promise((ok) => setTimeout(ok, 500));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000}s`);
}

describe("wrangler dev in a fresh checkout", () => {
  let copy: string;
  let child: ChildProcess;
  let output = "";

  beforeAll(() => {
    copy = copyWorkTree();
  });
  afterAll(async () => {
    if (child?.pid && child.exitCode === null) {
      const exited = new Promise((ok) => child.once("exit", ok));
      process.kill(-child.pid, "SIGTERM");
      await exited;
    }
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  it("builds the admin UI when web/dist is missing, then serves it", async () => {
    expect(existsSync(join(copy, "web/dist"))).toBe(false);
    const port = await freePort();
    child = spawn(
      join(bin, "wrangler"),
      [
        "dev",
        "--ip",
        "127.0.0.1",
        "--port",
        String(port),
        "--persist-to",
        join(copy, ".wrangler/state"),
        "--show-interactive-dev-session=false",
        "--inspector-port",
        "0",
      ],
      {
        cwd: copy,
        env,
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    child.stdout!.on("data", (chunk) => (output += chunk));
    child.stderr!.on("data", (chunk) => (output += chunk));
    const page = await waitForPage(`http://127.0.0.1:${port}/toolsets`, child, 150_000).catch((error) => {
      throw new Error(`${(error as Error).message}\n${output}`);
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("<title>Seizu Edge</title>");
    const script = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
    expect(script, html).toBeDefined();
    expect((await fetch(`http://127.0.0.1:${port}${script}`)).status).toBe(200);
  }, 180_000);

  it("skips the build when web/dist is newer than every source of the UI", () => {
    const started = Date.now();
    const result = spawnSync(process.execPath, ["scripts/build-web-if-stale.mjs"], { cwd: copy, encoding: "utf8", env });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).not.toContain("building the admin UI");
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
