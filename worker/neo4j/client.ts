// The Neo4j HTTP Query API (POST /db/{database}/query/v2) over fetch.
//
// Every query goes with an access mode (READ unless the caller says otherwise) and a time
// limit that Neo4j enforces; the client also stops waiting a little after that limit, so a
// slow or silent server never hangs a request. Results are read as a stream: rows are decoded
// as they arrive and a caller may stop after any of them, which cancels the response body and
// with it the query.
//
// Measured on Neo4j 5.26: the Query API applies maxExecutionTime only when it opens an
// explicit transaction (POST .../tx); an auto-commit query ignores it and runs on after the
// caller gave up. So each query opens a transaction with the time limit and access mode, then
// runs its statement in the commit request (POST .../tx/{id}/commit), which streams the rows
// and ends the transaction; cancelling that response ends it too.
import type { JsonValue } from "./json";
import { Neo4jError, Neo4jProtocolError, Neo4jTimeoutError, Neo4jUnavailableError } from "./errors";
import { decodePlan, type Notification, type PlanOperator } from "./plan";
import { QueryResponseParser, type ResponseEnvelope } from "./response-parser";
import { decodeValue, encodeParameters, type ParameterValue, type TypedValue } from "./typed-json";

export type Neo4jAuth = { kind: "basic"; user: string; password: string } | { kind: "bearer"; token: string };
export type AccessMode = "READ" | "WRITE";
export type Parameters = { [key: string]: ParameterValue };

export interface Neo4jSettings {
  url: string;
  database: string;
  auth: Neo4jAuth;
  timeoutSeconds: number;
}

export interface QueryOptions {
  accessMode?: AccessMode;
  timeoutSeconds?: number;
  includeCounters?: boolean;
  signal?: AbortSignal;
}

export interface QuerySummary {
  notifications: Notification[];
  counters?: Record<string, number | boolean>;
  plan?: PlanOperator;
}

export interface QueryResult extends QuerySummary {
  fields: string[];
  rows: JsonValue[][];
}

export interface ExplainResult {
  fields: string[];
  plan: PlanOperator;
  notifications: Notification[];
}

/** How long past Neo4j's own limit the client keeps waiting before it gives up. */
const CLIENT_GRACE_MS = 2_000;

const MEDIA_TYPE = "application/vnd.neo4j.query";
const CLUSTER_AFFINITY = "neo4j-cluster-affinity";

export class Neo4jClient {
  private readonly endpoint: string;
  private readonly authorization: string;

  constructor(private readonly settings: Neo4jSettings) {
    this.endpoint = `${settings.url}/db/${encodeURIComponent(settings.database)}/query/v2`;
    this.authorization = settings.auth.kind === "basic" ? `Basic ${btoa(`${settings.auth.user}:${settings.auth.password}`)}` : `Bearer ${settings.auth.token}`;
  }

  /** Starts a query and resolves once its fields are known; iterate the stream for rows. */
  async open(statement: string, params: Parameters = {}, options: QueryOptions = {}): Promise<QueryStream> {
    const timeoutSeconds = options.timeoutSeconds ?? this.settings.timeoutSeconds;
    const timer = new AbortController();
    const timeout = setTimeout(() => timer.abort(), timeoutSeconds * 1000 + CLIENT_GRACE_MS);
    const signal = options.signal ? AbortSignal.any([options.signal, timer.signal]) : timer.signal;
    const describeAbort = () =>
      timer.signal.aborted
        ? new Neo4jTimeoutError(`Neo4j did not answer within ${timeoutSeconds}s (${this.settings.url})`)
        : new Neo4jUnavailableError("The query was cancelled");
    let response: Response;
    try {
      const transaction = await this.begin({ accessMode: options.accessMode ?? "READ", maxExecutionTime: timeoutSeconds }, signal, describeAbort);
      response = await this.post(
        `/tx/${encodeURIComponent(transaction.id)}/commit`,
        { statement, parameters: encodeParameters(params), includeCounters: options.includeCounters ?? false },
        transaction.headers,
        signal,
        describeAbort,
      );
    } catch (error) {
      clearTimeout(timeout);
      throw error;
    }
    if (!response.body) {
      clearTimeout(timeout);
      throw new Neo4jProtocolError(`Neo4j answered HTTP ${response.status} without a body`);
    }
    if (!response.ok) {
      clearTimeout(timeout);
      throw await errorFromResponse(response);
    }
    const stream = new QueryStream(response.body, () => clearTimeout(timeout), describeAbort);
    await stream.start();
    return stream;
  }

  /** Runs a query and collects every row. */
  async query(statement: string, params: Parameters = {}, options: QueryOptions = {}): Promise<QueryResult> {
    const stream = await this.open(statement, params, options);
    const rows: JsonValue[][] = [];
    for await (const row of stream) rows.push(row);
    return { fields: stream.fields, rows, ...stream.summary };
  }

  /** Plans a query without running it (EXPLAIN); READ access mode unless told otherwise. */
  async explain(statement: string, params: Parameters = {}, options: QueryOptions = {}): Promise<ExplainResult> {
    const result = await this.query(`EXPLAIN ${statement}`, params, options);
    if (!result.plan) throw new Neo4jProtocolError("Neo4j returned no plan for EXPLAIN");
    return { fields: result.fields, plan: result.plan, notifications: result.notifications };
  }

  /** Opens an explicit transaction, the only kind whose time limit Neo4j enforces. */
  private async begin(
    settings: { accessMode: AccessMode; maxExecutionTime: number },
    signal: AbortSignal,
    describeAbort: () => Error,
  ): Promise<OpenTransaction> {
    const response = await this.post("/tx", settings, {}, signal, describeAbort);
    if (!response.ok) throw await errorFromResponse(response);
    let text: string;
    try {
      text = new TextDecoder().decode(await response.arrayBuffer());
    } catch (error) {
      if (signal.aborted) throw describeAbort();
      throw new Neo4jUnavailableError(`The Neo4j response broke off: ${(error as Error).message}`);
    }
    let id: unknown;
    try {
      id = (JSON.parse(text) as { transaction?: { id?: unknown } }).transaction?.id;
    } catch {
      // Not JSON: reported below with the text.
    }
    if (typeof id !== "string") throw new Neo4jProtocolError(`Neo4j did not open a transaction: ${text.slice(0, 200)}`);
    // A cluster (Aura) names the member that holds the transaction; later requests must go there.
    const affinity = response.headers.get(CLUSTER_AFFINITY);
    return { id, headers: affinity ? { [CLUSTER_AFFINITY]: affinity } : {} };
  }

  private async post(path: string, body: unknown, headers: Record<string, string>, signal: AbortSignal, describeAbort: () => Error): Promise<Response> {
    try {
      return await fetch(`${this.endpoint}${path}`, {
        method: "POST",
        headers: { "content-type": MEDIA_TYPE, accept: MEDIA_TYPE, authorization: this.authorization, ...headers },
        body: JSON.stringify(body),
        signal,
      });
    } catch (error) {
      if (signal.aborted) throw describeAbort();
      throw new Neo4jUnavailableError(`Neo4j is unreachable at ${this.settings.url}: ${(error as Error).message}`);
    }
  }
}

interface OpenTransaction {
  id: string;
  headers: Record<string, string>;
}

async function errorFromResponse(response: Response): Promise<Error> {
  const text = new TextDecoder().decode(await response.arrayBuffer());
  try {
    const first = (JSON.parse(text) as ResponseEnvelope).errors?.[0];
    if (first) return new Neo4jError(first.code, first.message);
  } catch {
    // Not JSON: a proxy page, a plain-text error, ...
  }
  if (response.status === 401) return new Neo4jError("Neo.ClientError.Security.Unauthorized", "Neo4j rejected the credentials");
  return new Neo4jProtocolError(`Neo4j answered HTTP ${response.status}: ${text.slice(0, 200)}`);
}

/**
 * The rows of one query, decoded as they stream in. Iterate it once; breaking out of the loop
 * (or calling cancel) stops reading and cancels the response. After a complete iteration,
 * `summary` holds notifications, counters and plan; an error Neo4j reported mid-stream is
 * thrown at the end of the iteration.
 */
export class QueryStream implements AsyncIterable<JsonValue[]> {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  private readonly parser = new QueryResponseParser();
  private pending: TypedValue[][] = [];
  private done = false;
  private envelope: ResponseEnvelope | undefined;

  constructor(
    body: ReadableStream<Uint8Array>,
    private readonly release: () => void,
    private readonly describeAbort: () => Error,
  ) {
    this.reader = body.getReader();
  }

  get fields(): string[] {
    return this.parser.fields ?? [];
  }

  get summary(): QuerySummary {
    if (!this.envelope) throw new Error("The query summary is available once every row has been read");
    const plan = this.envelope.queryPlan ?? this.envelope.profiledQueryPlan;
    return {
      notifications: this.envelope.notifications ?? [],
      ...(this.envelope.counters ? { counters: this.envelope.counters } : {}),
      ...(plan ? { plan: decodePlan(plan) } : {}),
    };
  }

  /** Reads until the fields are known, surfacing errors Neo4j reports before any row. */
  async start(): Promise<void> {
    while (!this.done && this.parser.fields === undefined) await this.readChunk();
  }

  async cancel(): Promise<void> {
    if (this.done) return;
    this.done = true;
    this.release();
    await this.reader.cancel().catch(() => undefined);
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<JsonValue[]> {
    try {
      for (;;) {
        while (this.pending.length > 0) {
          const batch = this.pending;
          this.pending = [];
          for (const row of batch) yield row.map(decodeValue);
        }
        if (this.done) return;
        await this.readChunk();
      }
    } finally {
      await this.cancel();
    }
  }

  private async readChunk(): Promise<void> {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await this.reader.read();
    } catch (error) {
      this.done = true;
      this.release();
      throw this.translateReadError(error);
    }
    if (chunk.done) {
      this.finish();
      return;
    }
    this.parser.push(this.decoder.decode(chunk.value, { stream: true }), this.pending);
  }

  private translateReadError(error: unknown): Error {
    const aborted = this.describeAbort();
    if (aborted instanceof Neo4jTimeoutError || (error as Error)?.name === "AbortError") return aborted;
    return new Neo4jUnavailableError(`The Neo4j response broke off: ${(error as Error).message}`);
  }

  private finish(): void {
    this.done = true;
    this.release();
    this.parser.push(this.decoder.decode(), this.pending);
    try {
      this.envelope = this.parser.finish();
    } catch (error) {
      throw new Neo4jProtocolError(`Neo4j sent an incomplete or malformed response: ${(error as Error).message}`);
    }
    const failure = this.envelope.errors?.[0];
    if (failure) throw new Neo4jError(failure.code, failure.message);
  }
}
