import type { ConfirmationLedger } from "../durable-objects/confirmation-ledger";

/** Bindings declared in wrangler.toml; vars and secrets are read only through config.ts. */
export interface Env {
  DB: D1Database;
  CONFIRMATIONS: DurableObjectNamespace<ConfirmationLedger>;
  ASSETS: Fetcher;
  /** Agent Plugin files and packages by SHA-256 (plugins/blobs.ts). */
  PLUGIN_BLOBS: R2Bucket;
  /** Workflow runs, one Cloudflare Workflows instance each (workflows/runner.ts); their params are RunParams (workflows/engine.ts). */
  WORKFLOW_RUNS: Workflow;
  /** Per-caller budgets (limits/budgets.ts): calls that run Cypher, and writes. */
  CALL_RATE_LIMITER: RateLimit;
  WRITE_RATE_LIMITER: RateLimit;
  /**
   * Audit events (audit/event.ts), written to D1 by this Worker's queue consumer (audit/consumer.ts).
   * Typed by the audit trail that sends them, not here: the bindings stand below every folder.
   */
  AUDIT_QUEUE: Queue<unknown>;
  /** The edge authorization server's clients, grants and tokens (worker/oauth/), in the layout of @cloudflare/workers-oauth-provider. */
  OAUTH_KV: KVNamespace;
}
