// `seizu audit list|stats|export`: the audit log over the REST API (GET /audit, /audit/stats,
// /audit/export; permission audit:read). The filters are passed as given: the server checks
// them and names a bad one (a 422), so the rules live in one place.
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Command } from "commander";
import { type ParamsOf, requestFor } from "../../worker/api";
import { asGiven } from "../api";
import { auditPageTable, auditStatsView } from "../audit-views";
import { action } from "../context";
import { LocalFailure } from "../errors";
import { addGlobalOptions } from "../options";
import { emit } from "../output";

interface FilterOptions {
  since?: string;
  until?: string;
  principal?: string;
  target?: string;
  kind?: string;
  outcome?: string;
  via?: string;
  resourceType?: string;
  resourceId?: string;
}

const TIME_HELP = "(ISO 8601: 2026-01-31 or 2026-01-31T12:00:00Z)";

function addFilterOptions(command: Command, { all = true }: { all?: boolean } = {}) {
  command
    .option("--since <time>", `events at or after this time ${TIME_HELP}`)
    .option("--until <time>", `events before this time ${TIME_HELP}`)
    .option("--principal <subject>", "the caller's subject")
    .option("--target <name>", "the tool's MCP name or the route called")
    .option("--kind <kind>", "tool_call, prompt_get, graph_query, report_query, workflow_run, workflow_activity, confirmation, definition_change, ...");
  if (all)
    command
      .option("--outcome <outcome>", "ok, tool_error, invalid, forbidden, rate_limited, timed_out, neo4j_error, error, unauthenticated")
      .option("--via <door>", "mcp, rest, cron or workflow")
      .option("--resource-type <type>", "tool, toolset, report, role, workflow, confirmation, ...")
      .option("--resource-id <id>", "the resource's id (toolset/tool for a tool)");
  return command;
}

const filtersOf = (options: FilterOptions) => ({
  since: options.since,
  until: options.until,
  principal: options.principal,
  target: options.target,
  kind: options.kind,
  outcome: options.outcome,
  via: options.via,
  resource_type: options.resourceType,
  resource_id: options.resourceId,
});

/** Writes the stream to the file, or to stdout as it comes (waiting whenever stdout is full). */
async function writeOut(body: ReadableStream<Uint8Array>, file: string | undefined) {
  if (file) {
    try {
      await pipeline(Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>), createWriteStream(file));
    } catch (error) {
      throw new LocalFailure(`cannot write ${file}: ${(error as Error).message}`);
    }
    return;
  }
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) if (!process.stdout.write(chunk)) await once(process.stdout, "drain");
}

export function registerAudit(program: Command) {
  const audit = addGlobalOptions(program.command("audit")).description("read the audit log: who called what, how it ended, how fast (needs audit:read)");

  addFilterOptions(addGlobalOptions(audit.command("list")))
    .description("list events, newest first, a page at a time (the table ends with the --cursor of the next page)")
    .option("--limit <n>", "events per page, 1–500 (default 50)")
    .option("--cursor <cursor>", "where the previous page ended (its next_cursor)")
    .action(
      action(async (context, options: FilterOptions & { limit?: string; cursor?: string }) => {
        const params = asGiven<ParamsOf<"audit_list">>({ ...filtersOf(options), limit: options.limit, cursor: options.cursor });
        emit(context.format, await context.api.call("audit_list", { params }), auditPageTable);
      }),
    );

  addFilterOptions(addGlobalOptions(audit.command("stats")), { all: false })
    .description("usage over a window (default the last 24 hours, at most 31 days): calls, errors and p50/p95 in all, per target and per principal")
    .action(
      action(async (context, options: FilterOptions) => {
        const { since, until, principal, target, kind } = filtersOf(options);
        const params = asGiven<ParamsOf<"audit_stats">>({ since, until, principal, target, kind });
        emit(context.format, await context.api.call("audit_stats", { params }), auditStatsView);
      }),
    );

  addFilterOptions(addGlobalOptions(audit.command("export"), { output: false }))
    .description("write every matching event, newest first, as CSV or JSON Lines, to stdout or --file")
    .option("--format <format>", "csv (a header row, one event a row) or jsonl (one event a line)", "csv")
    .option("--file <file>", "the file to write (default: stdout)")
    .action(
      action(async (context, options: FilterOptions & { format: string; file?: string }) => {
        const params = asGiven<ParamsOf<"audit_export">>({ ...filtersOf(options), format: options.format });
        await writeOut(await context.download(requestFor("audit_export", { params }).path), options.file);
      }),
    );
}
