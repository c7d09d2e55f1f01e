// `seizu`: manage Seizu Edge toolsets, tools, roles, workflows, ... from the command line (see cli/README.md;
// cli/seizu.mjs runs this file). Output goes to stdout; a failure prints one `seizu: <reason>`
// line on stderr (a seed file's problems one line each) and exits non-zero: 1 failed, 2 usage,
// 3 server unreachable.
import { Command, CommanderError } from "commander";
import packageJson from "../package.json" with { type: "json" };
import { registerApps } from "./commands/apps";
import { registerAudit } from "./commands/audit";
import { registerExport } from "./commands/export";
import { registerLogin } from "./commands/login";
import { registerPlugins } from "./commands/plugins";
import { registerReports } from "./commands/reports";
import { registerRoles, registerWhoami } from "./commands/roles";
import { registerSeed } from "./commands/seed";
import { registerSkillsets } from "./commands/skillsets";
import { registerSpaces } from "./commands/spaces";
import { registerToolsets } from "./commands/toolsets";
import { registerScheduledQueries, registerWorkflows } from "./commands/workflows";
import { EXIT_FAILURE, EXIT_USAGE, FileProblemsError } from "./errors";
import { addGlobalOptions } from "./options";

const oneLine = (text: string) =>
  text
    .replace(/^error: /, "")
    .replace(/\s*\n\s*/g, " ")
    .trim();

/** One module per group of commands; a new group is one more register function. */
const COMMAND_GROUPS = [
  registerToolsets,
  registerSkillsets,
  registerReports,
  registerSpaces,
  registerSeed,
  registerExport,
  registerRoles,
  registerPlugins,
  registerWorkflows,
  registerScheduledQueries,
  registerWhoami,
  registerLogin,
  registerAudit,
  registerApps,
];

function buildProgram() {
  const program = new Command("seizu")
    .description(
      "Manage Seizu Edge toolsets, tools, skillsets, skills, reports, spaces, roles, Agent Plugins, workflows and scheduled queries: CRUD, version history, calls, runs, seed and export from YAML; read the audit log; list and revoke connected apps.",
    )
    .version(packageJson.version)
    // Options before the command are the program's; after it, the command's. This lets seed
    // and export use --config for their YAML file while `seizu --config x seed` names seizu.conf.
    .enablePositionalOptions()
    .configureHelp({ showGlobalOptions: true })
    // Subcommands inherit both: commander's errors are thrown to main(), printed as one line.
    .exitOverride()
    .configureOutput({ outputError: (message, write) => write(`seizu: ${oneLine(message)}\n`) });
  addGlobalOptions(program, { hidden: false });
  for (const register of COMMAND_GROUPS) register(program);
  return program;
}

async function main() {
  try {
    await buildProgram().parseAsync(process.argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander already printed the message (or the help that was asked for).
      process.exitCode = error.exitCode === 0 ? 0 : EXIT_USAGE;
    } else if (error instanceof FileProblemsError) {
      for (const line of error.lines) process.stderr.write(`${line}\n`);
      process.exitCode = error.exitCode;
    } else {
      const failure = error as Error & { exitCode?: number };
      process.stderr.write(`seizu: ${oneLine(failure.message ?? String(failure))}\n`);
      process.exitCode = failure.exitCode ?? EXIT_FAILURE;
    }
  }
}

await main();
