// The Worker served by `wrangler dev` for end-to-end tests, pointed at the run's Neo4j.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";
// @ts-expect-error plain ESM helpers shared with npm start
import { applyLocalMigrations, startWranglerDev } from "../../scripts/lib/wrangler-dev.mjs";
// @ts-expect-error plain ESM helpers shared with npm start
import { freePort } from "../../scripts/neo4j/server.mjs";

export interface RunningWorker {
  url: string;
  /** Where the Worker's local D1, Durable Objects and R2 are kept (tests seed D1 rows there). */
  persistTo: string;
  stop(): Promise<void>;
}

/** @param prepare writes into the local D1 (its migrations applied) or KV before the Worker starts */
export async function startWorker(vars: Record<string, string> = {}, prepare?: (persistTo: string) => unknown): Promise<RunningWorker> {
  const neo4j = inject("neo4j");
  const persistTo = mkdtempSync(join(tmpdir(), "seizu-e2e-"));
  if (prepare) {
    applyLocalMigrations(persistTo);
    await prepare(persistTo);
  }
  const worker = await startWranglerDev({
    port: await freePort(),
    persistTo,
    stdio: "ignore",
    testScheduled: true,
    vars: {
      NEO4J_URL: neo4j.url,
      NEO4J_USER: neo4j.user,
      NEO4J_PASSWORD: neo4j.password,
      DEVELOPMENT_ONLY_REQUIRE_AUTH: "false",
      RATE_LIMITS_ENABLED: "false",
      MCP_SIGNED_STATE_KEY: "test-only-signing-key-of-at-least-32-bytes",
      ...vars,
    },
  });
  return {
    url: worker.url,
    persistTo,
    async stop() {
      await worker.stop();
      rmSync(persistTo, { recursive: true, force: true });
    },
  };
}
