// The REST operations as plain data, for Node-side scripts: the Worker's operation
// declarations bundled with esbuild and imported, so scripts read the same source of truth.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { repoRoot } from "../neo4j/server.mjs";

/**
 * The Workers runtime's own module, which Node has not. Scripts read the operations'
 * declarations and never run what needs it (the OAuth library extends WorkerEntrypoint when it
 * loads), so an empty class stands in.
 */
const workersRuntime = {
  name: "cloudflare-workers-runtime",
  setup(build) {
    build.onResolve({ filter: /^cloudflare:workers$/ }, () => ({ path: "cloudflare:workers", namespace: "workers-runtime" }));
    build.onLoad({ filter: /.*/, namespace: "workers-runtime" }, () => ({ contents: "export class WorkerEntrypoint {}", loader: "js" }));
  },
};

/**
 * Worker modules bundled into one and imported: `source` is an entry module's TypeScript, whose
 * imports resolve from the repository's root. One bundle holds one instance of each module, so
 * a schema an operation uses is the very object a module exports.
 */
export async function importWorker(source) {
  const dir = mkdtempSync(join(tmpdir(), "seizu-worker-"));
  try {
    const outfile = join(dir, "bundle.mjs");
    await build({
      stdin: { contents: source, resolveDir: repoRoot, loader: "ts", sourcefile: "entry.ts" },
      bundle: true,
      platform: "node",
      format: "esm",
      outfile,
      loader: { ".yaml": "text" },
      plugins: [workersRuntime],
      // Some bundled CommonJS dependencies call require() for Node built-ins. The import is
      // renamed: a bundled ES module (fflate's Node build) imports createRequire itself.
      banner: { js: "import { createRequire as bannerCreateRequire } from 'node:module'; const require = bannerCreateRequire(import.meta.url);" },
      logLevel: "error",
    });
    return await import(pathToFileURL(outfile).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** @returns {Promise<{ operationId: string, group: string, method: string, path: string, summary: string, permission?: string }[]>} */
export async function loadOperations() {
  const { OPERATIONS } = await importWorker(`export { OPERATIONS } from "./worker/operations/index.ts";`);
  return OPERATIONS.map(({ operationId, group, method, path, summary, permission }) => ({ operationId, group, method, path, summary, permission }));
}
