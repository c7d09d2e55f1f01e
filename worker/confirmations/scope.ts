// What an approval is scoped to, derived from the call: the caller, their session, the tool,
// its target and the digest of its exact arguments.
//
// A signed-in caller's session is the digest of their bearer token: a stateless caller has no
// other. With DEVELOPMENT_ONLY_REQUIRE_AUTH=false nobody has a token and every request is the
// same local admin, so the session is the MCP client instead: the Authorization header it sends
// anyway (any value: a per-client name), else its clientInfo (2026-07-28 requests carry it),
// else its User-Agent. One tester's declines then never block another's client.
import { CLIENT_INFO_META_KEY } from "@modelcontextprotocol/server";
import type { ConfirmationScope } from "../../durable-objects/confirmation-ledger";
import { LOCAL_ADMIN, type Principal } from "../auth/principal";
import { canonicalJson, sha256Hex } from "../digest";

/** Who is asking, as the request shows it: the MCP client's name and the session it belongs to. */
export interface Requester {
  session: string;
  /** The client as a person knows it: "claude-code 1.2.0", else its User-Agent. */
  client: string;
}

/** The 2026-07-28 request envelope's clientInfo, when the client sent one. */
function clientInfoOf(envelope: Record<string, unknown> | undefined): string | undefined {
  const info = envelope?.[CLIENT_INFO_META_KEY] as { name?: unknown; version?: unknown } | undefined;
  if (typeof info?.name !== "string" || info.name === "") return undefined;
  return typeof info.version === "string" && info.version !== "" ? `${info.name} ${info.version}` : info.name;
}

export async function requesterOf(principal: Principal, request: Request, envelope: Record<string, unknown> | undefined): Promise<Requester> {
  const client = clientInfoOf(envelope) ?? request.headers.get("user-agent") ?? "unknown client";
  if (principal.tokenDigest !== LOCAL_ADMIN.tokenDigest) return { session: principal.tokenDigest, client };
  const identity = request.headers.get("authorization") ?? `client:${client}`;
  return { session: `development:${(await sha256Hex(identity)).slice(0, 32)}`, client };
}

export async function confirmationScope(
  session: string,
  principal: Principal,
  tool: string,
  target: string,
  args: Record<string, unknown>,
): Promise<ConfirmationScope> {
  return { user: principal.subject, source: "mcp", session, tool, target, argsDigest: await sha256Hex(canonicalJson(args)) };
}

/** The ledger of one user: all their records live in one Durable Object. */
export function ledgerOf(namespace: DurableObjectNamespace<import("../../durable-objects/confirmation-ledger").ConfirmationLedger>, user: string) {
  return namespace.get(namespace.idFromName(user));
}
