import { describe, expect, it } from "vitest";
import { checkPlanReadOnly } from "../../../worker/cypher/plan-check";
import { validateCypher } from "../../../worker/cypher/validate";
import { Neo4jError, Neo4jUnavailableError } from "../../../worker/neo4j/errors";
import type { PlanOperator } from "../../../worker/neo4j/plan";
import { testNeo4j } from "../../support/neo4j";
import { ATTACKS, CORPUS_ALLOWED_PROCEDURES, LEGIT } from "./corpus";
import { AT_THE_LIMITS } from "./limits-corpus";

const neo4j = testNeo4j();
const allowedProcedures = CORPUS_ALLOWED_PROCEDURES;

function operator(operatorType: string, details?: string, children: PlanOperator[] = []): PlanOperator {
  return { operatorType, arguments: details === undefined ? {} : { Details: details }, identifiers: [], children };
}

describe("validateCypher: the corpora against Neo4j", () => {
  it.each(ATTACKS.map((attack) => [attack.query, attack.rule] as const))("refuses %j (%s)", async (query, rule) => {
    const result = await validateCypher(query, { neo4j, allowedProcedures });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.map((issue) => issue.rule)).toContain(rule);
  });

  it.each(LEGIT.map((legit) => [legit.query] as const))("accepts %j", async (query) => {
    const result = await validateCypher(query, { neo4j, allowedProcedures });
    expect(result, JSON.stringify(result)).toMatchObject({ ok: true, plan: { operatorType: "ProduceResults" } });
  });
});

describe("validateCypher: Neo4j's verdict", () => {
  it("reports a syntax error with Neo4j's message, positioned on the statement as written", async () => {
    const result = await validateCypher("MATCH (n RETURN n", { neo4j, allowedProcedures });
    expect(result).toEqual({
      ok: false,
      errors: [
        { rule: "syntax", message: expect.stringMatching(/^Invalid input 'RETURN'.*\(line 1, column 10 \(offset: 9\)\)$/), offset: 9, line: 1, column: 10 },
      ],
    });
  });

  it("positions errors on later lines, and drops Neo4j's echo of the EXPLAIN-prefixed query", async () => {
    const result = await validateCypher("MATCH (n)\nRETURN m", { neo4j, allowedProcedures });
    expect(result).toEqual({
      ok: false,
      errors: [{ rule: "syntax", message: "Variable `m` not defined (line 2, column 8 (offset: 17))", offset: 17, line: 2, column: 8 }],
    });
  });

  it("reports a procedure Neo4j does not know, at the start of the statement", async () => {
    const result = await validateCypher("CALL nope.missing()", { neo4j, allowedProcedures: ["nope.*"] });
    expect(result).toMatchObject({ ok: false, errors: [{ rule: "syntax", message: expect.stringContaining("nope.missing"), offset: 0, line: 1, column: 1 }] });
  });

  it("needs no parameter values: EXPLAIN only notes that they are missing", async () => {
    const result = await validateCypher("MATCH (n:Person) WHERE n.id = $id RETURN n LIMIT $limit", { neo4j, allowedProcedures });
    expect(result).toMatchObject({ ok: true, parameters: ["id", "limit"] });
    if (result.ok) expect(result.notifications.map((notification) => notification.code)).toContain("Neo.ClientNotification.Statement.ParameterNotProvided");
  });

  it("does not ask Neo4j when the scan already refuses", async () => {
    const unreachable = testNeo4j({ url: "http://127.0.0.1:9" });
    const result = await validateCypher("MATCH (n) DETACH DELETE n", { neo4j: unreachable, allowedProcedures });
    expect(result).toMatchObject({ ok: false, errors: [{ rule: "write_clause" }] });
  });

  it("lets a server failure through instead of blaming the statement", async () => {
    const unreachable = testNeo4j({ url: "http://127.0.0.1:9" });
    await expect(validateCypher("MATCH (n) RETURN n", { neo4j: unreachable, allowedProcedures })).rejects.toBeInstanceOf(Neo4jUnavailableError);
  });
});

describe("validateCypher: the depth and length limits against Neo4j", () => {
  // The run's Neo4j was started for it: these are among the first deep statements its JVM sees.
  it.each(AT_THE_LIMITS.map(({ name, statement }) => [name, statement] as const))(
    "Neo4j plans %s at the scan's limit, and answers",
    async (_, statement) => {
      const result = await validateCypher(statement, { neo4j, allowedProcedures });
      expect(result, JSON.stringify(result).slice(0, 300)).toMatchObject({ ok: true, plan: { operatorType: "ProduceResults" } });
    },
    60_000,
  );

  it("never sends the issue's 8 KB of nested parentheses: the scan answers without Neo4j", async () => {
    const unreachable = testNeo4j({ url: "http://127.0.0.1:9" });
    const result = await validateCypher(`RETURN ${"(".repeat(4000)}1${")".repeat(4000)}`, { neo4j: unreachable, allowedProcedures });
    expect(result).toMatchObject({ ok: false, errors: expect.arrayContaining([expect.objectContaining({ rule: "nesting_too_deep" })]) });
  });
});

/** The plan check's verdict on Neo4j's EXPLAIN plan, or Neo4j's own refusal to plan. */
async function planVerdict(query: string) {
  try {
    const { plan } = await neo4j.explain(query);
    return { planned: true as const, issues: checkPlanReadOnly(plan, { allowedProcedures }) };
  } catch (error) {
    if (error instanceof Neo4jError) return { planned: false as const, code: error.code };
    throw error;
  }
}

describe("checkPlanReadOnly on its own, against real EXPLAIN plans", () => {
  const seen = ATTACKS.filter((attack) => !attack.planBlind);
  const blind = ATTACKS.filter((attack) => attack.planBlind);

  it.each(seen.map((attack) => [attack.query] as const))("refuses %j without the scan, if Neo4j plans it at all", async (query) => {
    const verdict = await planVerdict(query);
    if (verdict.planned) expect(verdict.issues.length).toBeGreaterThan(0);
  });

  it.each(blind.map((attack) => [attack.query, attack.planBlind] as const))("cannot see %j (%s): only the scan refuses it", async (query) => {
    expect(await planVerdict(query)).toEqual({ planned: true, issues: [] });
  });

  it("plans most attacks, so the layer is really exercised", async () => {
    let planned = 0;
    for (const attack of seen) if ((await planVerdict(attack.query)).planned) planned += 1;
    expect(planned).toBeGreaterThanOrEqual(140);
  });

  it("accepts the plan of every legitimate query", async () => {
    for (const { query } of LEGIT) {
      const { plan } = await neo4j.explain(query);
      expect(checkPlanReadOnly(plan, { allowedProcedures }), query).toEqual([]);
    }
  });
});

describe("checkPlanReadOnly: operators, procedures and functions", () => {
  it("names an operator that is not a known read operator", () => {
    const plan = operator("ProduceResults", "n", [operator("Create", "(n)", [operator("AllNodesScan", "n")])]);
    expect(checkPlanReadOnly(plan)).toEqual([
      expect.objectContaining({ rule: "plan_not_read_only", message: expect.stringContaining("Create operator"), offset: 0, line: 1, column: 1 }),
    ]);
  });

  it("matches operator names exactly: a locking seek belongs to MERGE", () => {
    expect(checkPlanReadOnly(operator("NodeUniqueIndexSeek(Locking)", "UNIQUE n:P(id) WHERE id = $autoint_0"))).toHaveLength(1);
    expect(checkPlanReadOnly(operator("NodeUniqueIndexSeek", "UNIQUE n:P(id) WHERE id = $autoint_0"))).toEqual([]);
  });

  it("refuses every procedure call without an allowlist, and denied ones whatever it says", () => {
    const labels = operator("ProcedureCall", "db.labels() :: (label :: STRING)");
    const load = operator("ProcedureCall", "apoc.load.json($autostring_0) :: (value :: MAP)");
    expect(checkPlanReadOnly(labels)).toEqual([expect.objectContaining({ rule: "procedure_not_allowed" })]);
    expect(checkPlanReadOnly(labels, { allowedProcedures: ["db.labels"] })).toEqual([]);
    expect(checkPlanReadOnly(load, { allowedProcedures: ["apoc.*"] })).toEqual([
      expect.objectContaining({ rule: "procedure_not_allowed", message: expect.stringContaining("apoc.load.json") }),
    ]);
  });

  it("finds denied functions in the expressions of any operator", () => {
    const plan = operator("ProduceResults", "x", [operator("Filter", "CoerceToPredicate(apoc.cypher.runFirstColumnSingle($autostring_0, {}))")]);
    expect(checkPlanReadOnly(plan)).toEqual([
      expect.objectContaining({ rule: "function_not_allowed", message: expect.stringContaining("apoc.cypher.runFirstColumnSingle") }),
    ]);
    expect(checkPlanReadOnly(operator("Projection", "apoc.create.uuid() AS id, apoc.coll.sum($autolist_0) AS s"))).toEqual([]);
  });

  it("refuses an operator whose details cannot be read", () => {
    expect(checkPlanReadOnly(operator("Projection", "'unterminated"))).toEqual([expect.objectContaining({ rule: "plan_not_read_only" })]);
  });

  it("reports each problem once", () => {
    const plan = operator("Union", "", [operator("Create", "(a)"), operator("Create", "(b)")]);
    expect(checkPlanReadOnly(plan)).toHaveLength(1);
  });
});
