// MCP_ENABLED_BUILTINS: "all" (default; empty or unset means all too, as upstream Seizu), "none",
// or a comma list of group names. The sandbox
// group belongs to the built-in chat assistant and is never exposed on /api/v1/mcp, whatever
// the setting says. A name that is no group is ignored with a warning rather than failing
// every request: the setting only narrows what is exposed, so a typo must not take the
// server down (a "workflows" group exists in upstream Seizu and may well be listed).
const NEVER_EXPOSED = new Set(["sandbox"]);

/** Settings already warned about in this isolate: one warning each, not one per request. */
const warned = new Set<string>();

export function enabledGroups(setting: string, known: string[]): Set<string> {
  const value = setting.trim().toLowerCase();
  if (value === "none") return new Set();
  const exposable = known.filter((group) => !NEVER_EXPOSED.has(group));
  if (value === "all" || value === "") return new Set(exposable);
  const named = value
    .split(",")
    .map((group) => group.trim())
    .filter((group) => group !== "" && !NEVER_EXPOSED.has(group));
  const unknown = named.filter((group) => !exposable.includes(group));
  if (unknown.length > 0 && !warned.has(value)) {
    warned.add(value);
    console.warn(`MCP_ENABLED_BUILTINS names unknown groups ${unknown.join(", ")}, ignored (known: ${exposable.join(", ")}, or all / none)`);
  }
  return new Set(named.filter((group) => exposable.includes(group)));
}
