import type { D1Migration } from "cloudflare:test";
import type { Env as WorkerEnv } from "../../worker/env";

declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS: D1Migration[];
      /** The audit queue's batch timeout in the pool (vitest.config.ts), in milliseconds. */
      TEST_AUDIT_BATCH_TIMEOUT_MS: number;
      NEO4J_URL: string;
      NEO4J_USER: string;
      NEO4J_PASSWORD: string;
      FAULTY_NEO4J_URL: string;
      /** The local HTTP receiver standing in for Slack and webhooks (test/setup/http-receiver.ts). */
      RECEIVER_URL: string;
      /** The OpenID provider of the edge authorization server's tests (test/setup/oidc.global.ts). */
      TEST_OIDC_ISSUER: string;
      /** The same provider where Cloudflare Access serves an Access for SaaS application's (test/setup/oidc.global.ts). */
      TEST_ACCESS_TEAM_DOMAIN: string;
      /** The test run's ElasticMQ (test/setup/elasticmq.global.ts). */
      SQS_URL: string;
    }
    interface GlobalProps {
      mainModule: typeof import("../../worker/index");
      durableNamespaces: "ConfirmationLedger";
    }
  }
}
