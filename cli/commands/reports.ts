// `seizu reports ...`: reports over the REST API: list and read them and their versions, create,
// save a config from a file, restore, clone, publish, pin, file into spaces, the dashboard.
import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { parse } from "yaml";
import { action } from "../context";
import { UsageError } from "../errors";
import { addGlobalOptions } from "../options";
import { emit } from "../output";
import { reportItemFields, reportsTable, reportVersionFields, reportVersionsTable } from "../report-views";

/** A commander parser for a positive whole number option; the server checks its upper bound. */
const positiveNumber = (option: string) => (text: string) => {
  if (!/^[1-9]\d*$/.test(text)) throw new UsageError(`${option} ${JSON.stringify(text)} must be a positive whole number`);
  return Number(text);
};

function versionNumber(text: string) {
  if (!/^[1-9]\d*$/.test(text)) throw new UsageError(`version ${JSON.stringify(text)} must be a positive whole number`);
  return Number(text);
}

/** A config file, YAML or JSON (JSON is YAML); its content is the server's to check. */
function readConfig(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new UsageError(`cannot read config file ${file}: ${(error as Error).message}`);
  }
  try {
    return parse(text);
  } catch (error) {
    throw new UsageError(`config file ${file} is not YAML or JSON: ${(error as Error).message}`);
  }
}

interface FilingOptions {
  space?: string;
  subspace?: string;
}
const filing = ({ space, subspace }: FilingOptions) => ({ space_id: space, subspace_id: subspace });

export function registerReports(program: Command) {
  const reports = addGlobalOptions(program.command("reports")).description("manage reports: versioned dashboards of read-only queries");

  addGlobalOptions(reports.command("list"))
    .description("list the reports you can see (public ones and your private ones), by name")
    .option("--page <n>", "the page, from 1", positiveNumber("--page"))
    .option("--per-page <n>", "reports a page, 1 to 500 (default 100)", positiveNumber("--per-page"))
    .action(
      action(async (context, options: { page?: number; perPage?: number }) => {
        emit(context.format, await context.api.reports.list(options.page, options.perPage), (json) => reportsTable(json.reports));
      }),
    );

  addGlobalOptions(reports.command("get <report>"))
    .description("show a report's latest version: its rows and panels")
    .action(
      action(async (context, id: string) => {
        emit(context.format, await context.api.reports.get(id), reportVersionFields);
      }),
    );

  addGlobalOptions(reports.command("create <name>"))
    .description("create an empty report: private, unless --space files it into a space (which makes it public)")
    .option("--space <space>", "the space to file it into")
    .option("--subspace <subspace>", "the sub-space (needs --space)")
    .action(
      action(async (context, name: string, options: FilingOptions) => {
        const reply = await context.api.reports.create({ name, ...filing(options) });
        emit(context.format, reply, (json) => `created report ${json.report_id} (${json.name}, ${json.access.scope})`);
      }),
    );

  addGlobalOptions(reports.command("save <report>"))
    .description("save a config file (YAML or JSON: schema_version, name, queries, inputs, rows) as the report's next version")
    .requiredOption("--file <config>", "the config file")
    .option("--comment <text>", "why, recorded in the version history")
    .action(
      action(async (context, id: string, options: { file: string; comment?: string }) => {
        const reply = await context.api.reports.save(id, { config: readConfig(options.file), comment: options.comment });
        emit(context.format, reply, (json) => `saved report ${json.report_id} as version ${json.version}`);
      }),
    );

  addGlobalOptions(reports.command("versions <report>"))
    .description("list the report's versions, newest first")
    .action(
      action(async (context, id: string) => {
        emit(context.format, await context.api.reports.versions(id), (json) => reportVersionsTable(json.versions));
      }),
    );

  addGlobalOptions(reports.command("version-get <report> <n>"))
    .description("show version <n> of the report")
    .action(
      action(async (context, id: string, n: string) => {
        emit(context.format, await context.api.reports.version(id, versionNumber(n)), reportVersionFields);
      }),
    );

  addGlobalOptions(reports.command("restore <report> <n>"))
    .description("save version <n>'s config again as a new version (access and space stay)")
    .action(
      action(async (context, id: string, n: string) => {
        const version = versionNumber(n);
        const reply = await context.api.reports.restore(id, version);
        emit(context.format, reply, (json) => `restored report ${json.report_id} from version ${version} as version ${json.version}`);
      }),
    );

  addGlobalOptions(reports.command("clone <report> <name>"))
    .description("copy the report's latest config into a new report, filed where the source is unless --space is given")
    .option("--space <space>", "the space to file the copy into")
    .option("--subspace <subspace>", "the sub-space (needs --space)")
    .action(
      action(async (context, id: string, name: string, options: FilingOptions) => {
        const reply = await context.api.reports.clone(id, { name, ...filing(options) });
        emit(context.format, reply, (json) => `cloned report ${id} as ${json.report_id} (${json.name})`);
      }),
    );

  addGlobalOptions(reports.command("visibility <report> <scope>"))
    .description("make the report private or public (its owner only)")
    .action(
      action(async (context, id: string, scope: string) => {
        if (scope !== "private" && scope !== "public") throw new UsageError(`scope ${JSON.stringify(scope)} must be private or public`);
        const reply = await context.api.reports.visibility(id, { access: { scope } });
        emit(context.format, reply, (json) => `report ${json.report_id} is ${json.access.scope}`);
      }),
    );

  for (const [command, pinned] of [
    ["pin", true],
    ["unpin", false],
  ] as const) {
    addGlobalOptions(reports.command(`${command} <report>`))
      .description(pinned ? "pin a public report (everyone sees the pin)" : "unpin a report")
      .action(
        action(async (context, id: string) => {
          const reply = await context.api.reports.pin(id, pinned);
          emit(context.format, reply, (json) => `report ${json.report_id} is ${json.pinned ? "pinned" : "not pinned"}`);
        }),
      );
  }

  addGlobalOptions(reports.command("file <report>"))
    .description("file a public report into --space (and --subspace), or without --space take it out of any space")
    .option("--space <space>", "the space")
    .option("--subspace <subspace>", "the sub-space (needs --space); omitted, the report is in no sub-space")
    .action(
      action(async (context, id: string, options: FilingOptions) => {
        const reply = await context.api.reports.file(id, filing(options));
        emit(context.format, reply, reportItemFields);
      }),
    );

  addGlobalOptions(reports.command("dashboard"))
    .description("show the dashboard report")
    .action(
      action(async (context) => {
        emit(context.format, await context.api.reports.dashboard(), reportVersionFields);
      }),
    );

  addGlobalOptions(reports.command("set-dashboard <report>"))
    .description("make a public report the dashboard")
    .action(
      action(async (context, id: string) => {
        const reply = await context.api.reports.setDashboard(id);
        emit(context.format, reply, (json) => `report ${json.report_id} is the dashboard`);
      }),
    );

  addGlobalOptions(reports.command("delete <report>"))
    .description("delete a report with its history")
    .action(
      action(async (context, id: string) => {
        await context.api.reports.delete(id);
        // The API answers 204 without a body; scripts still get JSON to parse.
        emit(context.format, { deleted: true, report_id: id }, () => `deleted report ${id}`);
      }),
    );
}
