import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import type { Plugin } from "vite";
import { unstable_readConfig } from "wrangler";
import type { Neo4jConnection } from "./test/setup/neo4j.global";

/** definitions/*.yaml as text modules, as wrangler's Text rule bundles them for the Worker. */
const yamlAsText: Plugin = {
  name: "yaml-as-text",
  transform(code, id) {
    return id.endsWith(".yaml") ? { code: `export default ${JSON.stringify(code)};`, map: null } : undefined;
  },
};

/**
 * The Workers runtime's own module, which Node has not. Node-side tests that walk the Worker's
 * route table (test/e2e/auth.test.ts) load its modules, and the OAuth library extends
 * WorkerEntrypoint when it loads; nothing in Node runs it, so an empty class stands in, as in
 * scripts/definitions/operations.mjs. The library is inlined so its import reaches this plugin.
 */
const WORKERS_RUNTIME = "\0cloudflare-workers";
const workersRuntimeInNode: Plugin = {
  name: "cloudflare-workers-in-node",
  enforce: "pre",
  resolveId: (id) => (id === "cloudflare:workers" ? WORKERS_RUNTIME : undefined),
  load: (id) => (id === WORKERS_RUNTIME ? "export class WorkerEntrypoint {}" : undefined),
};

/**
 * wrangler.toml's audit queue consumer, delivering a batch 50 ms after its first message instead
 * of 2 s: a test waits for its events no longer than the write takes, and a failed delivery's
 * retry comes a batch timeout later, so max_retries is spent in well under a second. The pool
 * merges queueConsumers per queue name, replacing wrangler.toml's record whole, so the record
 * is wrangler.toml's own with only the timeout changed.
 */
const AUDIT_QUEUE = "seizu-edge-audit";
/** The fields of a wrangler.toml [[queues.consumers]] this test pool reads. */
interface WranglerConsumer {
  queue: string;
  max_batch_size?: number;
  max_retries?: number;
  dead_letter_queue?: string;
}
const wranglerConsumers: WranglerConsumer[] = unstable_readConfig({ config: "./wrangler.toml" }).queues.consumers ?? [];
const auditConsumer = wranglerConsumers.find(({ queue }) => queue === AUDIT_QUEUE);
if (!auditConsumer) throw new Error(`wrangler.toml declares no consumer of ${AUDIT_QUEUE}`);
const TEST_AUDIT_BATCH_TIMEOUT_S = 0.05;

export default defineConfig({
  test: {
    globalSetup: ["test/setup/neo4j.global.ts", "test/setup/elasticmq.global.ts", "test/setup/receiver.global.ts", "test/setup/oidc.global.ts"],
    projects: [
      {
        // Unit and integration tests inside workerd: real D1 and Durable Object simulators,
        // real Neo4j over fetch.
        plugins: [
          yamlAsText,
          cloudflareTest(async ({ inject }) => {
            const neo4j = inject<Neo4jConnection>("neo4j");
            return {
              wrangler: { configPath: "./wrangler.toml" },
              miniflare: {
                bindings: {
                  NEO4J_URL: neo4j.url,
                  NEO4J_USER: neo4j.user,
                  NEO4J_PASSWORD: neo4j.password,
                  FAULTY_NEO4J_URL: inject<string>("faultyNeo4jUrl"),
                  // The sqs activity's tests talk to ElasticMQ, which takes any credentials.
                  SQS_URL: inject<string>("elasticMqUrl"),
                  AWS_ACCESS_KEY_ID: "test-access-key-id",
                  AWS_SECRET_ACCESS_KEY: "test-secret-access-key",
                  RECEIVER_URL: inject<string>("receiverUrl"),
                  // The organisation's OpenID provider of the edge authorization server's tests.
                  TEST_OIDC_ISSUER: inject<string>("oidcIssuer"),
                  TEST_ACCESS_TEAM_DOMAIN: inject<string>("accessTeamDomain"),
                  // Workflow runs may send webhooks to the receiver, and only there.
                  WORKFLOW_WEBHOOK_ALLOWED_HOSTS: new URL(inject<string>("receiverUrl")).host,
                  DEVELOPMENT_ONLY_REQUIRE_AUTH: "false",
                  // The rate-limit tests turn the limits on for their own requests, against these small budgets.
                  RATE_LIMITS_ENABLED: "false",
                  MCP_SIGNED_STATE_KEY: "test-only-signing-key-of-at-least-32-bytes",
                  TEST_MIGRATIONS: await readD1Migrations("./migrations"),
                  // What the audit tests wait for a delivery by (test/support/audit-queue.ts, audit-calls.ts).
                  TEST_AUDIT_BATCH_TIMEOUT_MS: TEST_AUDIT_BATCH_TIMEOUT_S * 1000,
                },
                queueConsumers: {
                  [AUDIT_QUEUE]: {
                    maxBatchSize: auditConsumer.max_batch_size,
                    maxBatchTimeout: TEST_AUDIT_BATCH_TIMEOUT_S,
                    maxRetries: auditConsumer.max_retries,
                    deadLetterQueue: auditConsumer.dead_letter_queue,
                  },
                },
                ratelimits: {
                  CALL_RATE_LIMITER: { namespace_id: "4101", simple: { limit: 5, period: 60 } },
                  WRITE_RATE_LIMITER: { namespace_id: "4102", simple: { limit: 3, period: 60 } },
                },
              },
            };
          }),
        ],
        test: {
          name: "workers",
          include: ["test/unit/**/*.test.ts"],
          setupFiles: ["test/setup/d1.setup.ts"],
          testTimeout: 30_000,
        },
      },
      {
        // Node-side tests: scripts, the CLI, and end-to-end runs against `wrangler dev`.
        plugins: [yamlAsText, workersRuntimeInNode],
        test: {
          name: "node",
          include: ["test/node/**/*.test.ts", "test/e2e/**/*.test.ts"],
          server: { deps: { inline: ["@cloudflare/workers-oauth-provider"] } },
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
