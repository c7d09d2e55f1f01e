// JSON values nested to a given depth, for the bounds on free-form values (kit/json-value.ts)
// and the database's own limit (SQLite's json_valid refuses past 1000 levels).

/** `depth` arrays, one inside the next, around `leaf`: nested(2) is [[1]]. */
export function nested(depth: number, leaf: unknown = 1): unknown {
  let value = leaf;
  for (let level = 0; level < depth; level++) value = [value];
  return value;
}

/** Past what the database stores: the depth at which a definition came back as a 409 before it was bounded. */
export const PAST_DATABASE_DEPTH = 1001;
