// tools/call and prompts/get as the audit log records them (audit/call.ts): once per call,
// however it ended, with the client the request names (audit/client.ts) beside the caller the
// token established. What the tool is, how it failed and what it answered are noted on the
// meter by the dispatch (server.ts, prompts.ts) as they become known.
import type { CallToolResult, ServerContext } from "@modelcontextprotocol/server";
import type { CallKind, CallMeter } from "../audit/call";
import { mcpClientOf } from "../audit/client";
import type { AuditTrail } from "../audit/trail";

/** The request's trail and the meter of the call it serves. */
export interface McpAudit {
  trail: AuditTrail;
  meter: CallMeter;
}

export interface McpCallParams {
  name: string;
  arguments?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

export type McpCallMethod = "tools/call" | "prompts/get";

export const isCallMethod = (method: string): method is McpCallMethod => method === "tools/call" || method === "prompts/get";

const objectOr = (value: unknown) => (value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined);

/** A call's params as they arrived, before the SDK parsed them: what of them is a name, arguments and _meta. */
export function rawCallParams(params: unknown): McpCallParams {
  const { name, arguments: args, _meta } = objectOr(params) ?? {};
  return { name: typeof name === "string" ? name : "(unnamed)", arguments: objectOr(args), _meta: objectOr(_meta) };
}

/** Runs a call and records it; without an audit (a server built for a test) it only runs. */
export async function recordedCall<T>(
  audit: McpAudit | undefined,
  method: McpCallMethod,
  params: McpCallParams,
  ctx: ServerContext,
  run: () => Promise<T>,
): Promise<T> {
  if (!audit) return run();
  const { trail, meter } = audit;
  meter.argued(params.arguments);
  const named = mcpClientOf(params, ctx.mcpReq.envelope);
  const recording = named ? trail.with({ client: { ...trail.caller.client, ...named } }) : trail;
  const kind: CallKind = method === "tools/call" ? "tool_call" : "prompt_get";
  try {
    const result = await run();
    if (method === "tools/call") {
      const answer = result as CallToolResult;
      meter.answered(answer.structuredContent);
      if (answer.isError) meter.answeredError();
    }
    meter.record(recording, { kind, action: method, target: params.name });
    return result;
  } catch (error) {
    meter.record(recording, { kind, action: method, target: params.name, error });
    throw error;
  }
}
