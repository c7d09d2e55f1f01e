// npm run upstream-cli:install -- <upstream checkout>: installs upstream Seizu's own CLI
// (mappedsky/seizu, its seizu_cli package) into .local/upstream-cli, a throwaway Python virtual
// environment, so test/e2e/upstream-cli.test.ts can run a Seizu user's commands against this
// Worker. Upstream's CLI is not on PyPI and this project's CI cannot reach GitHub, so the checkout
// is the caller's (git clone https://github.com/mappedsky/seizu). Its dependencies come from PyPI.
// Upstream asks for Python 3.12; Debian bookworm has 3.11, on which its CLI runs as it is, so an
// older Python is allowed with a warning.
import { execFileSync } from "node:child_process";
import { existsSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { repoRoot } from "../neo4j/server.mjs";

const source = process.argv[2];
if (!source || !existsSync(join(source, "packages/seizu-cli/pyproject.toml"))) {
  console.error("usage: npm run upstream-cli:install -- <checkout of mappedsky/seizu> (with packages/seizu-cli/pyproject.toml)");
  process.exit(2);
}
const target = join(repoRoot, ".local/upstream-cli");
rmSync(target, { recursive: true, force: true });
execFileSync("python3", ["-m", "venv", target], { stdio: "inherit" });
const [major, minor] = execFileSync(join(target, "bin/python"), ["-c", "import sys; print(*sys.version_info[:2])"], { encoding: "utf8" })
  .trim()
  .split(" ")
  .map(Number);
const older = major === 3 && minor < 12;
if (older) console.warn(`upstream-cli: Python ${major}.${minor} is older than the 3.12 upstream asks for; installing anyway`);
execFileSync(join(target, "bin/pip"), ["install", "--quiet", ...(older ? ["--ignore-requires-python"] : []), resolve(source, "packages/seizu-cli")], {
  stdio: "inherit",
});
// Which upstream commit this is, for the recorded exchanges (test/fixtures/upstream-seizu/cli-exchanges.json).
const git = (...args) => execFileSync("git", ["-C", source, ...args], { encoding: "utf8" }).trim();
const commit = existsSync(join(source, ".git")) ? git("rev-parse", "HEAD") : "unknown (not a git checkout)";
writeFileSync(join(target, "upstream.json"), `${JSON.stringify({ repository: "mappedsky/seizu", commit }, null, 2)}\n`);
console.log(`upstream-cli: ${join(target, "bin/seizu")} (upstream commit ${commit})`);
