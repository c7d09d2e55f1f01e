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

/** Runs a call and records it; without an audit (a server built for a test) it only runs. */
export async function recordedCall<T>(
  audit: McpAudit | undefined,
  method: "tools/call" | "prompts/get",
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
