// Watched scans: which SyncMetadata nodes (cartography's record of each sync) are newer than a
// workflow's last run and match its watch_scans patterns. A tick reads the nodes once, newest
// first, and every workflow's patterns are matched against them here, with the work bounded:
// - patterns are RE2 (pattern.ts): linear in the value, never exponential;
// - a tick reads at most SCAN_LIMIT nodes, and a value longer than VALUE_MAX_LENGTH never matches;
// - each (pattern, value) pair is matched once per tick, however many nodes or workflows share it;
// - one workflow's matching may spend at most MATCH_BUDGET steps (program size × value length,
//   an upper bound of RE2's work); past it the workflow is skipped for this tick, so a costly
//   pattern delays the others by a bounded amount and never stops the tick.
import type { Neo4jClient } from "../neo4j/client";
import type { RE2JS } from "re2js";
import { compilePattern, type PatternProblem } from "./pattern";
import type { WatchScan } from "./schemas";

/** SyncMetadata nodes one tick considers, the most recently updated first. */
export const SCAN_LIMIT = 50_000;
/** Longer values (account and resource ids are far shorter) are not matched. */
export const VALUE_MAX_LENGTH = 1024;
/**
 * Matching steps one workflow may spend in a tick. The costliest patterns found (large counted
 * repetitions on RE2's NFA, 1000-character values) take about 10 ms per million steps in workerd,
 * so this is about half a second; a hundred-id alternation still gets some 6,000 distinct ids.
 */
export const MATCH_BUDGET = 50_000_000;

export interface Scan {
  grouptype: string;
  syncedtype: string;
  groupid: string;
  /** lastupdated as an instant. */
  at: Date;
}

const FIELDS = ["grouptype", "syncedtype", "groupid"] as const;

/** Why a workflow's watched scans could not be checked; the field names the pattern. */
export class WatchError extends Error {
  override name = "WatchError";
}

/** SyncMetadata nodes updated after `since` (cartography writes epoch seconds), newest first. */
export async function readScans(neo4j: Neo4jClient, since: Date): Promise<Scan[]> {
  const result = await neo4j.query(
    `MATCH (s:SyncMetadata) WITH s, toFloatOrNull(s.lastupdated) AS seconds WHERE seconds > $since
     RETURN toString(s.grouptype) AS grouptype, toString(s.syncedtype) AS syncedtype, toString(s.groupid) AS groupid, seconds
     ORDER BY seconds DESC LIMIT $limit`,
    { since: since.getTime() / 1000, limit: SCAN_LIMIT },
    { accessMode: "READ" },
  );
  return result.rows.map(([grouptype, syncedtype, groupid, seconds]) => ({
    grouptype: String(grouptype ?? ""),
    syncedtype: String(syncedtype ?? ""),
    groupid: String(groupid ?? ""),
    at: new Date(Number(seconds) * 1000),
  }));
}

/** A compiled pattern with its verdicts so far, by value. */
interface Pattern {
  regex: RE2JS;
  verdicts: Map<string, boolean>;
}

type Entry = Record<(typeof FIELDS)[number], Pattern>;

/** Matches workflows' watch_scans against one tick's scans, remembering each pattern's verdicts. */
export class ScanMatcher {
  private readonly patterns = new Map<string, Pattern | PatternProblem>();

  /** `scans` newest first, as readScans returns them. */
  constructor(private readonly scans: Scan[]) {}

  /** When the newest scan after `since` matching any entry was updated, or null. Throws a WatchError. */
  newest(watched: WatchScan[], since: Date): Date | null {
    const entries = watched.map((scan, index) => this.entry(scan, index));
    const budget = { left: MATCH_BUDGET };
    for (const scan of this.scans) {
      if (scan.at <= since) return null;
      if (entries.some((entry) => FIELDS.every((field) => test(entry[field], scan[field], budget)))) return scan.at;
    }
    return null;
  }

  private entry(scan: WatchScan, index: number): Entry {
    const entry = FIELDS.map((field) => {
      const pattern = this.pattern(scan[field]);
      if (!("regex" in pattern)) throw new WatchError(`watch_scans.${index}.${field} ${pattern.message}`);
      return [field, pattern] as const;
    });
    return Object.fromEntries(entry) as Entry;
  }

  private pattern(source: string): Pattern | PatternProblem {
    let pattern = this.patterns.get(source);
    if (!pattern) {
      const compiled = compilePattern(source);
      pattern = compiled.ok ? { regex: compiled.regex, verdicts: new Map() } : compiled.problem;
      this.patterns.set(source, pattern);
    }
    return pattern;
  }
}

function test(pattern: Pattern, value: string, budget: { left: number }): boolean {
  if (value.length > VALUE_MAX_LENGTH) return false;
  const known = pattern.verdicts.get(value);
  if (known !== undefined) return known;
  const cost = pattern.regex.programSize() * (value.length + 1);
  if (cost > budget.left)
    throw new WatchError(
      `watch_scans: matching its patterns against this tick's scans takes more than ${MATCH_BUDGET} steps, so it was skipped: use simpler patterns`,
    );
  budget.left -= cost;
  const verdict = pattern.regex.matches(value);
  pattern.verdicts.set(value, verdict);
  return verdict;
}
