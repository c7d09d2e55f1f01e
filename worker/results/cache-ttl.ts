// How long a result may be served from the edge result cache (edge-cache.ts): a tool's or a
// report query's cache_ttl_seconds, one rule for both.
import { z } from "zod";

export const CACHE_TTL_MAX_SECONDS = 86_400;

export const cacheTtlSeconds = z
  .number({ error: "must be a whole number of seconds" })
  .int("must be a whole number of seconds")
  .min(0, "must be at least 0 (0 turns the cache off)")
  .max(CACHE_TTL_MAX_SECONDS, `must be at most ${CACHE_TTL_MAX_SECONDS} (a day)`)
  .describe("Serve results from the edge cache for this many seconds; 0 or absent: not cached");
