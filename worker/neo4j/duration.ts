// Neo4j's duration settings as SHOW SETTINGS prints them: whole amounts with units, largest
// first, concatenated ("30s", "1m30s", "500ms", "1d1h1m1s1ms", "0s"; Neo4j 5.26's
// SettingValueParsers.DURATION). Anything else is not understood, and says so.

const SECONDS_PER_UNIT: Record<string, number> = { d: 86_400, h: 3_600, m: 60, s: 1, ms: 1e-3, μs: 1e-6, ns: 1e-9 };

/** "ms" before "m", so a millisecond is not read as a minute followed by junk. */
const PART = /(\d+)(ms|μs|ns|d|h|m|s)/y;

/** The duration in seconds, or undefined when the text is not in Neo4j's format. */
export function parseNeo4jDuration(text: string): number | undefined {
  PART.lastIndex = 0;
  let seconds = 0;
  let parts = 0;
  while (PART.lastIndex < text.length) {
    const match = PART.exec(text);
    if (!match) return undefined;
    seconds += Number(match[1]) * SECONDS_PER_UNIT[match[2]!]!;
    parts += 1;
  }
  return parts > 0 ? seconds : undefined;
}
