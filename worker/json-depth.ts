// How deep a JSON value nests, asked without recursion: the request bodies it is asked of may
// nest a million levels deep, which a recursive walk would pay for with its stack.

const isContainer = (value: unknown): value is object => value !== null && typeof value === "object";

/**
 * Whether a value nests more than `limit` levels of arrays and objects (a scalar is 0 levels,
 * `[1]` one). Level by level, stopping once past the limit, so a deep value costs no more than
 * `limit` levels of it.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  let level = isContainer(value) ? [value] : [];
  for (let depth = 1; level.length > 0; depth++) {
    if (depth > limit) return true;
    level = level.flatMap((container) => Object.values(container).filter(isContainer));
  }
  return false;
}
