// The options every command accepts: where to connect (--server, --token, --config) and how
// to print (--output). They are declared on the program, so they work before the command,
// and again on each command and command group, so they also work after it
// (`seizu toolsets list --output json`); the copies are hidden from help, which lists the
// program's once as global options.
import { Option } from "commander";
import { FORMATS } from "./output.mjs";

/** Which global options each command declared, so a command can reuse --config for itself. */
const declared = new WeakMap();

/**
 * @param {import("commander").Command} command
 * @param {{ config?: boolean, hidden?: boolean }} [which] config: false leaves --config to
 *   the command (seed and export name their YAML file with it)
 */
export function addGlobalOptions(command, { config = true, hidden = true } = {}) {
  const options = [
    new Option("--server <url>", "Seizu server URL (env SEIZU_SERVER)"),
    new Option("--token <token>", "Bearer token (env SEIZU_TOKEN)"),
    ...(config ? [new Option("--config <file>", "seizu.conf to read (env SEIZU_CONFIG)")] : []),
    new Option("--output <format>", "table for people, json for scripts (default: table)").choices(FORMATS),
  ];
  for (const option of options) command.addOption(hidden ? option.hideHelp() : option);
  declared.set(
    command,
    options.map((option) => option.attributeName()),
  );
  return command;
}

/**
 * The global options in force for `command`: the program's, overridden by the command's own.
 * @param {import("commander").Command} command
 * @returns {{ server?: string, token?: string, config?: string, output?: import("./output.mjs").Format }}
 */
export function globalOptions(command) {
  /** @type {import("commander").Command[]} */
  const chain = [];
  for (let current = /** @type {import("commander").Command | null} */ (command); current; current = current.parent) chain.unshift(current);
  /** @type {Record<string, unknown>} */
  const merged = {};
  for (const current of chain) {
    const values = current.opts();
    for (const key of declared.get(current) ?? []) if (values[key] !== undefined) merged[key] = values[key];
  }
  return merged;
}
