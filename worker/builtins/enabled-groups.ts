// MCP_ENABLED_BUILTINS: "all" (default), "none", or a comma list of group names. The sandbox
// group belongs to the built-in chat assistant and is never exposed on /api/v1/mcp.
import { ConfigError } from "../config";

const NEVER_EXPOSED = new Set(["sandbox"]);

export function enabledGroups(setting: string, known: string[]): Set<string> {
  const value = setting.trim().toLowerCase();
  if (value === "none" || value === "") return new Set();
  const exposable = known.filter((group) => !NEVER_EXPOSED.has(group));
  if (value === "all") return new Set(exposable);
  const named = value.split(",").map((group) => group.trim()).filter(Boolean);
  const unknown = named.filter((group) => !known.includes(group));
  if (unknown.length > 0) throw new ConfigError(`Invalid configuration: MCP_ENABLED_BUILTINS names unknown groups ${unknown.join(", ")} (known: ${exposable.join(", ")}, or all / none)`);
  return new Set(named.filter((group) => !NEVER_EXPOSED.has(group)));
}
