import { describe, expect, it } from "vitest";
import { activity, issuesOf, run } from "../../../support/activities";

const query = (parameters: Record<string, unknown>, input: string | null = null) => activity("query", parameters, input);

describe("query activity: validation", () => {
  it("accepts a read-only query with its declared parameters", async () => {
    expect(await issuesOf(query({ cypher: "RETURN $limit AS limit", parameters: [{ name: "limit", value: 3 }] }))).toEqual([]);
  });

  it("refuses a write clause, naming the cypher field under the activity's path", async () => {
    expect(await issuesOf(query({ cypher: "CREATE (n:Workflow) RETURN n" }))).toEqual([
      expect.objectContaining({ field: "stages.1.activities.0.parameters.cypher", rule: "write_clause", line: 1, column: 1 }),
    ]);
  });

  it("refuses Cypher Neo4j cannot parse, with Neo4j's message", async () => {
    expect(await issuesOf(query({ cypher: "MATCH (n RETURN n" }))).toEqual([
      expect.objectContaining({ field: "stages.1.activities.0.parameters.cypher", rule: "syntax" }),
    ]);
  });

  it("refuses a $parameter that is not declared", async () => {
    expect(await issuesOf(query({ cypher: "RETURN $missing AS m" }))).toEqual([
      {
        field: "stages.1.activities.0.parameters.cypher",
        rule: "undeclared_parameter",
        message: "uses $missing, which is not one of the activity's parameters",
      },
    ]);
  });

  it("refuses $input when the activity has no input, and takes it when it has one", async () => {
    expect(await issuesOf(query({ cypher: "UNWIND $input AS row RETURN row" }))).toEqual([
      expect.objectContaining({ field: "stages.1.activities.0.parameters.cypher", message: "uses $input, but the activity has no input" }),
    ]);
    expect(await issuesOf(query({ cypher: "UNWIND $input AS row RETURN row" }, "rows"))).toEqual([]);
  });

  it("reserves the parameter name input and refuses duplicate names", async () => {
    const issues = await issuesOf(
      query({
        cypher: "RETURN $a AS a",
        parameters: [
          { name: "input", value: 1 },
          { name: "a", value: 1 },
          { name: "a", value: 2 },
        ],
      }),
    );
    expect(issues).toEqual([
      expect.objectContaining({
        field: "stages.1.activities.0.parameters.parameters.0.name",
        message: "'input' is reserved: the input's rows arrive as $input",
      }),
      expect.objectContaining({ field: "stages.1.activities.0.parameters.parameters.2.name", message: "duplicate parameter name 'a'" }),
    ]);
  });

  it("refuses an unknown key of a parameter", async () => {
    expect(await issuesOf(query({ cypher: "RETURN 1 AS one", parameters: [{ name: "a", value: 1, type: "integer" }] }))).toEqual([
      expect.objectContaining({ field: "stages.1.activities.0.parameters.parameters.0.type", rule: "unknown_key" }),
    ]);
  });

  it("refuses max_rows above WORKFLOW_QUERY_MAX_ROWS, naming the setting", async () => {
    expect(await issuesOf(query({ cypher: "RETURN 1 AS one", max_rows: 201 }))).toEqual([
      { field: "stages.1.activities.0.parameters.max_rows", rule: "too_big", message: "must be at most 200 (WORKFLOW_QUERY_MAX_ROWS)" },
    ]);
    expect(await issuesOf(query({ cypher: "RETURN 1 AS one", max_rows: 500 }), { WORKFLOW_QUERY_MAX_ROWS: 500 })).toEqual([]);
  });
});

describe("query activity: running", () => {
  it("outputs the rows as objects keyed by column, with the static parameters bound", async () => {
    const outcome = await run(query({ cypher: "UNWIND range(1, $n) AS x RETURN x, x * 2 AS doubled", parameters: [{ name: "n", value: 2 }] }), undefined);
    expect(outcome).toEqual({
      rows: [
        { x: 1, doubled: 2 },
        { x: 2, doubled: 4 },
      ],
      result: { rows: 2, truncated: false },
    });
  });

  it("gives the input's rows to the query as $input", async () => {
    const outcome = await run(query({ cypher: "UNWIND $input AS row RETURN row.name AS name, row.size * 10 AS size" }, "rows"), [
      { name: "a", size: 1 },
      { name: "b", size: 2 },
    ]);
    expect(outcome.rows).toEqual([
      { name: "a", size: 10 },
      { name: "b", size: 20 },
    ]);
  });

  it("stops at max_rows and says the output was truncated", async () => {
    const outcome = await run(query({ cypher: "UNWIND range(1, 10) AS x RETURN x", max_rows: 3 }), undefined);
    expect(outcome).toEqual({ rows: [{ x: 1 }, { x: 2 }, { x: 3 }], result: { rows: 3, truncated: true } });
  });

  it("defaults max_rows to WORKFLOW_QUERY_MAX_ROWS", async () => {
    const outcome = await run(query({ cypher: "UNWIND range(1, 10) AS x RETURN x" }), undefined, { WORKFLOW_QUERY_MAX_ROWS: 4 });
    expect(outcome.result).toEqual({ rows: 4, truncated: true });
  });

  it("scans the stored Cypher again and does not run a write", async () => {
    await expect(run(query({ cypher: "MATCH (n) DETACH DELETE n" }), undefined)).rejects.toThrow(
      /cypher: the saved query breaks the rule write_clause and was not run/,
    );
  });

  it("scans the stored Cypher's depth again, so a statement that would overflow Neo4j's parser is never sent", async () => {
    await expect(run(query({ cypher: `RETURN ${"(".repeat(4000)}1${")".repeat(4000)} AS x` }), undefined)).rejects.toThrow(
      /cypher: the saved query breaks the rule nesting_too_deep and was not run/,
    );
  });
});
