// The REST operations as plain data, for Node-side scripts: the Worker's operation
// declarations bundled with esbuild and imported, so scripts read the same source of truth.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { repoRoot } from "../neo4j/server.mjs";

/** @returns {Promise<{ operationId: string, group: string, method: string, path: string, summary: string, permission?: string }[]>} */
export async function loadOperations() {
  const dir = mkdtempSync(join(tmpdir(), "seizu-operations-"));
  try {
    const outfile = join(dir, "operations.mjs");
    await build({
      entryPoints: [join(repoRoot, "worker/operations/index.ts")],
      bundle: true,
      platform: "node",
      format: "esm",
      outfile,
      loader: { ".yaml": "text" },
      // Some bundled CommonJS dependencies call require() for Node built-ins. The import is
      // renamed: a bundled ES module (fflate's Node build) imports createRequire itself.
      banner: { js: "import { createRequire as bannerCreateRequire } from 'node:module'; const require = bannerCreateRequire(import.meta.url);" },
      logLevel: "error",
    });
    const { OPERATIONS } = await import(pathToFileURL(outfile).href);
    return OPERATIONS.map(({ operationId, group, method, path, summary, permission }) => ({ operationId, group, method, path, summary, permission }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
