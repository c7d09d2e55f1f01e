// Statements deep enough to overflow Neo4j's parser stack (it then never answers, and a dozen in
// parallel take the server down) are refused by the scan before any round trip; so are path
// patterns long enough to hold the planner past its time limit, and statements longer than the
// input limit. Each limit is checked at its edge: the deepest statement allowed, and one level more.
import { describe, expect, it } from "vitest";
import { MAX_DEPTH, MAX_NESTING } from "../../../worker/cypher/depth";
import { MAX_STATEMENT_LENGTH } from "../../../worker/cypher/length";
import { MAX_PATH_LENGTH } from "../../../worker/cypher/pattern-length";
import { scanCypher } from "../../../worker/cypher/scan";
import { CORPUS_ALLOWED_PROCEDURES, LEGIT } from "./corpus";
import { AT_THE_LIMITS } from "./limits-corpus";

const options = { allowedProcedures: CORPUS_ALLOWED_PROCEDURES };
const chain = (operand: string, count: number, operator: string) => Array(count).fill(operand).join(operator);

function rulesOf(statement: string): string[] {
  const result = scanCypher(statement, options);
  return result.ok ? [] : result.errors.map((issue) => issue.rule);
}

function issueOf(statement: string, rule: string) {
  const result = scanCypher(statement, options);
  if (result.ok) throw new Error(`expected the scan to refuse ${statement.slice(0, 80)}…`);
  const issue = result.errors.find((candidate) => candidate.rule === rule);
  if (!issue) throw new Error(`expected ${rule}, got ${result.errors.map((candidate) => candidate.rule).join(", ")}`);
  return issue;
}

describe("scan: the statements of the issue are refused before Neo4j sees them", () => {
  it("refuses 4,000 nested parentheses (8 KB) with nesting_too_deep, at the bracket past the limit", () => {
    const statement = `RETURN ${"(".repeat(4000)}1${")".repeat(4000)}`;
    expect(issueOf(statement, "nesting_too_deep")).toMatchObject({ offset: "RETURN ".length + MAX_NESTING, line: 1 });
    expect(issueOf(statement, "nesting_too_deep").message).toContain(`at most ${MAX_NESTING} levels`);
  });

  it("refuses 2,000 nested CALL { subqueries", () => {
    expect(rulesOf(`${"CALL { ".repeat(2000)}RETURN 1 AS x${" } RETURN x".repeat(2000)}`)).toContain("nesting_too_deep");
  });

  it("refuses long NOT NOT … and unary minus chains", () => {
    expect(rulesOf(`RETURN ${"NOT ".repeat(1000)}true`)).toContain("nesting_too_deep");
    expect(rulesOf(`RETURN ${"- ".repeat(1000)}1`)).toContain("nesting_too_deep");
    expect(rulesOf(`RETURN ${"-(".repeat(1000)}1${")".repeat(1000)}`)).toContain("nesting_too_deep");
  });

  it("refuses nested CASE expressions", () => {
    expect(rulesOf(`RETURN ${"CASE WHEN true THEN ".repeat(300)}1${" END".repeat(300)}`)).toContain("nesting_too_deep");
  });
});

describe("scan: nesting (brackets, braces, CASE, unary operators) stops at MAX_NESTING", () => {
  it.each([
    ["parentheses", (n: number) => `RETURN ${"(".repeat(n)}1${")".repeat(n)}`],
    ["lists", (n: number) => `RETURN ${"[".repeat(n)}1${"]".repeat(n)}`],
    ["CALL subqueries", (n: number) => `${"CALL { ".repeat(n)}RETURN 1 AS x${" } RETURN x".repeat(n)}`],
    ["CASE", (n: number) => `RETURN ${"CASE WHEN true THEN ".repeat(n)}1${" END".repeat(n)}`],
    ["NOT", (n: number) => `RETURN ${"NOT ".repeat(n)}true`],
    ["list comprehensions", (n: number) => `WITH [1] AS list RETURN ${"[x IN ".repeat(n)}list${" | x]".repeat(n)}`],
  ])("allows %s nested exactly MAX_NESTING deep, not one more", (_, nested) => {
    expect(rulesOf(nested(MAX_NESTING))).toEqual([]);
    expect(rulesOf(nested(MAX_NESTING + 1))).toContain("nesting_too_deep");
  });

  it("counts a unary operator and the bracket after it as two levels, as the parser recurses", () => {
    expect(rulesOf(`RETURN ${"NOT (".repeat(MAX_NESTING / 2)}true${")".repeat(MAX_NESTING / 2)}`)).toEqual([]);
    expect(rulesOf(`RETURN ${"NOT (".repeat(MAX_NESTING / 2 + 1)}true${")".repeat(MAX_NESTING / 2 + 1)}`)).toContain("nesting_too_deep");
  });

  it("counts brackets that never close, which Neo4j's parser descends into before it finds the error", () => {
    expect(rulesOf(`RETURN ${"(".repeat(MAX_NESTING + 1)}1`)).toContain("nesting_too_deep");
    expect(rulesOf(`RETURN ${"( ]".repeat(MAX_NESTING + 1)}1`)).toContain("nesting_too_deep");
  });

  it("does not count brackets side by side", () => {
    expect(rulesOf(`RETURN [${chain("[[1]]", 500, ", ")}] AS lists, ${chain("f((1), (2))", 50, " * ")} AS calls`)).toEqual([]);
  });
});

describe("scan: the syntax tree's estimated depth stops at MAX_DEPTH", () => {
  it.each([
    ["a chain of +", (n: number) => `RETURN ${chain("1", n + 1, " + ")}`],
    ["a chain of AND", (n: number) => `RETURN ${chain("true", n + 1, " AND ")}`],
    ["property accesses", (n: number) => `WITH {} AS a RETURN a${".b".repeat(n)}`],
    ["indexes", (n: number) => `WITH [1] AS a RETURN a${"[0]".repeat(n)}`],
    ["UNIONs", (n: number) => chain("RETURN 1 AS x", n + 1, " UNION ")],
  ])("allows %s about MAX_DEPTH deep, not past it", (_, deep) => {
    expect(rulesOf(deep(MAX_DEPTH - 3))).toEqual([]);
    expect(rulesOf(deep(MAX_DEPTH + 1))).toContain("expression_too_deep");
  });

  it("reads precedence: a long WHERE of comparisons joined by AND is as deep as its ANDs", () => {
    const conjuncts = (n: number) => `MATCH (a) WHERE ${chain("a.x = 1", n, " AND ")} RETURN a`;
    expect(rulesOf(conjuncts(MAX_DEPTH - 5))).toEqual([]);
    expect(rulesOf(conjuncts(MAX_DEPTH + 5))).toContain("expression_too_deep");
  });

  it("adds the depth of chains nested in brackets to the chain around them", () => {
    const nested = `RETURN ${"(".repeat(20)}${chain("1", MAX_DEPTH - 30, " + ")}${")".repeat(20)} + ${chain("1", 20, " + ")}`;
    expect(rulesOf(nested)).toContain("expression_too_deep");
  });

  it("cannot be cut in two by a subquery or a keyword in an operand's place", () => {
    expect(rulesOf(`RETURN ${chain("1 + COUNT { MATCH (n) } + 1", Math.ceil(MAX_DEPTH / 3), " + ")}`)).toContain("expression_too_deep");
    expect(rulesOf(`RETURN ${chain("1 + where(1) + 1", Math.ceil(MAX_DEPTH / 3), " + ")}`)).toContain("expression_too_deep");
    expect(rulesOf(`WITH 1 AS in RETURN ${chain("in", MAX_DEPTH + 1, " + ")}`)).toContain("expression_too_deep");
  });

  it("measures clauses and list elements apart: many of them are not deep", () => {
    expect(rulesOf(`${"WITH 1 AS x ".repeat(300)}RETURN x`)).toEqual([]);
    expect(rulesOf(`RETURN [${chain("1", 10_000, ", ")}] AS list`)).toEqual([]);
  });
});

describe("scan: path patterns stop at MAX_PATH_LENGTH relationships", () => {
  it("allows a path of MAX_PATH_LENGTH relationships, not one more", () => {
    const path = (n: number) => `MATCH (a)${"-[:R]->()".repeat(n)} RETURN a`;
    expect(rulesOf(path(MAX_PATH_LENGTH))).toEqual([]);
    expect(issueOf(path(MAX_PATH_LENGTH + 1), "pattern_too_long")).toMatchObject({ offset: "MATCH (a".length });
  });

  it("counts on across node patterns holding property maps with brackets of their own", () => {
    expect(rulesOf(`MATCH (:A {x: (1)})${"<-[:R]-(:A {x: [1]})".repeat(MAX_PATH_LENGTH + 1)} RETURN 1`)).toContain("pattern_too_long");
  });

  it("counts each path of a MATCH on its own", () => {
    const paths = Array.from({ length: 4 }, () => `(a)${"-->()".repeat(MAX_PATH_LENGTH - 2)}`).join(", ");
    expect(rulesOf(`MATCH ${paths} RETURN 1`)).toEqual([]);
  });
});

describe("scan: statement length", () => {
  it("refuses a statement over MAX_STATEMENT_LENGTH characters, which only a forced save can hold", () => {
    expect(issueOf(`RETURN 1${" ".repeat(MAX_STATEMENT_LENGTH)}`, "statement_too_long")).toMatchObject({ offset: 0 });
    expect(rulesOf(`RETURN 1${" ".repeat(MAX_STATEMENT_LENGTH - 8)}`)).toEqual([]);
  });
});

describe("scan: the limits leave read queries alone", () => {
  it("accepts every legitimate query of the corpus", () => {
    for (const { query } of LEGIT) expect(rulesOf(query), query).toEqual([]);
  });

  it.each(AT_THE_LIMITS.map(({ name, statement }) => [name, statement] as const))("accepts %s at the limit", (_, statement) => {
    expect(rulesOf(statement)).toEqual([]);
  });
});
