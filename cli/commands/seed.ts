// `seizu seed`: create or update toolsets and tools from the seed file, all or nothing.
import { readFileSync } from "node:fs";
import type { Command } from "commander";
import type { ImportReply } from "../api";
import { seedFilePath } from "../config";
import { action } from "../context";
import { ApiError, FileProblemsError, UsageError } from "../errors";
import { addGlobalOptions } from "../options";
import { emit, table } from "../output";
import { progress } from "../progress";
import { readSeedFile } from "../seed-file";

export function registerSeed(program: Command) {
  addGlobalOptions(program.command("seed"), { config: false })
    .description("create or update the toolsets and tools of the seed file's toolsets: section (all or nothing)")
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

        const counts = `${Object.keys(seed.toolsets).length} toolsets and ${seed.toolCount} tools`;
        step(options.dryRun ? `validating ${counts} (dry run)…` : `validating and writing ${counts}…`);
        let reply: ImportReply;
        try {
          // One request: the server validates everything, then writes everything or nothing.
          reply = await context.api.toolsets.import({ toolsets: seed.toolsets, dry_run: Boolean(options.dryRun), force: Boolean(options.force) });
        } catch (error) {
          const fields = error instanceof ApiError ? error.error?.fields : undefined;
          if (fields?.length) throw new FileProblemsError(seed.describe(fields));
          throw error;
        }
        emit(context.format, reply, renderImport);
      }),
    );
}

function renderImport(reply: ImportReply) {
  const count = (action: ImportReply["entries"][number]["action"]) => reply.entries.filter((entry) => entry.action === action).length;
  const summary = `${count("created")} created, ${count("updated")} updated, ${count("unchanged")} unchanged`;
  const rows = table(reply.entries, [
    { header: "ACTION", value: (entry) => entry.action },
    { header: "KIND", value: (entry) => entry.kind },
    { header: "TOOLSET", value: (entry) => entry.toolset_id },
    { header: "TOOL", value: (entry) => entry.tool_id },
  ]);
  return `${reply.entries.length > 0 ? `${rows}\n` : ""}${reply.dry_run ? `dry run, nothing written: ${summary}` : summary}`;
}
