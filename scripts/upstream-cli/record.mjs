// npm run upstream-cli:record: runs test/e2e/upstream-cli.test.ts (upstream Seizu's own CLI,
// installed by `npm run upstream-cli:install`, against a fresh Worker) with UPSTREAM_CLI_RECORD=1,
// which rewrites test/fixtures/upstream-seizu/cli-exchanges.json from scratch. Exits as the test
// run did.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../neo4j/server.mjs";

if (!existsSync(join(repoRoot, ".local/upstream-cli/bin/seizu"))) {
  console.error("upstream-cli:record: upstream's CLI is not installed; run `npm run upstream-cli:install -- <checkout of mappedsky/seizu>` first");
  process.exit(2);
}
const run = spawnSync(join(repoRoot, "node_modules/.bin/vitest"), ["run", "--project", "node", "test/e2e/upstream-cli.test.ts"], {
  cwd: repoRoot,
  stdio: "inherit",
  env: { ...process.env, UPSTREAM_CLI_RECORD: "1" },
});
process.exit(run.status ?? 1);
