import { describe, expect, it } from "vitest";
import { tokenize, type Token } from "../../../worker/cypher/lexer";
import { scanCypher } from "../../../worker/cypher/scan";
import { ATTACKS, CORPUS_ALLOWED_PROCEDURES, LEGIT } from "./corpus";

const options = { allowedProcedures: CORPUS_ALLOWED_PROCEDURES };

function tokens(source: string): Token[] {
  const lexed = tokenize(source);
  if (!lexed.ok) throw new Error(`expected ${JSON.stringify(source)} to lex, got ${lexed.issue.message}`);
  return lexed.tokens;
}

function kinds(source: string): string[] {
  return tokens(source).map((token) => `${token.kind}:${token.value}`);
}

function lexIssue(source: string) {
  const lexed = tokenize(source);
  if (lexed.ok) throw new Error(`expected ${JSON.stringify(source)} not to lex`);
  return lexed.issue;
}

function scanIssues(statement: string, allowedProcedures: readonly string[] = CORPUS_ALLOWED_PROCEDURES) {
  const result = scanCypher(statement, { allowedProcedures });
  if (result.ok) throw new Error(`expected the scan to refuse ${JSON.stringify(statement)}`);
  return result.errors;
}

describe("lexer: tokens", () => {
  it("reads keywords case-insensitively, in ASCII only", () => {
    expect(kinds("match Match MATCH mAtCh")).toEqual(["keyword:MATCH", "keyword:MATCH", "keyword:MATCH", "keyword:MATCH"]);
    // Neo4j reads the long s as a letter of a name, not as S: neither does the lexer.
    expect(kinds("ſet")).toEqual(["identifier:ſet"]);
    expect(kinds("été a$b _x")).toEqual(["identifier:été", "identifier:a$b", "identifier:_x"]);
  });

  it("unquotes backtick names, with `` for a backtick", () => {
    expect(kinds("`DELETE` `a``b` ``")).toEqual(["quoted_identifier:DELETE", "quoted_identifier:a`b", "quoted_identifier:"]);
  });

  it("decodes strings in both quotes with their escapes", () => {
    const [single, double, unicode, astral, unknown] = tokens(String.raw`'it\'s \\ \"x\" \t' "say \"hi\"" 'caf\u00e9' "\U0001F600" '\q'`);
    expect(single).toMatchObject({ kind: "string", value: 'it\'s \\ "x" \t' });
    expect(double).toMatchObject({ kind: "string", value: 'say "hi"' });
    expect(unicode).toMatchObject({ kind: "string", value: "café" });
    expect(astral).toMatchObject({ kind: "string", value: "😀" });
    expect(unknown).toMatchObject({ kind: "string", value: "\\q" });
  });

  it("keeps keywords, semicolons and comment markers inside strings", () => {
    expect(kinds(`RETURN 'CREATE; // x /* y' AS s`)).toEqual(["keyword:RETURN", "string:CREATE; // x /* y", "keyword:AS", "identifier:s"]);
  });

  it("reads parameters by name, number, backtick name, and with white space after $", () => {
    expect(kinds("$name $0 $`odd name` $ spaced $limit")).toEqual(["name", "0", "odd name", "spaced", "limit"].map((name) => `parameter:${name}`));
    expect(kinds("n:$($label)")).toEqual(["identifier:n", "punctuation::", "punctuation:$", "punctuation:(", "parameter:label", "punctuation:)"]);
  });

  it("reads numbers, and keeps range dots apart from decimals", () => {
    expect(kinds("42 0x1F 0o17 1_000 3.14 .5 1e3 1.5e-3")).toEqual(["42", "0x1F", "0o17", "1_000", "3.14", ".5", "1e3", "1.5e-3"].map((n) => `number:${n}`));
    expect(kinds("[1..2]")).toEqual(["punctuation:[", "number:1", "punctuation:..", "number:2", "punctuation:]"]);
  });

  it("reads multi-character operators as one token", () => {
    expect(kinds("a <> b <= c >= d =~ e += f :: g || h != i")).toEqual(
      ["a", "<>", "b", "<=", "c", ">=", "d", "=~", "e", "+=", "f", "::", "g", "||", "h", "!=", "i"].map((text) =>
        /^[a-i]$/.test(text) ? `identifier:${text}` : `punctuation:${text}`,
      ),
    );
  });

  it("reads line and block comments as tokens; line comments end at \\n and \\r", () => {
    expect(kinds("RETURN 1 // one\nAS x /* two\n lines */")).toEqual([
      "keyword:RETURN",
      "number:1",
      "comment:// one",
      "keyword:AS",
      "identifier:x",
      "comment:/* two\n lines */",
    ]);
    expect(kinds("// c\rCREATE")).toEqual(["comment:// c", "keyword:CREATE"]);
    // Block comments do not nest, as in Neo4j: the first */ ends the comment.
    expect(kinds("/* a /* b */ SET */").slice(1, 2)).toEqual(["keyword:SET"]);
  });

  it("gives every token its offset, line and column", () => {
    const [match, , n, , ret, m] = tokens("MATCH (n)\n  RETURN m");
    expect(match).toMatchObject({ offset: 0, line: 1, column: 1 });
    expect(n).toMatchObject({ offset: 7, line: 1, column: 8 });
    expect(ret).toMatchObject({ offset: 12, line: 2, column: 3, text: "RETURN" });
    expect(m).toMatchObject({ offset: 19, line: 2, column: 10 });
  });
});

describe("lexer: errors", () => {
  it("reports unterminated strings, comments and backtick names where they start", () => {
    expect(lexIssue("RETURN 'abc")).toMatchObject({ rule: "syntax", offset: 7, line: 1, column: 8 });
    expect(lexIssue('RETURN "abc\\"')).toMatchObject({ rule: "syntax", offset: 7 });
    expect(lexIssue("RETURN 1\n  /* open")).toMatchObject({ rule: "syntax", offset: 11, line: 2, column: 3 });
    expect(lexIssue("MATCH (n:`abc) RETURN n")).toMatchObject({ rule: "syntax", offset: 9 });
    expect(lexIssue("RETURN $")).toMatchObject({ rule: "syntax", offset: 7 });
    expect(lexIssue("RETURN 1 ? 2")).toMatchObject({ rule: "syntax", offset: 9 });
  });

  it("refuses \\u escapes outside strings: in code, comments and backtick names", () => {
    expect(lexIssue(String.raw`MATCH (n) \u0053ET n.x = 1`)).toMatchObject({ rule: "unicode_escape", offset: 10, column: 11 });
    expect(lexIssue(String.raw`RETURN 1 // \u000a CREATE (m)`)).toMatchObject({ rule: "unicode_escape", offset: 12 });
    expect(lexIssue(String.raw`RETURN 1 /* \u002a/ */`)).toMatchObject({ rule: "unicode_escape", offset: 12 });
    expect(lexIssue("MATCH (n:`A\\u0041`) RETURN n")).toMatchObject({ rule: "unicode_escape", offset: 11 });
    expect(lexIssue(String.raw`RETURN \q`)).toMatchObject({ rule: "syntax", offset: 7 });
  });

  it("refuses \\u escapes in strings that decode to a quote or backslash, or are malformed", () => {
    expect(lexIssue(String.raw`RETURN 'a\u0027 CREATE (m) //'`)).toMatchObject({ rule: "unicode_escape", offset: 9 });
    expect(lexIssue(String.raw`RETURN "\u0022"`)).toMatchObject({ rule: "unicode_escape" });
    expect(lexIssue(String.raw`RETURN '\u005C'`)).toMatchObject({ rule: "unicode_escape" });
    expect(lexIssue(String.raw`RETURN '\u12'`)).toMatchObject({ rule: "unicode_escape" });
    expect(lexIssue(String.raw`RETURN '\uu0041'`)).toMatchObject({ rule: "unicode_escape" });
    // An escaped backslash followed by u0027 is no escape, for Neo4j as for the lexer.
    expect(tokens(String.raw`RETURN '\\u0027'`)[1]).toMatchObject({ kind: "string", value: "\\u0027" });
  });

  it("accepts escapes in text Neo4j printed and will not parse again", () => {
    const lexed = tokenize("$autostring_0 AS `'a\\\\u0041'`", { unicodeEscapes: "accept" });
    expect(lexed.ok).toBe(true);
  });
});

describe("scan: the attack corpus", () => {
  const refusedByScan = ATTACKS.filter((attack) => attack.rule !== "syntax");

  it("has over a hundred attacks the scan refuses", () => {
    expect(refusedByScan.length).toBeGreaterThanOrEqual(100);
  });

  it.each(refusedByScan.map((attack) => [attack.query, attack.rule] as const))("refuses %j with %s", (query, rule) => {
    expect(scanIssues(query).map((issue) => issue.rule)).toContain(rule);
  });

  it.each(ATTACKS.filter((attack) => attack.rule === "syntax").map((attack) => [attack.query] as const))(
    "leaves %j to Neo4j: backtick names are never keywords",
    (query) => {
      expect(scanCypher(query, options).ok).toBe(true);
    },
  );
});

describe("scan: the legitimate corpus", () => {
  it("has at least thirty read queries", () => {
    expect(LEGIT.length).toBeGreaterThanOrEqual(30);
  });

  it.each(LEGIT.map((legit) => [legit.query, legit.parameters ?? []] as const))("accepts %j with parameters %j", (query, parameters) => {
    expect(scanCypher(query, options)).toEqual({ ok: true, parameters });
  });
});

describe("scan: rules and positions", () => {
  it("points at the clause, across lines and comments", () => {
    expect(scanIssues("MATCH (n) // read\n  DETACH DELETE n")).toEqual([
      { rule: "write_clause", message: "DETACH DELETE deletes nodes and relationships; tools may only read the graph", offset: 20, line: 2, column: 3 },
    ]);
  });

  it("reports every issue, in order", () => {
    const issues = scanIssues("MATCH (n) SET n.x = 1 WITH n CALL apoc.load.json('x') YIELD value LOAD CSV FROM 'y' AS r RETURN r");
    expect(issues.map((issue) => [issue.rule, issue.offset])).toEqual([
      ["write_clause", 10],
      ["procedure_not_allowed", 34],
      ["load_csv", 66],
    ]);
  });

  it("names the construct in its message", () => {
    expect(scanIssues("USE system MATCH (n) RETURN n")[0]!.message).toContain("USE system");
    expect(scanIssues("CREATE OR REPLACE DATABASE x")[0]!.message).toContain("CREATE OR REPLACE DATABASE");
    expect(scanIssues("SHOW CURRENT USER")[0]!.message).toContain("SHOW CURRENT USER");
    expect(scanIssues("CALL apoc.load.json('x')")[0]!.message).toContain("apoc.load.json");
    expect(scanIssues("RETURN apoc.cypher.runFirstColumnSingle('x', {})")[0]!.message).toContain("apoc.cypher.runFirstColumnSingle()");
    expect(scanIssues("CYPHER runtime=slotted planner=dp RETURN 1")[0]!.message).toContain("runtime=slotted, planner=dp");
  });

  it("refuses any semicolon, and says so for a trailing one", () => {
    expect(scanIssues("RETURN 1;")).toEqual([
      expect.objectContaining({ rule: "multiple_statements", offset: 8, message: expect.stringContaining("trailing") }),
    ]);
    expect(scanIssues("RETURN 1; RETURN 2")[0]!.message).toContain("separates statements");
  });

  it("allows a bare CYPHER version but no query options", () => {
    expect(scanCypher("CYPHER 5 MATCH (n) RETURN n", options).ok).toBe(true);
    expect(scanIssues("CYPHER 5 CYPHER runtime=slotted MATCH (n) RETURN n")[0]).toMatchObject({ rule: "cypher_options", offset: 9 });
  });

  it("refuses an empty statement", () => {
    expect(scanIssues(" // nothing\n /* here */ ")).toEqual([expect.objectContaining({ rule: "syntax", message: "The statement is empty" })]);
  });

  it("treats keywords spelled as names as names", () => {
    for (const query of [
      "MATCH (n) RETURN n.set",
      "RETURN {remove: 1}.remove",
      "MATCH (n:Merge|Foreach) RETURN n",
      "MATCH (n) RETURN n {.create}",
      "WITH 1 AS load RETURN load",
      "MATCH (show) RETURN show",
    ]) {
      expect(scanCypher(query, options), query).toMatchObject({ ok: true });
    }
  });
});

describe("scan: a keyword-named variable as the operand of a simple CASE", () => {
  it.each(["merge", "set", "create", "delete", "remove", "foreach", "use", "call"])("reads CASE %s WHEN … as a variable, not a clause", (name) => {
    expect(scanCypher(`WITH 1 AS ${name} RETURN CASE ${name} WHEN 1 THEN 2 ELSE 0 END`, options)).toEqual({ ok: true, parameters: [] });
  });

  it.each([
    ["MATCH (case) WITH case DELETE when", "write_clause"],
    ["MATCH (case) WITH case DELETE when, case", "write_clause"],
    ["MATCH (case) WITH case SET when.x = 1", "write_clause"],
    ["MATCH (case) WITH case MERGE when = (a)-[:R]->(b) RETURN 1", "write_clause"],
    ["MATCH (case) WITH case DELETE when RETURN 1", "write_clause"],
    ["WITH 1 AS case CALL when() YIELD x RETURN x", "procedure_not_allowed"],
  ])("still reads a clause after a variable named case: %s", (query, rule) => {
    expect(scanIssues(query, ["db.labels"]).map((issue) => issue.rule)).toContain(rule);
  });
});

describe("scan: procedures and functions", () => {
  it("matches the allowlist by exact name or namespace, case-insensitively", () => {
    expect(scanCypher("CALL db.labels()", { allowedProcedures: ["db.labels"] }).ok).toBe(true);
    expect(scanCypher("CALL db.labels", { allowedProcedures: ["DB.LABELS"] }).ok).toBe(true);
    expect(scanCypher("CALL db.schema.visualization()", { allowedProcedures: ["db.schema.*"] }).ok).toBe(true);
    expect(scanIssues("CALL db.schemas.x()", ["db.schema.*"])[0]!.rule).toBe("procedure_not_allowed");
    expect(scanIssues("CALL db.labels()", [])[0]!.message).toContain("not in the allowlist");
  });

  it("lets the denylist win over an allowlist that names everything", () => {
    const everything = ["apoc.*", "db.*", "dbms.*"];
    expect(scanCypher("CALL apoc.meta.schema()", { allowedProcedures: everything }).ok).toBe(true);
    for (const query of [
      "CALL apoc.load.json('x')",
      "CALL apoc.cypher.run('x', {})",
      "CALL apoc.periodic.iterate('a', 'b', {})",
      "CALL dbms.components()",
      "CALL db.createLabel('x')",
      "CALL apoc.export.csv.all('x', {})",
    ]) {
      expect(scanIssues(query, everything)[0]!.message, query).toContain("whatever the allowlist says");
    }
  });

  it("refuses denied functions but not harmless ones in the same namespaces", () => {
    expect(scanCypher("RETURN apoc.create.uuid() AS id, apoc.text.join(['a'], ',') AS s", options).ok).toBe(true);
    expect(scanIssues("RETURN apoc.cypher.runFirstColumnMany('x', {}) AS x")[0]).toMatchObject({ rule: "function_not_allowed", offset: 7 });
  });
});

describe("scan: parameters", () => {
  it("lists each parameter once, in order of first use", () => {
    expect(scanCypher("MATCH (n) WHERE n.a = $b OR n.c = $a OR n.d = $b RETURN n LIMIT $limit", options)).toEqual({
      ok: true,
      parameters: ["b", "a", "limit"],
    });
  });

  it("does not count $any(...) and $all(...) dynamic labels as parameters", () => {
    expect(scanCypher("MATCH (n:$all($labels)) RETURN n", options)).toEqual({ ok: true, parameters: ["labels"] });
  });

  it("does not count $names inside strings or comments", () => {
    expect(scanCypher("RETURN '$a' AS s // $b\n, $c AS c", options)).toEqual({ ok: true, parameters: ["c"] });
  });
});

describe("scan: cost grows linearly with the statement", () => {
  const nestedCalls = (characters: number) => "CALL {".repeat(characters / 6);
  const flatQuery = (characters: number) =>
    "MATCH (n:Person {id: $id})-[:KNOWS]->(m) WHERE m.name STARTS WITH 'a' RETURN n.name AS name, m UNION ".repeat(characters / 100);

  /** The fastest of a few scans, in milliseconds: the least disturbed by other work on the machine. */
  function fastestScan(statement: string, runs = 3): number {
    let fastest = Infinity;
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      scanCypher(statement, options);
      fastest = Math.min(fastest, performance.now() - started);
    }
    return fastest;
  }

  // The budgets leave room for a busy machine: each scan takes about 50 ms of CPU, where
  // scanning forwards from every CALL to its closing brace took over ten seconds.
  it("scans 100,000 characters of nested CALL { within two seconds", () => {
    expect(fastestScan(nestedCalls(100_000))).toBeLessThan(2_000);
  });

  it("scans a flat 100,000-character query within two seconds", () => {
    expect(fastestScan(flatQuery(100_000))).toBeLessThan(2_000);
  });

  it.each([
    ["nested CALL {", nestedCalls],
    ["a flat query", flatQuery],
  ] as const)("takes less than twice the proportional time for %s four times as long", (_, statement) => {
    const short = fastestScan(statement(25_000));
    const long = fastestScan(statement(100_000));
    expect(long / short).toBeLessThan(8);
  });
});
