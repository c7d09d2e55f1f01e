// What an event keeps of a call's arguments (AUDIT_ARGUMENTS): `full` the values, each capped;
// `keys` only the names; `none` nothing. A parameter its tool marks `sensitive` is left out under
// every policy, name and value. The trail applies this to every record (trail.ts), so no
// recording site can store more than the policy allows.
import { z } from "zod";

export const argumentsPolicy = z.enum(["full", "keys", "none"]);
export type ArgumentsPolicy = z.output<typeof argumentsPolicy>;

/** The longest string kept whole; a longer one keeps this many characters and the cut marker. */
export const VALUE_MAX_CHARS = 256;
/** The longest list kept whole; a longer one keeps this many items, then the cut marker. */
export const LIST_MAX_ITEMS = 20;
/** How deep nested values are kept; deeper ones are the cut marker. */
const MAX_DEPTH = 4;
/** Ends every value the policy shortened. */
export const CUT_MARKER = "…[cut]";

function capped(value: unknown, depth: number): unknown {
  if (typeof value === "string") return value.length > VALUE_MAX_CHARS ? `${value.slice(0, VALUE_MAX_CHARS)}${CUT_MARKER}` : value;
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return CUT_MARKER;
  if (Array.isArray(value)) {
    const kept = value.slice(0, LIST_MAX_ITEMS).map((item) => capped(item, depth + 1));
    return value.length > LIST_MAX_ITEMS ? [...kept, CUT_MARKER] : kept;
  }
  const entries = Object.entries(value);
  const kept = entries.slice(0, LIST_MAX_ITEMS).map(([key, item]) => [key, capped(item, depth + 1)]);
  return Object.fromEntries(entries.length > LIST_MAX_ITEMS ? [...kept, [CUT_MARKER, true]] : kept);
}

/**
 * The arguments as the policy stores them: an object of capped values (full), a list of names
 * (keys), or undefined (none, or no arguments).
 */
export function recordedArguments(
  policy: ArgumentsPolicy,
  args: Record<string, unknown> | undefined,
  sensitive: readonly string[] = [],
): Record<string, unknown> | string[] | undefined {
  if (policy === "none" || args === undefined) return undefined;
  const names = Object.keys(args).filter((name) => !sensitive.includes(name));
  if (policy === "keys") return names;
  return Object.fromEntries(names.map((name) => [name, capped(args[name], 1)]));
}
