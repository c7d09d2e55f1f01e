// The Worker entry: the Hono app for HTTP, the cron trigger's scheduler, the audit queue's
// consumer, and the Durable Object and Workflow classes wrangler.toml binds.
import { createApp } from "./app";
import { onAuditBatch } from "./audit/consumer";
import type { Env } from "./env";
import { onSchedule } from "./workflows/scheduled";

export { ConfirmationLedger } from "../durable-objects/confirmation-ledger";
export { WorkflowRun } from "./workflows/runner";

const app = createApp();

export default {
  fetch: app.fetch,
  scheduled: onSchedule,
  queue: onAuditBatch,
} satisfies ExportedHandler<Env, unknown>;
