import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import type { Plugin } from "vite";
import type { Neo4jConnection } from "./test/setup/neo4j.global";

/** definitions/*.yaml as text modules, as wrangler's Text rule bundles them for the Worker. */
const yamlAsText: Plugin = {
  name: "yaml-as-text",
  transform(code, id) {
    return id.endsWith(".yaml") ? { code: `export default ${JSON.stringify(code)};`, map: null } : undefined;
  },
};

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
        plugins: [yamlAsText],
        test: {
          name: "node",
          include: ["test/node/**/*.test.ts", "test/e2e/**/*.test.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
