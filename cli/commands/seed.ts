// `seizu seed`: create or update the toolsets and tools, the reports, the workflows, the
// scheduled queries, then the skillsets and skills of the seed file. Each section is one
// request the server validates whole and writes whole or not at all; with several, all are
// validated (dry runs) before any writes. Skillsets come last: their skills may require the
// tools the toolsets section makes, which their dry run counts as existing (planned_tools).
// Upstream's placements (spaces:, a report's space, subspace and pinned, a space's overview)
// follow, their cross-references checked when the file is read.
import { readFileSync } from "node:fs";
import type { Command } from "commander";
import type { BodyOf } from "../../worker/api";
import { type Api, asGiven, type ImportReply, type ReportImportReply, type SectionImportReply, type SkillsetImportReply } from "../api";
import { seedFilePath } from "../config";
import { action } from "../context";
import { ApiError, FileProblemsError, UsageError } from "../errors";
import { addGlobalOptions } from "../options";
import { type Column, emit, table } from "../output";
import { progress } from "../progress";
import { readSeedFile } from "../seed-file";
import { applyPlugins, checkPlugins, type PluginOutcome } from "../seed-plugins";
import { applyPlacements, type PlacementOutcome } from "../seed-spaces";
import { unsupported } from "../seed-unsupported";

/** The reply: the toolsets import's (as before there were other sections), the others' beside it. */
type SeedReply = ImportReply & {
  reports?: ReportImportReply;
  workflows?: SectionImportReply;
  scheduled_queries?: SectionImportReply;
  skillsets?: SkillsetImportReply;
  spaces?: PlacementOutcome;
  plugins?: PluginOutcome;
};

/**
 * The workflows and scheduled queries this platform can run, and the places (as field issues)
 * of the upstream types it cannot, for which those definitions are left out.
 */
async function supportedDefinitions(api: Api, seed: ReturnType<typeof readSeedFile>) {
  const { workflows, scheduledQueries } = seed;
  if (!workflows?.length && !scheduledQueries?.length) return { workflows, scheduledQueries, unsupported: [] };
  const known = new Set((await api.call("workflows_activity_types", {})).activity_types.map((type) => type.type));
  const found = unsupported(workflows, scheduledQueries, known);
  return {
    workflows: workflows?.filter((_, index) => found.workflows[index]?.length === 0),
    scheduledQueries: scheduledQueries?.filter((_, index) => found.scheduledQueries[index]?.length === 0),
    unsupported: [...found.workflows.flat(), ...found.scheduledQueries.flat()],
  };
}

export function registerSeed(program: Command) {
  addGlobalOptions(program.command("seed"), { config: false })
    .description(
      "create or update the toolsets, tools, reports, workflows, scheduled queries, skillsets, skills, plugins and spaces of the seed file's toolsets:, reports:, workflows:, scheduled_queries:, skillsets:, plugins: and spaces: sections (each all or nothing; upstream Seizu's dashboard:, queries:, pinned, space and subspace too)",
    )
    .option("--config <file>", "the YAML seed file (default: seed_file from seizu.conf)")
    .option("--dry-run", "show what would be created or updated, write nothing")
    .option("--force", "update entries even when they are unchanged (a new version each)")
    .option("--progress", "report progress on stderr even when it is not a terminal")
    .option("--skip-unsupported", "leave out the workflows and scheduled queries that use an upstream Seizu type this platform cannot run (statsd, Temporal)")
    .action(
      action(async (context, options: { config?: string; dryRun?: boolean; force?: boolean; progress?: boolean; skipUnsupported?: boolean }) => {
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
        const { toolsets, reports, skillsets } = seed;
        const { workflows, scheduledQueries, unsupported: unsupportedDefinitions } = await supportedDefinitions(context.api, seed);
        const plugins = seed.plugins && (await checkPlugins(context.api, seed, file));
        if (plugins?.issues.length) throw new FileProblemsError(seed.describe(plugins.issues));
        const unsupported = seed.describe([...unsupportedDefinitions, ...(plugins?.unsupported ?? [])]);
        if (unsupported.length > 0 && !options.skipUnsupported) throw new FileProblemsError(unsupported);
        for (const problem of unsupported) process.stderr.write(`seizu: warning: skipped (--skip-unsupported): ${problem}\n`);
        const announce = (what: string) => step(dryRun ? `validating ${what} (dry run)…` : `validating and writing ${what}…`);
        /** A request whose field problems are shown at their place in the file. */
        const send = async <R>(request: () => Promise<R>) => {
          try {
            return await request();
          } catch (error) {
            const fields = error instanceof ApiError ? error.error?.fields : undefined;
            if (fields?.length) throw new FileProblemsError(seed.describe(fields));
            throw error;
          }
        };
        const importToolsets = (dry: boolean) =>
          toolsets
            ? send(() => context.api.call("toolsets_import", { body: asGiven<BodyOf<"toolsets_import">>({ toolsets, dry_run: dry, force }) }))
            : undefined;
        const importReports = (dry: boolean) =>
          reports ? send(() => context.api.call("reports_import", { body: asGiven<BodyOf<"reports_import">>({ reports, dry_run: dry, force }) })) : undefined;
        const importWorkflows = (dry: boolean) =>
          workflows ? send(() => context.api.call("workflows_import", { body: { workflows, dry_run: dry, force } })) : undefined;
        const importScheduledQueries = (dry: boolean) =>
          scheduledQueries
            ? send(() => context.api.call("scheduled_queries_import", { body: { scheduled_queries: scheduledQueries, dry_run: dry, force } }))
            : undefined;
        /** The tools the toolsets: section creates: a dry run counts them as existing (they are written before the skillsets). */
        const plannedTools = Object.entries(toolsets ?? {}).flatMap(([toolsetId, toolset]) =>
          Object.keys(toolset.tools ?? {}).map((toolId) => `${toolsetId}__${toolId}`),
        );
        const importSkillsets = (dry: boolean) =>
          skillsets
            ? send(() =>
                context.api.call("skillsets_import", {
                  body: asGiven<BodyOf<"skillsets_import">>({ skillsets, dry_run: dry, force, ...(dry ? { planned_tools: plannedTools } : {}) }),
                }),
              )
            : undefined;
        const parts = [
          ...(toolsets ? [`${Object.keys(toolsets).length} toolsets and ${seed.toolCount} tools`] : []),
          ...(reports ? [`${Object.keys(reports).length} reports`] : []),
          ...(workflows ? [`${workflows.length} workflows`] : []),
          ...(scheduledQueries ? [`${scheduledQueries.length} scheduled queries`] : []),
          ...(skillsets ? [`${Object.keys(skillsets).length} skillsets and ${seed.skillCount} skills`] : []),
        ];
        if (parts.length > 0) announce(parts.join(" and "));
        // With several sections, every one is validated before any is written.
        if (!dryRun && parts.length > 1) {
          await importToolsets(true);
          await importReports(true);
          await importWorkflows(true);
          await importScheduledQueries(true);
          await importSkillsets(true);
        }
        let reply: SeedReply = (await importToolsets(dryRun)) ?? { dry_run: dryRun, entries: [] };
        if (reports) reply = { ...reply, reports: await importReports(dryRun) };
        if (workflows) reply = { ...reply, workflows: await importWorkflows(dryRun) };
        if (scheduledQueries) reply = { ...reply, scheduled_queries: await importScheduledQueries(dryRun) };
        if (skillsets) {
          const skillsetsReply = await importSkillsets(dryRun);
          for (const warning of seed.describe(skillsetsReply?.warnings ?? [])) process.stderr.write(`seizu: warning: ${warning}\n`);
          reply = { ...reply, skillsets: skillsetsReply };
        }
        if (plugins) {
          announce(`${plugins.checked.length} plugins`);
          reply = { ...reply, plugins: await applyPlugins(context.api, plugins.checked, dryRun) };
        }
        if (seed.spaces || Object.keys(seed.placements).length > 0) {
          announce("spaces, report placements and pins");
          reply = { ...reply, spaces: await applyPlacements(context.api, seed, dryRun, force) };
        }
        emit(context.format, reply, (json) => renderSeed(json, toolsets !== undefined));
      }),
    );
}

function summary(actions: string[], dryRun: boolean, label = "") {
  const count = (action: string) => actions.filter((candidate) => candidate === action).length;
  const text = `${label}${count("created")} created, ${count("updated")} updated, ${count("unchanged")} unchanged`;
  return dryRun ? `dry run, nothing written: ${text}` : text;
}

function block<T>(entries: T[], columns: Column<T>[], actionOf: (entry: T) => string, dryRun: boolean, label?: string) {
  return `${entries.length > 0 ? `${table(entries, columns)}\n` : ""}${summary(entries.map(actionOf), dryRun, label)}`;
}

function renderSeed(reply: SeedReply, hasToolsets: boolean) {
  const blocks: string[] = [];
  if (hasToolsets) {
    blocks.push(
      block(
        reply.entries,
        [
          { header: "ACTION", value: (entry) => entry.action },
          { header: "KIND", value: (entry) => entry.kind },
          { header: "TOOLSET", value: (entry) => entry.toolset_id },
          { header: "TOOL", value: (entry) => entry.tool_id },
        ],
        (entry) => entry.action,
        reply.dry_run,
      ),
    );
  }
  if (reply.reports) {
    const { entries, dashboard, dry_run } = reply.reports;
    blocks.push(
      block(
        entries,
        [
          { header: "ACTION", value: (entry) => entry.action },
          { header: "REPORT", value: (entry) => (entry.report_id === dashboard ? `${entry.report_id} (dashboard)` : entry.report_id) },
        ],
        (entry) => entry.action,
        dry_run,
        "reports: ",
      ),
    );
  }
  for (const [section, label, header] of [
    ["workflows", "workflows: ", "WORKFLOW"],
    ["scheduled_queries", "scheduled queries: ", "SCHEDULED QUERY"],
    ["plugins", "plugins: ", "PLUGIN"],
  ] as const) {
    const outcome = reply[section];
    if (!outcome) continue;
    const entries = (["created", "updated", "unchanged"] as const).flatMap((action) => outcome[action].map((name) => ({ action, name })));
    blocks.push(
      block(
        entries,
        [
          { header: "ACTION", value: (entry) => entry.action },
          { header, value: (entry) => entry.name },
        ],
        (entry) => entry.action,
        outcome.dry_run,
        label,
      ),
    );
  }
  if (reply.spaces) {
    const { created, updated, unchanged, placed, dry_run } = reply.spaces;
    const entries = [
      ...(["created", "updated", "unchanged"] as const).flatMap((action) => ({ created, updated, unchanged })[action].map((name) => ({ action, name }))),
      ...placed.map((name) => ({ action: "placed", name: `report ${name}` })),
    ];
    blocks.push(
      block(
        entries,
        [
          { header: "ACTION", value: (entry) => entry.action },
          { header: "SPACE", value: (entry) => entry.name },
        ],
        (entry) => entry.action,
        dry_run,
        "spaces: ",
      ),
    );
  }
  if (reply.skillsets) {
    blocks.push(
      block(
        reply.skillsets.entries,
        [
          { header: "ACTION", value: (entry) => entry.action },
          { header: "KIND", value: (entry) => entry.kind },
          { header: "SKILLSET", value: (entry) => entry.skillset_id },
          { header: "SKILL", value: (entry) => entry.skill_id },
        ],
        (entry) => entry.action,
        reply.skillsets.dry_run,
        "skillsets: ",
      ),
    );
  }
  return blocks.join("\n\n");
}
