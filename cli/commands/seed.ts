// `seizu seed`: create or update the toolsets, tools and reports of the seed file, all or nothing.
import { readFileSync } from "node:fs";
import type { Command } from "commander";
import type { ImportReply, ReportImportReply } from "../api";
import { seedFilePath } from "../config";
import { action } from "../context";
import { ApiError, FileProblemsError, UsageError } from "../errors";
import { addGlobalOptions } from "../options";
import { emit, table } from "../output";
import { progress } from "../progress";
import { readSeedFile } from "../seed-file";

/** The reply: the toolsets import's (as before there were reports), with the reports import's beside it. */
type SeedReply = ImportReply & { reports?: ReportImportReply };

export function registerSeed(program: Command) {
  addGlobalOptions(program.command("seed"), { config: false })
    .description("create or update the toolsets, tools and reports of the seed file's toolsets: and reports: sections (all or nothing)")
    .option("--config <file>", "the YAML seed file (default: seed_file from seizu.conf)")
    .option("--dry-run", "show what would be created or updated, write nothing")
    .option("--force", "update entries even when they are unchanged (a new version each)")
    .option("--progress", "report progress on stderr even when it is not a terminal")
    .action(
      action(async (context, options: { config?: string; dryRun?: boolean; force?: boolean; progress?: boolean }) => {
        const file = seedFilePath(options.config, context.settings);
        const step = progress(Boolean(options.progress));
        let text: string;
        try {
          text = readFileSync(file, "utf8");
        } catch (error) {
          throw new UsageError(`cannot read seed file ${file}: ${(error as Error).message}`);
        }
        const seed = readSeedFile(file, text);
        if (seed.problems.length > 0) throw new FileProblemsError(seed.problems);

        const dryRun = Boolean(options.dryRun);
        const force = Boolean(options.force);
        const { reports } = seed;
        const parts = seed.hasToolsets ? [`${Object.keys(seed.toolsets).length} toolsets and ${seed.toolCount} tools`] : [];
        if (reports) parts.push(`${Object.keys(reports).length} reports`);
        step(dryRun ? `validating ${parts.join(" and ")} (dry run)…` : `validating and writing ${parts.join(" and ")}…`);
        const importToolsets = (dry: boolean) => context.api.toolsets.import({ toolsets: seed.toolsets, dry_run: dry, force });
        const importReports = (dry: boolean, section: Record<string, unknown>) => context.api.reports.import({ reports: section, dry_run: dry, force });
        let reply: SeedReply;
        try {
          // Each section is one request that the server validates whole, then writes whole or not
          // at all. With both, both are validated (dry runs) before either writes.
          if (!dryRun && seed.hasToolsets && reports) {
            await importToolsets(true);
            await importReports(true, reports);
          }
          reply = seed.hasToolsets ? await importToolsets(dryRun) : { dry_run: dryRun, entries: [] };
          if (reports) reply = { ...reply, reports: await importReports(dryRun, reports) };
        } catch (error) {
          const fields = error instanceof ApiError ? error.error?.fields : undefined;
          if (fields?.length) throw new FileProblemsError(seed.describe(fields));
          throw error;
        }
        emit(context.format, reply, (json) => renderSeed(json, seed.hasToolsets));
      }),
    );
}

function summary(actions: string[], dryRun: boolean, label = "") {
  const count = (action: string) => actions.filter((candidate) => candidate === action).length;
  const text = `${label}${count("created")} created, ${count("updated")} updated, ${count("unchanged")} unchanged`;
  return dryRun ? `dry run, nothing written: ${text}` : text;
}

function renderSeed(reply: SeedReply, hasToolsets: boolean) {
  const blocks: string[] = [];
  if (hasToolsets) {
    const rows = table(reply.entries, [
      { header: "ACTION", value: (entry) => entry.action },
      { header: "KIND", value: (entry) => entry.kind },
      { header: "TOOLSET", value: (entry) => entry.toolset_id },
      { header: "TOOL", value: (entry) => entry.tool_id },
    ]);
    blocks.push(
      `${reply.entries.length > 0 ? `${rows}\n` : ""}${summary(
        reply.entries.map((entry) => entry.action),
        reply.dry_run,
      )}`,
    );
  }
  if (reply.reports) {
    const { entries, dashboard, dry_run } = reply.reports;
    const rows = table(entries, [
      { header: "ACTION", value: (entry) => entry.action },
      { header: "REPORT", value: (entry) => (entry.report_id === dashboard ? `${entry.report_id} (dashboard)` : entry.report_id) },
    ]);
    blocks.push(
      `${entries.length > 0 ? `${rows}\n` : ""}${summary(
        entries.map((entry) => entry.action),
        dry_run,
        "reports: ",
      )}`,
    );
  }
  return blocks.join("\n\n");
}
