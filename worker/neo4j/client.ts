// The Neo4j HTTP Query API (POST /db/{database}/query/v2) over fetch.
//
// Every query goes with an access mode (READ unless the caller says otherwise) and a time
// limit that Neo4j enforces; the client also stops waiting a little after that limit, so a
// slow or silent server never hangs a request. Results are read as a stream: rows are decoded
// as they arrive and a caller may stop after any of them, which cancels the response body and
// with it the query.
//
// The time limit must hold on the server, not only in the Worker. Measured on Neo4j 5.26: an
// auto-commit query (POST .../query/v2) ignores maxExecutionTime and runs until the server's own
// db.transaction.timeout ends it; an explicit transaction (POST .../tx) takes its own limit,
// shorter or longer than the server's, but has to be closed in a second request: together they
// cost Neo4j 1.3 to 1.75 times the CPU of the auto-commit query (scripts/neo4j/cpu-per-call.mjs).
// So the client learns the server's limit (server-timeout.ts: read once per isolate in the
// background, again every minute) and:
// - when it is this query's own limit, sends the query as one auto-commit request, whose answer
//   streams the rows: Neo4j ends it at that limit, commits a write itself, and there is nothing
//   to close;
// - otherwise (a query with another limit, such as EXPLAIN; a server with no limit or another
//   one, or whose limit is not known yet) opens a transaction with the time limit, the access mode
//   and the statement in one request, whose answer streams the rows. That transaction is then
//   closed: a read is rolled back in the background (its answer is already complete;
//   `background` keeps the Worker alive for it), a write is committed before the result counts
//   as done.
// Either way there is one round trip on the caller's path. A caller that stops early cancels the
// body, and Neo4j ends the query itself when it cannot write the rest.
//
// A caller that hangs up before the first row leaves nothing for Neo4j to fail writing: the query
// would run to its time limit. So a query made for a caller (`signal`, the request's) carries a
// random marker among its parameters, and when the caller goes away first, the transaction holding
// that marker (auto-commit or explicit alike) is found and terminated on the server (a user may
// always end its own transactions).
// EXPLAIN, which only validation and graph__explain use, has a time limit of its own, short: a
// statement Neo4j cannot plan quickly fails fast instead of holding the caller for the full limit.
// Every query waits for one of the isolate's slots first (slots.ts).
import type { JsonValue } from "./json";
import { Neo4jError, Neo4jProtocolError, Neo4jTimeoutError, Neo4jUnavailableError } from "./errors";
import { decodePlan, type Notification, type PlanOperator } from "./plan";
import { neo4jSlots } from "./slots";
import { QueryResponseParser, type ResponseEnvelope } from "./response-parser";
import { parseNeo4jDuration } from "./duration";
import { serverTimeouts } from "./server-timeout";
import { decodeValue, encodeParameters, type ParameterValue, type TypedValue } from "./typed-json";

export type Neo4jAuth = { kind: "basic"; user: string; password: string } | { kind: "bearer"; token: string };
export type AccessMode = "READ" | "WRITE";
export type Parameters = { [key: string]: ParameterValue };

export interface Neo4jSettings {
  url: string;
  database: string;
  auth: Neo4jAuth;
  timeoutSeconds: number;
  /** Time limit of EXPLAIN; the query limit when unset. */
  explainTimeoutSeconds?: number;
  /** Keeps work alive after the response (a Worker's waitUntil); without it, the work just runs. */
  background?: (work: Promise<unknown>) => void;
  /** The caller's request: once it is cancelled, its queries are cancelled too, on the server as well. */
  signal?: AbortSignal;
  /** Queries this isolate may have in flight at once (neo4jSlots); unchanged when unset. */
  maxConcurrentRequests?: number;
  /** Told each query's time, from its request to the end of its answer (the audit log's neo4j_ms). */
  timed?: (ms: number) => void;
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

/** The parameter that marks a caller's query, so it can be found on the server. */
const MARKER_PARAMETER = "__seizu_call";

/** Finds the caller's abandoned query by its marker and ends it. */
const TERMINATE_MARKED = `SHOW TRANSACTIONS YIELD transactionId, parameters WHERE parameters.${MARKER_PARAMETER} = $marker
TERMINATE TRANSACTIONS transactionId YIELD transactionId AS terminated RETURN terminated`;

/** The server's own limit of transactions that name none (readable by any user on Community). */
const SERVER_TIMEOUT = "SHOW SETTINGS YIELD name, value WHERE name = 'db.transaction.timeout' RETURN value";

/**
 * A marker unique to one call: random per isolate, then counted. Only uniqueness matters (the
 * marker finds the caller's own transaction), and a counter costs less than a UUID a call.
 */
let markerPrefix: string | undefined;
let markerCount = 0;
function callMarker(): string {
  markerPrefix ??= crypto.randomUUID();
  markerCount += 1;
  return `${markerPrefix}-${markerCount}`;
}

/** When to look for an abandoned query after its caller went away: at once, then once more in case the query had not started. */
const TERMINATE_ATTEMPTS_MS = [0, 1_000];

/** How long past Neo4j's own limit the client keeps waiting before it gives up. */
const CLIENT_GRACE_MS = 2_000;

const MEDIA_TYPE = "application/vnd.neo4j.query";
const CLUSTER_AFFINITY = "neo4j-cluster-affinity";

/**
 * A body up to this size is read whole and parsed by JSON.parse, far faster than cutting rows
 * out of a stream; a larger one switches to the incremental parser as soon as it passes the
 * size, so memory stays bounded and a caller can still stop after any row.
 */
const WHOLE_BODY_MAX_BYTES = 256 * 1024;

/** Stateless decoding of complete bodies; a streamed body gets a decoder of its own. */
const wholeDecoder = new TextDecoder();

/** The Authorization header of each credentials object: clients made from one configuration share it. */
const authorizations = new WeakMap<Neo4jAuth, string>();

function authorizationOf(auth: Neo4jAuth): string {
  let header = authorizations.get(auth);
  if (header === undefined) {
    header = auth.kind === "basic" ? `Basic ${btoa(`${auth.user}:${auth.password}`)}` : `Bearer ${auth.token}`;
    authorizations.set(auth, header);
  }
  return header;
}

export class Neo4jClient {
  private readonly endpoint: string;
  private readonly authorization: string;
  /** The server as the isolate's knowledge of its time limit knows it: endpoint and credentials. */
  private readonly server: string;

  constructor(private readonly settings: Neo4jSettings) {
    this.endpoint = `${settings.url}/db/${encodeURIComponent(settings.database)}/query/v2`;
    this.authorization = authorizationOf(settings.auth);
    this.server = `${this.endpoint} ${this.authorization}`;
    if (settings.maxConcurrentRequests !== undefined) neo4jSlots.limit = settings.maxConcurrentRequests;
  }

  /** Starts a query and resolves once its fields are known; iterate the stream for rows. */
  async open(statement: string, params: Parameters = {}, options: QueryOptions = {}): Promise<QueryStream> {
    const timeoutSeconds = options.timeoutSeconds ?? this.settings.timeoutSeconds;
    const accessMode = options.accessMode ?? "READ";
    const caller = this.settings.signal;
    // One controller ends the request for every reason (the limit, the caller, the option's
    // signal), fed by listeners: cheaper on every call than combining signals with AbortSignal.any.
    const stop = new AbortController();
    let timedOut = false;
    const timeout = setTimeout(
      () => {
        timedOut = true;
        stop.abort();
      },
      timeoutSeconds * 1000 + CLIENT_GRACE_MS,
    );
    let marker: string | undefined;
    const cancelled = () => stop.abort();
    const gone = () => {
      stop.abort();
      if (marker) this.settings.background?.(this.terminate(marker));
    };
    if (caller?.aborted || options.signal?.aborted) stop.abort();
    caller?.addEventListener("abort", gone, { once: true });
    options.signal?.addEventListener("abort", cancelled, { once: true });
    const signal = stop.signal;
    const describeAbort = () =>
      timedOut
        ? new Neo4jTimeoutError(`Neo4j did not answer within ${timeoutSeconds}s (${this.settings.url})`)
        : new Neo4jUnavailableError("The query was cancelled");
    const stopListening = () => {
      clearTimeout(timeout);
      caller?.removeEventListener("abort", gone);
      options.signal?.removeEventListener("abort", cancelled);
    };

    let releaseSlot: () => void;
    try {
      releaseSlot = await neo4jSlots.acquire(signal);
    } catch {
      stopListening();
      throw timedOut
        ? new Neo4jUnavailableError(
            `Neo4j is busy: this Worker already has ${neo4jSlots.limit} queries in flight (NEO4J_MAX_CONCURRENT_REQUESTS) and none finished within ${timeoutSeconds}s`,
          )
        : describeAbort();
    }
    if (caller) marker = callMarker();
    const sent = performance.now();
    const finished = () => {
      this.settings.timed?.(performance.now() - sent);
      stopListening();
      releaseSlot();
    };

    // Neo4j ends an auto-commit query at its own limit only: when that is this query's, one
    // request does it all; otherwise a transaction names this query's limit.
    const implicit = serverTimeouts.known(this.server, () => this.readServerTimeout(), this.settings.background) === timeoutSeconds;
    let response: Response;
    try {
      const parameters = encodeParameters(marker ? { ...params, [MARKER_PARAMETER]: marker } : params);
      const request = { statement, parameters, includeCounters: options.includeCounters ?? false, accessMode };
      response = await this.post(implicit ? "" : "/tx", implicit ? request : { ...request, maxExecutionTime: timeoutSeconds }, {}, signal, describeAbort);
    } catch (error) {
      finished();
      throw error;
    }
    if (!response.body) {
      finished();
      throw new Neo4jProtocolError(`Neo4j answered HTTP ${response.status} without a body`);
    }
    if (!response.ok) {
      finished();
      throw await errorFromResponse(response);
    }
    // A cluster (Aura) names the member that holds the transaction; closing it must go there.
    // Read only when there is a transaction to close: an auto-commit query has none.
    const close = (transactionId: string) => {
      const affinity = response.headers.get(CLUSTER_AFFINITY);
      return this.close(transactionId, accessMode, affinity ? { [CLUSTER_AFFINITY]: affinity } : {});
    };
    const stream = new QueryStream(response.body, finished, describeAbort, close);
    // A small answer Neo4j sized up front (it streams large ones in chunks) is read in one go.
    const length = Number(response.headers.get("content-length") ?? Number.NaN);
    if (length <= WHOLE_BODY_MAX_BYTES) await stream.readWhole(response);
    else await stream.start();
    return stream;
  }

  /** Runs a query and collects every row. */
  async query(statement: string, params: Parameters = {}, options: QueryOptions = {}): Promise<QueryResult> {
    const stream = await this.open(statement, params, options);
    const rows: JsonValue[][] = [];
    for await (const batch of stream) for (const row of batch) rows.push(row);
    return { fields: stream.fields, rows, ...stream.summary };
  }

  /** Plans a query without running it (EXPLAIN); READ access mode unless told otherwise. */
  async explain(statement: string, params: Parameters = {}, options: QueryOptions = {}): Promise<ExplainResult> {
    const timeoutSeconds = options.timeoutSeconds ?? this.settings.explainTimeoutSeconds;
    const result = await this.query(`EXPLAIN ${statement}`, params, { ...options, ...(timeoutSeconds ? { timeoutSeconds } : {}) });
    if (!result.plan) throw new Neo4jProtocolError("Neo4j returned no plan for EXPLAIN");
    return { fields: result.fields, plan: result.plan, notifications: result.notifications };
  }

  /**
   * Reads the server's own time limit now and records it for this isolate, rather than when the
   * next background read is due (a server whose setting just changed); undefined when unreadable.
   */
  checkServerTimeout(): Promise<number | undefined> {
    return serverTimeouts.refresh(this.server, () => this.readServerTimeout());
  }

  /**
   * db.transaction.timeout in seconds (0 = none), undefined when Neo4j prints it in a form not
   * understood. Outside the slots, as terminating is: one short request a minute at most.
   */
  private async readServerTimeout(): Promise<number | undefined> {
    const [row] = await this.postImplicit(SERVER_TIMEOUT, {});
    return typeof row?.[0] === "string" ? parseNeo4jDuration(row[0]) : undefined;
  }

  /** Ends the query a caller abandoned, if it is running on the server; attempts after the first wait a little. */
  private async terminate(marker: string): Promise<void> {
    for (const delay of TERMINATE_ATTEMPTS_MS) {
      if (delay > 0) await new Promise((resume) => setTimeout(resume, delay));
      try {
        const stopped = await this.postImplicit(TERMINATE_MARKED, { marker });
        if (stopped.length > 0) return;
      } catch (error) {
        console.warn(`neo4j: terminating an abandoned query failed: ${(error as Error).message}`);
        return;
      }
    }
  }

  /** An auto-commit query of the client's own, outside the slots; resolves with its rows, as plain JSON. */
  private async postImplicit(statement: string, parameters: Record<string, string>): Promise<unknown[][]> {
    const response = await fetch(this.endpoint, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", authorization: this.authorization },
      body: JSON.stringify({ statement, parameters, accessMode: "READ" }),
      signal: AbortSignal.timeout(this.settings.timeoutSeconds * 1000),
    });
    const body = (await response.json()) as { data?: { values?: unknown[][] }; errors?: { code: string; message: string }[] };
    const failure = body.errors?.[0];
    if (failure) throw new Neo4jError(failure.code, failure.message);
    return body.data?.values ?? [];
  }

  /**
   * Ends the transaction a query opened: a read is rolled back without waiting (nothing to
   * keep, and a failure changes nothing the caller has), a write is committed and awaited.
   */
  private async close(transactionId: string, accessMode: AccessMode, headers: Record<string, string>): Promise<void> {
    const path = `/tx/${encodeURIComponent(transactionId)}`;
    if (accessMode === "READ") {
      const rollback = fetch(`${this.endpoint}${path}`, { method: "DELETE", headers: { accept: MEDIA_TYPE, authorization: this.authorization, ...headers } })
        .then((response) => response.body?.cancel())
        .catch((error: Error) => console.warn(`neo4j: rolling back read transaction ${transactionId} failed: ${error.message}`));
      this.settings.background?.(rollback);
      return;
    }
    const signal = AbortSignal.timeout(this.settings.timeoutSeconds * 1000 + CLIENT_GRACE_MS);
    const describeAbort = () => new Neo4jTimeoutError(`Neo4j did not commit within ${this.settings.timeoutSeconds}s (${this.settings.url})`);
    const response = await this.post(`${path}/commit`, {}, headers, signal, describeAbort);
    const text = await bodyText(response);
    const failure = response.ok ? (JSON.parse(text) as ResponseEnvelope).errors?.[0] : undefined;
    if (failure) throw new Neo4jError(failure.code, failure.message);
    if (!response.ok) throw errorFromText(response.status, text);
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

/** A batch's rows decoded one at a time as they are taken: a caller that stops early decodes no more. */
function* decodeRows(rows: TypedValue[][]): Generator<JsonValue[]> {
  for (const row of rows) yield row.map(decodeValue);
}

async function errorFromResponse(response: Response): Promise<Error> {
  return errorFromText(response.status, await bodyText(response));
}

/** The whole body as text (Response.text() warns about Neo4j's media type in workerd). */
async function bodyText(response: Response): Promise<string> {
  return wholeDecoder.decode(await response.arrayBuffer());
}

/** A whole answer as Neo4j sends it: the summary, and the rows until they are taken out. */
type WholeEnvelope = ResponseEnvelope & { data?: { values?: TypedValue[][] } };

const malformed = (error: Error) => new Neo4jProtocolError(`Neo4j sent an incomplete or malformed response: ${error.message}`);

function errorFromText(status: number, text: string): Error {
  try {
    const first = (JSON.parse(text) as ResponseEnvelope).errors?.[0];
    if (first) return new Neo4jError(first.code, first.message);
  } catch {
    // Not JSON: a proxy page, a plain-text error, ...
  }
  if (status === 401) return new Neo4jError("Neo.ClientError.Security.Unauthorized", "Neo4j rejected the credentials");
  return new Neo4jProtocolError(`Neo4j answered HTTP ${status}: ${text.slice(0, 200)}`);
}

/**
 * The rows of one query, in batches as they arrive: all of a small answer read whole at once,
 * then the rows each chunk of a streamed one completes. A batch decodes its rows as they are
 * taken, and the rows of a batch are taken without waiting, which spares a promise per row.
 * Iterate it once; breaking out of the loop (or calling cancel) stops reading and cancels the
 * response. After a complete iteration, `summary` holds notifications, counters and plan; an
 * error Neo4j reported mid-stream is thrown at the end of the iteration.
 */
export class QueryStream implements AsyncIterable<Iterable<JsonValue[]>> {
  /** Taken on the first chunk read, so a small body can still be read whole. */
  private reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  /** The body so far while it is small enough to be parsed whole; undefined once streaming. */
  private chunks: Uint8Array[] | undefined = [];
  private bufferedBytes = 0;
  private decoder: TextDecoder | undefined;
  private readonly parser = new QueryResponseParser();
  private wholeFields: string[] | undefined;
  private pending: TypedValue[][] = [];
  private done = false;
  private envelope: ResponseEnvelope | undefined;

  constructor(
    private readonly body: ReadableStream<Uint8Array>,
    private readonly release: () => void,
    private readonly describeAbort: () => Error,
    private readonly closeTransaction: (id: string) => Promise<void>,
  ) {}

  get fields(): string[] {
    return this.wholeFields ?? this.parser.fields ?? [];
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
    while (!this.done && this.wholeFields === undefined && this.parser.fields === undefined) await this.readChunk();
  }

  /** Reads a body known to be small in one call instead of chunk by chunk. */
  async readWhole(response: Response): Promise<void> {
    let body: ArrayBuffer;
    try {
      // Not response.json(): workerd warns on every call that Neo4j's media type is not text.
      body = await response.arrayBuffer();
    } catch (error) {
      this.done = true;
      this.release();
      throw this.translateReadError(error);
    }
    this.chunks = [new Uint8Array(body)];
    this.bufferedBytes = body.byteLength;
    await this.finish();
  }

  async cancel(): Promise<void> {
    if (this.done) return;
    this.done = true;
    this.release();
    await (this.reader ?? this.body).cancel().catch(() => undefined);
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Iterable<JsonValue[]>> {
    try {
      for (;;) {
        if (this.pending.length > 0) {
          const batch = this.pending;
          this.pending = [];
          yield decodeRows(batch);
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
      this.reader ??= this.body.getReader();
      chunk = await this.reader.read();
    } catch (error) {
      this.done = true;
      this.release();
      throw this.translateReadError(error);
    }
    if (chunk.done) return this.finish();
    if (!this.chunks) {
      this.parser.push(this.streamDecoder().decode(chunk.value, { stream: true }), this.pending);
      return;
    }
    this.chunks.push(chunk.value);
    this.bufferedBytes += chunk.value.byteLength;
    if (this.bufferedBytes <= WHOLE_BODY_MAX_BYTES) return;
    const decoder = this.streamDecoder();
    for (const piece of this.chunks) this.parser.push(decoder.decode(piece, { stream: true }), this.pending);
    this.chunks = undefined;
  }

  private streamDecoder(): TextDecoder {
    this.decoder ??= new TextDecoder();
    return this.decoder;
  }

  private translateReadError(error: unknown): Error {
    const aborted = this.describeAbort();
    if (aborted instanceof Neo4jTimeoutError || (error as Error)?.name === "AbortError") return aborted;
    return new Neo4jUnavailableError(`The Neo4j response broke off: ${(error as Error).message}`);
  }

  private async finish(): Promise<void> {
    this.done = true;
    this.release();
    let envelope: ResponseEnvelope;
    try {
      envelope = this.chunks ? this.parseWhole(this.chunks) : this.parseRest();
    } catch (error) {
      throw malformed(error as Error);
    }
    await this.settle(envelope);
  }

  /** Ends the query once its whole answer is read: Neo4j's error thrown, its transaction closed. */
  private async settle(envelope: ResponseEnvelope): Promise<void> {
    this.envelope = envelope;
    const transaction = envelope.transaction?.id;
    const failure = envelope.errors?.[0];
    if (failure) {
      if (transaction) void this.closeTransaction(transaction).catch(() => undefined);
      throw new Neo4jError(failure.code, failure.message);
    }
    if (transaction) await this.closeTransaction(transaction);
  }

  private parseWhole(chunks: Uint8Array[]): ResponseEnvelope {
    let body = chunks[0] ?? new Uint8Array();
    if (chunks.length > 1) {
      body = new Uint8Array(this.bufferedBytes);
      let offset = 0;
      for (const piece of chunks) {
        body.set(piece, offset);
        offset += piece.byteLength;
      }
    }
    this.chunks = undefined;
    return this.takeRows(JSON.parse(wholeDecoder.decode(body)) as WholeEnvelope);
  }

  /** The fields and rows of a whole answer, taken out of it: the rest is the summary. */
  private takeRows(envelope: WholeEnvelope): ResponseEnvelope {
    this.wholeFields = envelope.data?.fields ?? [];
    if (envelope.data?.values) {
      this.pending = this.pending.concat(envelope.data.values);
      delete envelope.data.values;
    }
    return envelope;
  }

  private parseRest(): ResponseEnvelope {
    this.parser.push(this.streamDecoder().decode(), this.pending);
    return this.parser.finish();
  }
}
