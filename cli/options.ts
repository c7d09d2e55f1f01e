// The options every command accepts: where to connect (--server, --token, --config, with
// upstream Seizu's --api-url, --config-file and --credentials-file beside them) and how to print
// (-o/--output). They are declared on the program, so they work before the command,
// and again on each command and command group, so they also work after it
// (`seizu toolsets list --output json`); the copies are hidden from help, which lists the
// program's once as global options.
import { type Command, Option } from "commander";
import type { ConnectionFlags } from "./config";
import { FORMATS, type Format } from "./output";

export type GlobalOptions = ConnectionFlags & { output?: Format };

/** Which global options each command declared, so a command can reuse --config for itself. */
const declared = new WeakMap<Command, string[]>();

/**
 * @param which config: false leaves --config to the command (seed and export name their YAML
 *   file with it)
 * @param which output: false leaves -o/--output to the command (plugins download names its file with it)
 */
export function addGlobalOptions(
  command: Command,
  { config = true, output = true, hidden = true }: { config?: boolean; output?: boolean; hidden?: boolean } = {},
) {
  const options = [
    new Option("--server <url>", "Seizu server URL (env SEIZU_SERVER)"),
    new Option("--api-url <url>", "the same as --server, upstream Seizu's name (env SEIZU_API_URL)"),
    new Option("--token <token>", "Bearer token (env SEIZU_TOKEN); without one, the token `seizu login` stored"),
    new Option("--credentials-file <file>", "where `seizu login` keeps tokens (env SEIZU_CREDENTIALS_FILE; default: credentials.json beside seizu.conf)"),
    ...(config ? [new Option("--config <file>", "seizu.conf to read (env SEIZU_CONFIG)")] : []),
    new Option("--config-file <file>", "the same as --config, upstream Seizu's name (env SEIZU_CONFIG_FILE)"),
    ...(output ? [new Option("-o, --output <format>", "table (or text) for people, json for scripts (default: table)").choices(FORMATS)] : []),
  ];
  for (const option of options) command.addOption(hidden ? option.hideHelp() : option);
  declared.set(
    command,
    options.map((option) => option.attributeName()),
  );
  return command;
}

/** The global options in force for `command`: the program's, overridden by the command's own. */
export function globalOptions(command: Command): GlobalOptions {
  const chain: Command[] = [];
  for (let current: Command | null = command; current; current = current.parent) chain.unshift(current);
  const merged: Record<string, unknown> = {};
  for (const current of chain) {
    const values = current.opts();
    for (const key of declared.get(current) ?? []) if (values[key] !== undefined) merged[key] = values[key];
  }
  // The values of the options declared above: strings, --output one of FORMATS.
  return merged as GlobalOptions;
}
