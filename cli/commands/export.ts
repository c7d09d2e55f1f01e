// `seizu export`: the server's user-defined toolsets and public reports written back into the
// seed file, and its skillsets, workflows and scheduled queries, each when there are any or the
// file already has that section.
import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import type { Command } from "commander";
import { seedFilePath } from "../config";
import { action } from "../context";
import { LocalFailure, UsageError } from "../errors";
import { hasSection, withReports, withScheduledQueries, withSkillsets, withToolsets, withWorkflows } from "../export-document";
import { addGlobalOptions } from "../options";
import { emit, print } from "../output";

export function registerExport(program: Command) {
  addGlobalOptions(program.command("export"), { config: false })
    .description(
      "write the server's toolsets, public reports (and skillsets, workflows, scheduled queries) into the seed file's toolsets:, reports: (and skillsets:, workflows:, scheduled_queries:) sections; other sections are kept",
    )
    .option("--config <file>", "the YAML seed file (default: seed_file from seizu.conf)")
    .option("--dry-run", "print the resulting YAML instead of writing the file")
    .action(
      action(async (context, options: { config?: string; dryRun?: boolean }) => {
        const file = seedFilePath(options.config, context.settings);
        const [{ toolsets }, { reports }, { skillsets }, { workflows }, { scheduled_queries }] = await Promise.all([
          context.api.call("toolsets_export"),
          context.api.call("reports_export"),
          context.api.call("skillsets_export"),
          context.api.call("workflows_export"),
          context.api.call("scheduled_queries_export"),
        ]);
        const existing = readExisting(file);
        let yaml = withToolsets(file, existing, toolsets);
        if (Object.keys(reports).length > 0 || hasSection(existing, "reports")) yaml = withReports(file, yaml, reports);
        // A file without skills keeps looking as it did: no empty skillsets: section is added.
        const withSkills = Object.keys(skillsets).length > 0 || hasSection(existing, "skillsets");
        if (withSkills) yaml = withSkillsets(file, yaml, skillsets);
        const withWorkflowSection = workflows.length > 0 || hasSection(existing, "workflows");
        if (withWorkflowSection) yaml = withWorkflows(file, yaml, workflows);
        const withQueries = scheduled_queries.length > 0 || hasSection(existing, "scheduled_queries");
        if (withQueries) yaml = withScheduledQueries(file, yaml, scheduled_queries);
        if (options.dryRun) {
          print(yaml);
          return;
        }
        writeReplacing(file, yaml);
        const tools = Object.values(toolsets).reduce((count, toolset) => count + Object.keys(toolset.tools).length, 0);
        const skills = Object.values(skillsets).reduce((count, skillset) => count + Object.keys(skillset.skills).length, 0);
        const summary = {
          file,
          toolsets: Object.keys(toolsets).length,
          tools,
          reports: Object.keys(reports).length,
          ...(withSkills ? { skillsets: Object.keys(skillsets).length, skills } : {}),
          ...(withWorkflowSection ? { workflows: workflows.length } : {}),
          ...(withQueries ? { scheduled_queries: scheduled_queries.length } : {}),
        };
        emit(
          context.format,
          summary,
          (json) =>
            `wrote ${json.toolsets} toolsets and ${json.tools} tools and ${json.reports} reports${json.skillsets === undefined ? "" : `, ${json.skillsets} skillsets and ${json.skills} skills`}${json.workflows === undefined ? "" : `, ${json.workflows} workflows`}${json.scheduled_queries === undefined ? "" : `, ${json.scheduled_queries} scheduled queries`} to ${json.file}`,
        );
      }),
    );
}

/** The file's content, or "" when it does not exist yet (export then creates it). */
function readExisting(file: string) {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "";
    throw new UsageError(`cannot read seed file ${file}: ${(error as Error).message}`);
  }
}

/** Written beside the file and renamed over it, so an interrupted export leaves the old file whole. */
function writeReplacing(file: string, text: string) {
  const temporary = `${file}.${process.pid}.tmp`;
  let mode: number;
  try {
    mode = statSync(file).mode & 0o777;
  } catch {
    mode = 0o644;
  }
  try {
    writeFileSync(temporary, text, { mode });
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new LocalFailure(`cannot write seed file ${file}: ${(error as Error).message}`);
  }
}
