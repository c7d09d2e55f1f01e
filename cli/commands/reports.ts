// `seizu reports ...`: reports over the REST API: list and read them and their versions, create,
// save a config from a file, restore, clone, publish, pin, file into spaces, the dashboard.
import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { parse } from "yaml";
import type { z } from "zod";
import type { reportConfig } from "../../worker/api";
import { asGiven } from "../api";
import { action } from "../context";
import { UsageError } from "../errors";
import { addGlobalOptions } from "../options";
import { emit } from "../output";
import { reportItemFields, reportsTable, reportVersionFields } from "../report-views";
import { addResourceCommands, namedBy, positiveNumber } from "./resource";
import { namedVersionsTable } from "../views";

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

/** A config as the user wrote it: the server checks it whole and names each problem. */
type ReportConfig = z.input<typeof reportConfig>;

interface FilingOptions {
  space?: string;
  subspace?: string;
}
const filing = ({ space, subspace }: FilingOptions) => ({ space_id: space, subspace_id: subspace });

export function registerReports(program: Command) {
  const reports = addGlobalOptions(program.command("reports")).description("manage reports: versioned dashboards of read-only queries");
  const { resource: report, params } = namedBy("report", "<report>", "report_id");

  addResourceCommands(reports, {
    ...report,
    operations: {
      list: "reports_list",
      get: "reports_get",
      create: "reports_create",
      versions: "reports_versions",
      version_get: "reports_version_get",
      restore: "reports_restore",
    },
    list: {
      description: "list the reports you can see (public ones and your private ones), by name",
      // The server's default is page 1, 100 a page; the server checks the upper bound.
      options: (command) =>
        command
          .option("--page <n>", "the page, from 1", positiveNumber("--page"))
          .option("--per-page <n>", "reports a page, 1 to 500 (default 100)", positiveNumber("--per-page")),
      query: (options: { page?: number; perPage?: number }) => ({ page: options.page, per_page: options.perPage }),
      view: (json) => reportsTable(json.reports),
    },
    get: { description: "show a report's latest version: its rows and panels", view: reportVersionFields },
    create: {
      args: "<name>",
      description: "create an empty report: private, unless --space files it into a space (which makes it public)",
      options: (command) => command.option("--space <space>", "the space to file it into").option("--subspace <subspace>", "the sub-space (needs --space)"),
      body: ([name], options: FilingOptions) => ({ name: name!, ...filing(options) }),
      created: (json) => `created report ${json.report_id} (${json.name}, ${json.access.scope})`,
    },
  });

  addGlobalOptions(reports.command("save <report>"))
    .description("save a config file (YAML or JSON: schema_version, name, queries, inputs, rows) as the report's next version")
    .requiredOption("--file <config>", "the config file")
    .option("--comment <text>", "why, recorded in the version history")
    .action(
      action(async (context, id: string, options: { file: string; comment?: string }) => {
        const reply = await context.api.call("reports_create_version", {
          params: params(id),
          body: { config: asGiven<ReportConfig>(readConfig(options.file)), comment: options.comment },
        });
        emit(context.format, reply, (json) => `saved report ${json.report_id} as version ${json.version}`);
      }),
    );

  addResourceCommands(reports, {
    ...report,
    operations: { versions: "reports_versions", version_get: "reports_version_get", restore: "reports_restore" },
    versions: { view: (json) => namedVersionsTable(json.versions, 60) },
    version_get: { view: reportVersionFields },
    restore: {
      style: "server",
      description: "save version <n>'s config again as a new version (access and space stay)",
      restored: (json, version) => `restored report ${json.report_id} from version ${version} as version ${json.version}`,
    },
  });

  addGlobalOptions(reports.command("clone <report> <name>"))
    .description("copy the report's latest config into a new report, filed where the source is unless --space is given")
    .option("--space <space>", "the space to file the copy into")
    .option("--subspace <subspace>", "the sub-space (needs --space)")
    .action(
      action(async (context, id: string, name: string, options: FilingOptions) => {
        const reply = await context.api.call("reports_clone", { params: params(id), body: { name, ...filing(options) } });
        emit(context.format, reply, (json) => `cloned report ${id} as ${json.report_id} (${json.name})`);
      }),
    );

  addGlobalOptions(reports.command("visibility <report> <scope>"))
    .description("make the report private or public (its owner only)")
    .action(
      action(async (context, id: string, scope: string) => {
        if (scope !== "private" && scope !== "public") throw new UsageError(`scope ${JSON.stringify(scope)} must be private or public`);
        const reply = await context.api.call("reports_update_visibility", { params: params(id), body: { access: { scope } } });
        emit(context.format, reply, (json) => `report ${json.report_id} is ${json.access.scope}`);
      }),
    );

  // Upstream Seizu's names for the two visibilities.
  for (const [command, scope] of [
    ["publish", "public"],
    ["unpublish", "private"],
  ] as const) {
    addGlobalOptions(reports.command(`${command} <report>`))
      .description(`make the report ${scope} (its owner only; the same as visibility <report> ${scope})`)
      .action(
        action(async (context, id: string) => {
          const reply = await context.api.call("reports_update_visibility", { params: params(id), body: { access: { scope } } });
          emit(context.format, reply, (json) => `report ${json.report_id} is ${json.access.scope}`);
        }),
      );
  }

  for (const [command, pinned] of [
    ["pin", true],
    ["unpin", false],
  ] as const) {
    addGlobalOptions(reports.command(`${command} <report>`))
      .description(pinned ? "pin a public report (everyone sees the pin)" : "unpin a report")
      .action(
        action(async (context, id: string) => {
          const reply = await context.api.call("reports_pin", { params: params(id), body: { pinned } });
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
        const reply = await context.api.call("spaces_set_report_space", { params: params(id), body: filing(options) });
        emit(context.format, reply, reportItemFields);
      }),
    );

  addGlobalOptions(reports.command("dashboard"))
    .description("show the dashboard report")
    .action(
      action(async (context) => {
        emit(context.format, await context.api.call("reports_get_dashboard"), reportVersionFields);
      }),
    );

  addGlobalOptions(reports.command("set-dashboard <report>"))
    .description("make a public report the dashboard")
    .action(
      action(async (context, id: string) => {
        const reply = await context.api.call("reports_set_dashboard", { params: params(id) });
        emit(context.format, reply, (json) => `report ${json.report_id} is the dashboard`);
      }),
    );

  addResourceCommands(reports, { ...report, operations: { delete: "reports_delete" }, delete: { description: "delete a report with its history" } });
}
