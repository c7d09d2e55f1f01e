// The Worker entry: the Hono app for HTTP, the cron trigger's scheduler, and the Durable Object
// and Workflow classes wrangler.toml binds.
import { createApp } from "./app";
import type { Env } from "./env";
import { onSchedule } from "./workflows/scheduled";

export { ConfirmationLedger } from "../durable-objects/confirmation-ledger";
export { WorkflowRun } from "./workflows/runner";

const app = createApp();

export default {
  fetch: app.fetch,
  scheduled: onSchedule,
} satisfies ExportedHandler<Env>;
