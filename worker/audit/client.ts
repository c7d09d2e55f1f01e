// The MCP client as a request names it. Stateless MCP: `initialize` carries clientInfo, later
// requests of the 2025 revisions carry nothing (unless a client puts it in `_meta` itself), and
// the 2026 revisions repeat it in every request's `_meta` envelope
// (io.modelcontextprotocol/clientInfo, the SDK's CLIENT_INFO_META_KEY), which the SDK lifts off
// the params into the handler context's `mcpReq.envelope` before a handler sees them. A
// request that names no client leaves name and version null: the user agent, always recorded,
// is then the only hint. The client names itself: only strings are taken, capped, never any
// other key of `_meta` (the principal comes from the token alone).
import { CLIENT_INFO_META_KEY } from "@modelcontextprotocol/server";
import type { AuditEvent } from "./event";

const MAX_CHARS = 128;

const text = (value: unknown) => (typeof value === "string" && value.length > 0 ? value.slice(0, MAX_CHARS) : null);

const metaClient = (meta: unknown) => (meta && typeof meta === "object" ? (meta as Record<string, unknown>)[CLIENT_INFO_META_KEY] : undefined);

/** The client's name and version from a request's params and envelope, or undefined when it names none. */
export function mcpClientOf(params: unknown, envelope?: unknown): Pick<AuditEvent["client"], "name" | "version"> | undefined {
  const { clientInfo, _meta } = (params && typeof params === "object" ? params : {}) as { clientInfo?: unknown; _meta?: unknown };
  const info = (clientInfo ?? metaClient(envelope) ?? metaClient(_meta)) as { name?: unknown; version?: unknown } | undefined;
  if (!info || typeof info !== "object") return undefined;
  const name = text(info.name);
  return name === null ? undefined : { name, version: text(info.version) };
}
