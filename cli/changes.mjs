// What `update` commands send: only the fields the user gave, and --enabled / --disabled.
import { Option } from "commander";
import { UsageError } from "./errors.mjs";

/** @param {import("commander").Command} command */
export function addEnabledOptions(command) {
  return command.addOption(new Option("--enabled", "enable it").conflicts("disabled")).addOption(new Option("--disabled", "disable it").conflicts("enabled"));
}

/** @param {{ enabled?: boolean, disabled?: boolean }} options true, false, or undefined for neither */
export const enabledValue = ({ enabled, disabled }) => (enabled ? true : disabled ? false : undefined);

/**
 * The given fields; an update without any is a mistake, not a reason for a new version.
 * @param {Record<string, unknown>} changes
 */
export function requireChanges(changes) {
  const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  if (Object.keys(given).length === 0) throw new UsageError("nothing to change: give at least one of the options (see --help)");
  return given;
}
