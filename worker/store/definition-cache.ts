// The isolate's cache of the definition reads on a call's hot path (the tools MCP clients see,
// the toolset ids, user-defined roles), so a warm tools/call sends no request to D1.
//
// Freshness: every write to the definitions table is built by VersionedStore, which reports it
// here (definitionsWriting) before the write and, through the request's D1 session, after it
// (definitionWritesSettled, from http/d1-session.ts): this isolate sees its own changes at once,
// and a read that overlapped a write is not kept. Another isolate's change shows within
// TOOL_DEFINITION_CACHE_SECONDS of the moment this isolate read the entry (0: no cache). A read
// served by a lagging read replica may add that replica's lag, as it does without the cache.
import { BoundedCache } from "../cache/bounded-cache";

interface Entry {
  value: unknown;
  generation: number;
}

/** Bumped by every write this isolate makes; an entry read under another generation is stale. */
let generation = 0;
const writers = new WeakSet<object>();
/** Keys are a few fixed names and role-name lists from verified tokens: a small bound suffices. */
let entries = new BoundedCache<Entry>({ maxCharacters: 64_000 });

/** A write to the definitions table through `db` is about to happen. */
export function definitionsWriting(db: object): void {
  generation++;
  writers.add(db);
}

/** The request whose D1 session is `db` has finished: whatever it wrote is now in D1. */
export function definitionWritesSettled(db: object): void {
  if (writers.has(db)) generation++;
}

/** `read()`, or what it gave within the last `seconds` if nothing was written here since. */
export async function cachedDefinitions<T>(key: string, seconds: number, read: () => Promise<T>): Promise<T> {
  if (seconds <= 0) return read();
  const entry = entries.get(key);
  if (entry && entry.generation === generation) return entry.value as T;
  const before = generation;
  const value = await read();
  if (generation === before) entries.set(key, { value, generation }, seconds * 1000);
  return value;
}

/** Forgets every entry: a fresh isolate (the tests' D1 is fresh for each test). */
export function forgetDefinitions(): void {
  entries = new BoundedCache<Entry>({ maxCharacters: 64_000 });
}
