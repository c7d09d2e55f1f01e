// One call as the audit log records it (kinds tool_call, prompt_get, graph_query, report_query):
// the edge that serves the call (the REST operation runner, the MCP tools/call and prompts/get
// dispatch) starts a meter, the code that knows a fact of the call notes it (the tool and version
// it ran, whether the edge cache answered, the rows, the time Neo4j took), and the edge records
// the call once, however it ended. The rule of what a call records lives here alone.
import { ValidationError } from "../errors/domain";
import type { TruncatedResult } from "../results/bounded";
import type { CacheStatus } from "../results/edge-cache";
import type { AuditEvent, AuditOutcome } from "./event";
import { outcomeOf } from "./outcome";
import type { AuditTrail } from "./trail";

export const CALL_KINDS = ["tool_call", "prompt_get", "graph_query", "report_query"] as const;
export type CallKind = (typeof CALL_KINDS)[number];

export interface CallRecord {
  kind: CallKind;
  /** `tools/call`, `prompts/get`, or the REST method and route template. */
  action: string;
  target: string;
  /** How the call failed, when it threw. */
  error?: unknown;
}

/** A bounded result's rows and whether it was cut (results/bounded.ts), read from `{ results }`. */
function rowsOf(answer: unknown): { rows: number; truncated: boolean } | undefined {
  const results = (answer as { results?: unknown } | null | undefined)?.results;
  if (Array.isArray(results)) return { rows: results.length, truncated: false };
  if (typeof results === "string") return { rows: 0, truncated: true };
  if (results && typeof results === "object" && "truncated" in results) return { rows: (results as unknown as TruncatedResult).returned, truncated: true };
  return undefined;
}

/**
 * What an event says of the error a call failed with: its message, but for invalid input only
 * the fields and rules, as its messages may quote the values given (a sensitive one too).
 */
function errorDetail(error: unknown): Record<string, unknown> {
  if (error instanceof ValidationError) return { error: "invalid input", fields: error.issues.map(({ field, rule }) => ({ field, rule })) };
  return { error: error instanceof Error ? error.message : String(error) };
}

export class CallMeter {
  private readonly started = performance.now();
  /**
   * Neo4j's time as the Worker saw it: from sending each request to the end of its answer, summed.
   * The Query API reports no server-side time, so this includes the network both ways.
   */
  private neo4jMs: number | null = null;
  private resource: AuditEvent["resource"] = null;
  private args: Record<string, unknown> | undefined;
  private sensitive: readonly string[] = [];
  private target: string | undefined;
  private rows: number | null = null;
  private truncated: boolean | null = null;
  private cache: CacheStatus | undefined;
  private refusal: AuditOutcome | undefined;
  private failure: unknown;
  private toolError = false;
  private kind: CallKind | undefined;

  /** The Neo4j client's timing hook (neo4j/connect.ts). */
  readonly timeNeo4j = (ms: number) => {
    this.neo4jMs = (this.neo4jMs ?? 0) + ms;
  };

  /** The arguments as the caller sent them, once read; the trail stores them as AUDIT_ARGUMENTS says. */
  argued(args: Record<string, unknown> | undefined): void {
    this.args = args;
  }

  /** What the call ran, once it is known: its parameters marked sensitive are never stored; a tool is named as MCP names it. */
  ran(
    resource: NonNullable<AuditEvent["resource"]>,
    { sensitive = [], target, kind }: { sensitive?: readonly string[]; target?: string; kind?: CallKind } = {},
  ): void {
    this.resource = resource;
    this.kind = kind;
    this.sensitive = sensitive;
    this.target = target;
  }

  /** How the edge result cache answered (results/edge-cache.ts). */
  cached(status: CacheStatus | undefined): void {
    this.cache = status;
  }

  /** The answer's rows, read from its `{ results }`. */
  answered(answer: unknown): void {
    const bounded = rowsOf(answer);
    if (!bounded) return;
    this.rows = bounded.rows;
    this.truncated = bounded.truncated;
  }

  /** The call was refused or failed without its error reaching the edge (a tool error result): how. The first word stands. */
  ended(outcome: AuditOutcome): void {
    this.refusal ??= outcome;
  }

  /** The call answered a tool error result (MCP's isError). */
  answeredError(): void {
    this.toolError = true;
  }

  /** The call failed with this error, which the edge turned into an answer (MCP's tool error results). */
  failed(error: unknown): void {
    this.failure = error;
  }

  record(trail: AuditTrail, call: CallRecord): void {
    const error = call.error ?? this.failure;
    const outcome = this.refusal ?? (error !== undefined ? outcomeOf(error) : this.toolError ? "tool_error" : "ok");
    const detail: Record<string, unknown> = {};
    if (this.cache === "hit") detail.cache = "hit";
    if (error !== undefined) Object.assign(detail, errorDetail(error));
    trail.record({
      kind: this.kind ?? call.kind,
      action: call.action,
      outcome,
      target: this.target ?? call.target,
      resource: this.resource,
      rows: this.rows,
      truncated: this.truncated,
      duration_ms: performance.now() - this.started,
      neo4j_ms: this.neo4jMs,
      arguments: this.args,
      sensitive: this.sensitive,
      detail,
    });
  }
}
