// What the benchmark counts and runs on its own: the Neo4j queries a run took, read from
// Neo4j's transaction counter (bench/lib/neo4j-transactions.mjs), and the queries a dashboard
// viewer runs on load (bench/lib/dashboard.mjs). The count gets a Neo4j of its own: the
// counter counts every query of the database, other test files' too.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error plain ESM helper shared with the npm scripts
import { repoRoot, startNeo4j, stopNeo4j } from "../../scripts/neo4j/server.mjs";
// @ts-expect-error plain ESM helper of the benchmark
import { countTransactions } from "../../bench/lib/neo4j-transactions.mjs";
// @ts-expect-error plain ESM helper of the benchmark
import { pageQueries } from "../../bench/lib/dashboard.mjs";
// @ts-expect-error plain ESM data shared with the npm scripts
import { demoDashboard } from "../../scripts/demo-graph/dashboard.mjs";

const home = join(repoRoot, `.local/neo4j/bench-test-${process.pid}`);
let neo4j: { url: string; user: string; password: string };

beforeAll(async () => {
  neo4j = await startNeo4j({ home, heap: "512m", pageCache: "64m" });
}, 180_000);

afterAll(async () => {
  await stopNeo4j(home);
  rmSync(home, { recursive: true, force: true });
});
const query = (statement: string) =>
  fetch(`${neo4j.url}/db/neo4j/query/v2`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Basic ${Buffer.from(`${neo4j.user}:${neo4j.password}`).toString("base64")}` },
    body: JSON.stringify({ statement }),
  }).then((response) => response.text());

describe("the bench's Neo4j query count", () => {
  it("counts every query Neo4j ran during the work, and none of its own readings", async () => {
    const { transactions } = await countTransactions(neo4j, async () => {
      for (let i = 0; i < 7; i++) await query(`RETURN ${i} AS i`);
    });
    expect(transactions).toBe(7);
  });

  it("counts nothing when the work runs no query", async () => {
    const { transactions } = await countTransactions(neo4j, async () => undefined);
    expect(transactions).toBe(0);
  });
});

describe("a dashboard viewer's queries on load", () => {
  it("runs each autocomplete input's query and each panel's query, with the inputs' defaults, and no markdown panel", () => {
    const queries = pageQueries(demoDashboard) as [string, Record<string, unknown>][];
    const panels = demoDashboard.rows
      .flatMap((row: { panels: { type: string }[] }) => row.panels)
      .filter((panel: { type: string }) => panel.type !== "markdown");
    expect(queries.length).toBe(panels.length + 1);
    expect(queries[0]).toEqual(["inputs.0.cypher", {}]);
    expect(queries.map(([path]) => path)).not.toContain("rows.0.panels.3.cypher");
    const withSeverity = queries.filter(([, params]) => "severity" in params);
    expect(withSeverity.length).toBeGreaterThan(0);
    for (const [, params] of withSeverity) expect(params.severity).toBe("CRITICAL");
  });
});
