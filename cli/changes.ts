// What `update` commands send: only the fields the user gave, and --enabled / --disabled.
import { type Command, Option } from "commander";
import { UsageError } from "./errors";

export function addEnabledOptions(command: Command) {
  return command.addOption(new Option("--enabled", "enable it").conflicts("disabled")).addOption(new Option("--disabled", "disable it").conflicts("enabled"));
}

/** true, false, or undefined for neither. */
export const enabledValue = ({ enabled, disabled }: { enabled?: boolean; disabled?: boolean }) => (enabled ? true : disabled ? false : undefined);

/** The given fields; an update without any is a mistake, not a reason for a new version. */
export function requireChanges<T extends Record<string, unknown>>(changes: T): Partial<T> {
  const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>;
  if (Object.keys(given).length === 0) throw new UsageError("nothing to change: give at least one of the options (see --help)");
  return given;
}
