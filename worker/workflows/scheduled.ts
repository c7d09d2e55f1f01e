// The cron trigger's handler ([triggers] crons in wrangler.toml): one reconcile pass over every
// workflow, on the database itself (a cron tick has no caller whose writes it must read), and,
// beside it, the audit log's retention (audit/retention.ts), which a failed pass does not stop.
import { pruneAuditLog } from "../audit/retention";
import { loadConfig } from "../config";
import type { Env } from "../env";
import { neo4jClient } from "../neo4j/connect";
import { reconcile } from "./reconcile";

export async function onSchedule(controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
  const config = loadConfig(env);
  ctx.waitUntil(
    pruneAuditLog(env.DB, config, new Date(controller.scheduledTime)).then(
      (deleted) => deleted > 0 && console.log(JSON.stringify({ message: "audit events past retention deleted", deleted })),
      (error: unknown) => console.error("audit: retention failed", error),
    ),
  );
  const started = await reconcile(
    { db: env.DB, engine: env.WORKFLOW_RUNS, neo4j: () => neo4jClient(config, { background: (work) => ctx.waitUntil(work) }) },
    new Date(controller.scheduledTime),
  );
  if (started.length > 0) console.log(JSON.stringify({ message: "workflow runs started", cron: controller.cron, runs: started }));
}
