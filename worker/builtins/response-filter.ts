// A definition's `response: {include | exclude}`: keep or drop fields of the result by dotted
// path (`*` matches every key or item). With `list: true` the paths apply to each item of the
// result's list (the result itself, or its one array-valued field).

type Json = unknown;

function matches(pattern: string[], path: string[]): boolean {
  return pattern.length <= path.length && pattern.every((part, i) => part === "*" || part === path[i]);
}

function filter(value: Json, paths: string[][], include: boolean, at: string[] = []): Json {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item, i) => filter(item, paths, include, [...at, String(i)]));
  const out: Record<string, Json> = {};
  for (const [key, item] of Object.entries(value)) {
    const path = [...at, key];
    if (include) {
      if (paths.some((pattern) => matches(pattern, path))) out[key] = item;
      else if (paths.some((pattern) => pattern.length > path.length && matches(pattern.slice(0, path.length), path)))
        out[key] = filter(item, paths, include, path);
    } else if (!paths.some((pattern) => pattern.length === path.length && matches(pattern, path))) {
      out[key] = filter(item, paths, include, path);
    }
  }
  return out;
}

export function filterResponse(result: Json, response: { include?: string[]; exclude?: string[] } | undefined, list: boolean): Json {
  const rule = response?.include ? { paths: response.include, include: true } : response?.exclude ? { paths: response.exclude, include: false } : undefined;
  if (!rule) return result;
  const paths = rule.paths.map((path) => path.split("."));
  const apply = (item: Json) => filter(item, paths, rule.include);
  if (!list) return apply(result);
  if (Array.isArray(result)) return result.map(apply);
  if (result && typeof result === "object") {
    return Object.fromEntries(Object.entries(result).map(([key, value]) => [key, Array.isArray(value) ? value.map(apply) : value]));
  }
  return result;
}
