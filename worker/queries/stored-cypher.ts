// A stored query's Cypher (a tool's, a report panel's, a workflow query activity's) is checked
// again each time it runs, by the token scan (the layer that needs no Neo4j): what sits in D1 may
// not be what validation passed at save time (an edit straight to the database, a restore from a
// backup, today's stricter rules). A refused query is never sent to Neo4j.
//
// The verdict depends only on the text and the procedure allowlist, so it is kept per isolate,
// keyed by both: a query pays for the scan once per version of its Cypher, and any change to the
// text, however it was made, is scanned afresh.
import { BoundedCache } from "../cache/bounded-cache";
import { cypherFieldIssues } from "../cypher/issue";
import { scanCypher } from "../cypher/scan";
import { ValidationError, type FieldIssue } from "../errors/domain";

/** About 2 MB of UTF-16: hundreds of typical tools, and still ten of the longest allowed. */
const verdicts = new BoundedCache<FieldIssue[]>({ maxCharacters: 1_000_000 });

function storedCypherIssues(cypher: string, allowedProcedures: readonly string[]): FieldIssue[] {
  const key = `${allowedProcedures.join(",")}\n${cypher}`;
  const known = verdicts.get(key);
  if (known) return known;
  const scan = scanCypher(cypher, { allowedProcedures });
  const issues = scan.ok
    ? []
    : cypherFieldIssues(scan.errors).map((issue) => ({ ...issue, message: `the saved query breaks the rule ${issue.rule} and was not run: ${issue.message}` }));
  verdicts.set(key, issues);
  return issues;
}

/** Throws a ValidationError naming the field "cypher" and the rule when the scan refuses the saved query. */
export function checkStoredCypher(cypher: string, allowedProcedures: readonly string[]): void {
  const issues = storedCypherIssues(cypher, allowedProcedures);
  if (issues.length > 0) throw new ValidationError(issues);
}
