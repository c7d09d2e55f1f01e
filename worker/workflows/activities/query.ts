// query: runs a read-only Cypher in READ access mode, with its static parameters and, when the
// activity has an input, the input's rows as $input. Its rows (at most max_rows) are the
// activity's output. Saving runs the full validation (token scan, EXPLAIN, plan check); every
// run is a stored query's (queries/run.ts), the stored text scanned again as a tool call's is.
import { z } from "zod";
import { cypherFieldIssues } from "../../cypher/issue";
import { MAX_STATEMENT_LENGTH } from "../../cypher/length";
import { validateCypher } from "../../cypher/validate";
import type { FieldIssue } from "../../errors/domain";
import { runStoredQuery } from "../../queries/run";
import type { BoundedResult } from "../../results/bounded";
import { jsonValue } from "../../kit/json-value";
import { expected, MAX_ROWS_LIMIT, QUERY_PARAMETERS_MAX, requiredString } from "./common";
import { defineActivity } from "./define";
import { ActivityError } from "./errors";
import { formField } from "./form";

/** The name the input's rows arrive under. */
const INPUT = "input";

const parameter = z
  .object({ name: requiredString(100).describe("A $parameter of the Cypher"), value: jsonValue }, expected("an object {name, value}"))
  .strict();

const parameters = z
  .object({
    cypher: formField(requiredString(MAX_STATEMENT_LENGTH), {
      label: "Cypher",
      description: "A read-only query; $input holds the input's rows when the activity has an input",
      multiline: true,
    }),
    parameters: formField(
      z
        .array(parameter, expected("a list of {name, value}"))
        .max(QUERY_PARAMETERS_MAX, `must hold at most ${QUERY_PARAMETERS_MAX} parameters`)
        .superRefine((list, ctx) => {
          const seen = new Set<string>();
          list.forEach(({ name }, index) => {
            if (name === INPUT) ctx.addIssue({ code: "custom", path: [index, "name"], message: "'input' is reserved: the input's rows arrive as $input" });
            else if (seen.has(name)) ctx.addIssue({ code: "custom", path: [index, "name"], message: `duplicate parameter name '${name}'` });
            seen.add(name);
          });
        })
        .default([]),
      { label: "Parameters", description: "Static values of the query's $parameters" },
    ),
    max_rows: formField(
      z.number(expected("a number")).int("must be an integer").min(1, "must be at least 1").max(MAX_ROWS_LIMIT, `must be at most ${MAX_ROWS_LIMIT}`).optional(),
      {
        label: "Max rows",
        description: "Output at most this many rows; at most and by default WORKFLOW_QUERY_MAX_ROWS (200 unless configured)",
      },
    ),
  })
  .strict();

/** The activity bounds its output's rows (max_rows), never its bytes. */
const ROWS_ONLY = Number.POSITIVE_INFINITY;

/** The activity's output: the rows a bounded result holds, and whether it was cut. */
function outputOf(result: BoundedResult) {
  const rows = Array.isArray(result) ? result : typeof result === "string" ? [] : result.rows;
  return { rows, result: { rows: rows.length, truncated: !Array.isArray(result) } };
}

function maxRowsIssue(maxRows: number | undefined, limit: number): FieldIssue[] {
  if (maxRows === undefined || maxRows <= limit) return [];
  return [{ field: "max_rows", rule: "too_big", message: `must be at most ${limit} (WORKFLOW_QUERY_MAX_ROWS)` }];
}

export const query = defineActivity({
  type: "query",
  description: "Run a read-only Cypher query; its rows are the output. With an input, the input's rows are $input.",
  inputRequired: false,
  parameters,

  async check({ cypher, parameters: values, max_rows }, activity, deps) {
    const issues = maxRowsIssue(max_rows, deps.config.WORKFLOW_QUERY_MAX_ROWS);
    const result = await validateCypher(cypher, deps);
    if (!result.ok) return [...issues, ...cypherFieldIssues(result.errors)];
    const declared = new Set(values.map(({ name }) => name));
    if (activity.input != null) declared.add(INPUT);
    for (const name of result.parameters.filter((used) => !declared.has(used))) {
      const message = name === INPUT ? "uses $input, but the activity has no input" : `uses $${name}, which is not one of the activity's parameters`;
      issues.push({ field: "cypher", rule: "undeclared_parameter", message });
    }
    return issues;
  },

  async run({ parameters: { cypher, parameters: values, max_rows }, input }, { config, neo4j }) {
    const [tooMany] = maxRowsIssue(max_rows, config.WORKFLOW_QUERY_MAX_ROWS);
    if (tooMany) throw new ActivityError(`max_rows ${tooMany.message}`);
    const bound: Record<string, unknown> = Object.fromEntries(values.map(({ name, value }) => [name, value ?? null]));
    if (input !== undefined) bound[INPUT] = input;
    const deps = { neo4j, allowedProcedures: config.QUERY_VALIDATOR_ALLOWED_PROCEDURES };
    const limits = { maxRows: max_rows ?? config.WORKFLOW_QUERY_MAX_ROWS, maxBytes: ROWS_ONLY };
    return outputOf(await runStoredQuery(deps, cypher, bound, limits));
  },
});
