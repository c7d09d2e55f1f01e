// A saved tool's Cypher is checked again each time it is called, by the token scan (the layer
// that needs no Neo4j): what sits in D1 may not be what validation passed at save time (an edit
// straight to the database, a restore from a backup, today's stricter rules). A refused query is
// never sent to Neo4j.
//
// The verdict depends only on the text and the procedure allowlist, so it is kept per isolate,
// keyed by both: a tool pays for the scan once per version of its Cypher, and any change to the
// text, however it was made, is scanned afresh. The kept texts are bounded by their total length.
import { scanCypher } from "../cypher/scan";
import { ValidationError, type FieldIssue } from "../errors/domain";
import { cypherFieldIssues } from "../cypher/issue";

/** About 2 MB of UTF-16: hundreds of typical tools, and still ten of the longest allowed. */
const CACHED_CHARACTERS_MAX = 1_000_000;

/** Verdicts by Cypher text, oldest first. */
const verdicts = new Map<string, { allowlist: string; issues: FieldIssue[] }>();
let cachedCharacters = 0;

function storedCypherIssues(cypher: string, allowedProcedures: readonly string[]): FieldIssue[] {
  const allowlist = allowedProcedures.join(",");
  const known = verdicts.get(cypher);
  if (known?.allowlist === allowlist) return known.issues;
  const scan = scanCypher(cypher, { allowedProcedures });
  const issues = scan.ok
    ? []
    : cypherFieldIssues(scan.errors).map((issue) => ({ ...issue, message: `the saved query breaks the rule ${issue.rule} and was not run: ${issue.message}` }));
  remember(cypher, { allowlist, issues });
  return issues;
}

function remember(cypher: string, verdict: { allowlist: string; issues: FieldIssue[] }): void {
  forget(cypher);
  for (const oldest of verdicts.keys()) {
    if (cachedCharacters + cypher.length <= CACHED_CHARACTERS_MAX) break;
    forget(oldest);
  }
  if (cachedCharacters + cypher.length > CACHED_CHARACTERS_MAX) return;
  verdicts.set(cypher, verdict);
  cachedCharacters += cypher.length;
}

function forget(cypher: string): void {
  if (verdicts.delete(cypher)) cachedCharacters -= cypher.length;
}

/** Throws a ValidationError naming the field "cypher" and the rule when the scan refuses the saved query. */
export function checkStoredCypher(cypher: string, allowedProcedures: readonly string[]): void {
  const issues = storedCypherIssues(cypher, allowedProcedures);
  if (issues.length > 0) throw new ValidationError(issues);
}
