// The edge result cache (opt-in: a tool's or a report query's cache_ttl_seconds), backed by
// the Workers Cache API. A result is stored under a synthetic GET URL derived from what it is
// the rows of (a tool's toolset, id and version; a report's id, version and query path), the
// canonical arguments, the Neo4j database and the result limits that bounded it: an edit makes
// a new version and so a new key, and a result truncated under other limits is never served.
//
// Two layers: this isolate's memory first (bounded by size, each entry for its TTL), then the
// Cache API, which the isolates of a location share; a hit on the Cache API fills the memory
// layer for the rest of the entry's TTL. Measured locally, a Cache API match costs a round trip
// to the cache service, more than the query it saves when the query is light; a memory hit costs
// nothing of the kind. Concurrent misses of one key in this isolate share one query
// (single-flight): the first runs it, the others wait for its answer. A caller who may edit the
// resource can bypass the cache (the query runs, and its fresh answer replaces the stored one in
// both layers). Only successful results are stored: a thrown error (Neo4j's, a timeout) and the
// "no row fits" message never are.
import { BoundedCache } from "../cache/bounded-cache";
import { canonicalJson, sha256Hex } from "../digest";
import type { BoundedResult, ResultLimits } from "./bounded";

export type CacheStatus = "hit" | "miss" | "bypass";

/** How a cached call was answered: what REST's X-Seizu-Cache/Age headers and MCP's _meta.cache say. */
export interface CacheOutcome {
  status: CacheStatus;
  age_seconds: number;
  ttl_seconds: number;
}

export interface CachedAnswer {
  result: BoundedResult;
  /** Absent when caching is off for what was run. */
  cache?: CacheOutcome;
}

export interface CacheRequest {
  /** 0 or undefined: not cached. */
  ttlSeconds: number | undefined;
  /** What the rows are of, including its version: `tool/{toolset}/{tool}/{version}`, `report/{id}/{version}/{path}`. */
  scope: string[];
  args: unknown;
  database: string;
  limits: ResultLimits;
  /** Run and store afresh, whatever is stored (the caller asked and may). */
  bypass: boolean;
  /** Work that may finish after the answer (the Worker's waitUntil): storing the result. */
  background: (work: Promise<unknown>) => void;
}

/** What a caller's context adds to a cached run: the database, the bypass and the background. */
export type CacheContext = Pick<CacheRequest, "database" | "bypass" | "background">;

/**
 * A named cache of the Workers Cache API rather than caches.default: its entries are only ever
 * this cache's, and the name types the same for the Worker and the Node tests that import it.
 */
export const CACHE_NAME = "seizu-results";
const resultCache = () => caches.open(CACHE_NAME);

/** Synthetic: the key is never fetched, only matched. */
const KEY_ORIGIN = "https://result-cache.seizu.invalid";
const STORED_AT = "X-Seizu-Stored-At";

interface Stored {
  result: BoundedResult;
  /** Epoch milliseconds. */
  storedAt: number;
}

/** A stored result as JSON text (each hit parses its own copy, so no caller can change another's rows). */
interface Remembered {
  json: string;
  storedAt: number;
}

/** Up to about 16 MB of UTF-16 results in this isolate, the oldest dropped first. */
const memory = new BoundedCache<Remembered>({ maxCharacters: 8_000_000, weigh: (entry) => entry.json.length });

interface Flight {
  stored: Stored;
  /** Whether this flight ran the query (a miss) or found it stored. */
  ran: boolean;
}

const inflight = new Map<string, Promise<Flight>>();

export async function cachedRun(request: CacheRequest, run: () => Promise<BoundedResult>): Promise<CachedAnswer> {
  const ttl = request.ttlSeconds ?? 0;
  if (ttl <= 0) return { result: await run() };
  const key = await cacheKey(request);
  const joined = request.bypass ? undefined : inflight.get(key);
  if (joined) return answer((await joined).stored, "hit", ttl);

  const flight = (async (): Promise<Flight> => {
    const found = request.bypass ? undefined : await lookup(key, ttl);
    if (found) return { stored: found, ran: false };
    return { stored: { result: await run(), storedAt: Date.now() }, ran: true };
  })();
  if (!request.bypass) inflight.set(key, flight);
  // The flight stays joinable until its result is stored, so a call that follows in this
  // isolate never misses while the store is under way.
  const settled = flight
    .then(({ stored, ran }) => (ran && typeof stored.result !== "string" ? store(key, ttl, stored) : undefined))
    .catch(() => undefined)
    .finally(() => {
      if (inflight.get(key) === flight) inflight.delete(key);
    });
  request.background(settled);

  const { stored, ran } = await flight;
  return answer(stored, request.bypass ? "bypass" : ran ? "miss" : "hit", ttl);
}

function answer(stored: Stored, status: CacheStatus, ttl: number): CachedAnswer {
  const age = status === "hit" ? Math.max(0, Math.floor((Date.now() - stored.storedAt) / 1000)) : 0;
  return { result: stored.result, cache: { status, age_seconds: age, ttl_seconds: ttl } };
}

/** The synthetic URL a result is stored under, in both layers. */
export async function cacheKey({ scope, args, database, limits }: Pick<CacheRequest, "scope" | "args" | "database" | "limits">): Promise<string> {
  const digest = await sha256Hex(canonicalJson({ args, database, max_rows: limits.maxRows, max_bytes: limits.maxBytes }));
  return `${KEY_ORIGIN}/${scope.map(encodeURIComponent).join("/")}/${digest}`;
}

/** The stored result, when there is one younger than the TTL (the Cache API may keep it a little longer). */
async function lookup(key: string, ttl: number): Promise<Stored | undefined> {
  const remembered = memory.get(key);
  if (remembered) return { result: JSON.parse(remembered.json) as BoundedResult, storedAt: remembered.storedAt };
  const response = await (await resultCache()).match(key);
  if (!response) return undefined;
  const storedAt = Number(response.headers.get(STORED_AT));
  const left = storedAt + ttl * 1000 - Date.now();
  if (!(left > 0)) {
    await response.body?.cancel();
    return undefined;
  }
  const json = await response.text();
  memory.set(key, { json, storedAt }, left);
  return { result: JSON.parse(json) as BoundedResult, storedAt };
}

async function store(key: string, ttl: number, { result, storedAt }: Stored): Promise<void> {
  const json = JSON.stringify(result);
  memory.set(key, { json, storedAt }, storedAt + ttl * 1000 - Date.now());
  const headers = { "Content-Type": "application/json", "Cache-Control": `max-age=${ttl}`, [STORED_AT]: String(storedAt) };
  await (await resultCache()).put(key, new Response(json, { headers }));
}

/** REST's headers for an answer: X-Seizu-Cache, and the standard Age on a hit. */
export function cacheHeaders(cache: CacheOutcome | undefined): Record<string, string> {
  if (!cache) return {};
  return { "X-Seizu-Cache": cache.status, ...(cache.status === "hit" ? { Age: String(cache.age_seconds) } : {}) };
}

/** A bypass is honoured only for a caller who holds `permission` (who could change the TTL anyway). */
export function mayBypass(asked: boolean, permissions: ReadonlySet<string>, permission: string): boolean {
  return asked && permissions.has(permission);
}

/** Whether an HTTP request asks to bypass caches (Cache-Control: no-cache). */
export function asksNoCache(request: Request): boolean {
  return /(^|,)\s*no-cache\s*(,|$)/i.test(request.headers.get("cache-control") ?? "");
}
