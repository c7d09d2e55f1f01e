// `seizu seed`: create or update toolsets and tools, then skillsets and skills, from the seed
// file; each section all or nothing (skills may require the tools the toolsets section makes).
import { readFileSync } from "node:fs";
import type { Command } from "commander";
import type { ImportReply, SkillsetImportReply } from "../api";
import { seedFilePath } from "../config";
import { action } from "../context";
import { ApiError, FileProblemsError, UsageError } from "../errors";
import { addGlobalOptions } from "../options";
import { emit, table } from "../output";
import { progress } from "../progress";
import { readSeedFile } from "../seed-file";

export function registerSeed(program: Command) {
  addGlobalOptions(program.command("seed"), { config: false })
    .description("create or update the toolsets and tools of the seed file's toolsets: section, then its skillsets: section (each all or nothing)")
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

        const flags = { dry_run: Boolean(options.dryRun), force: Boolean(options.force) };
        /** One request per section: the server validates all of it, then writes all of it or nothing. */
        const send = async <R>(what: string, request: () => Promise<R>) => {
          step(options.dryRun ? `validating ${what} (dry run)…` : `validating and writing ${what}…`);
          try {
            return await request();
          } catch (error) {
            const fields = error instanceof ApiError ? error.error?.fields : undefined;
            if (fields?.length) throw new FileProblemsError(seed.describe(fields));
            throw error;
          }
        };
        const { toolsets, skillsets } = seed;
        const reply: ImportReply = toolsets
          ? await send(`${Object.keys(toolsets).length} toolsets and ${seed.toolCount} tools`, () => context.api.toolsets.import({ toolsets, ...flags }))
          : { dry_run: flags.dry_run, entries: [] };
        if (!skillsets) {
          emit(context.format, reply, renderImport);
          return;
        }
        const skillsetReply = await send(`${Object.keys(skillsets).length} skillsets and ${seed.skillCount} skills`, () =>
          context.api.skillsets.import({ skillsets, ...flags }),
        );
        // --output json: the toolsets reply as without a skillsets: section, with the skillsets reply beside it.
        emit(context.format, { ...reply, skillsets: skillsetReply }, (json) =>
          [...(toolsets ? [renderImport(json)] : []), renderSkillsetImport(json.skillsets)].join("\n"),
        );
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

function renderSkillsetImport(reply: SkillsetImportReply) {
  const count = (action: SkillsetImportReply["entries"][number]["action"]) => reply.entries.filter((entry) => entry.action === action).length;
  const summary = `skillsets: ${count("created")} created, ${count("updated")} updated, ${count("unchanged")} unchanged`;
  const rows = table(reply.entries, [
    { header: "ACTION", value: (entry) => entry.action },
    { header: "KIND", value: (entry) => entry.kind },
    { header: "SKILLSET", value: (entry) => entry.skillset_id },
    { header: "SKILL", value: (entry) => entry.skill_id },
  ]);
  return `${reply.entries.length > 0 ? `${rows}\n` : ""}${reply.dry_run ? `dry run, nothing written: ${summary}` : summary}`;
}
