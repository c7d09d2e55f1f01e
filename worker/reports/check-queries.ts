// Every Cypher of a report config passes the same layered read-only validation as a tool's
// (token scan, EXPLAIN in READ mode, plan check) before the config is saved, and uses only the
// parameters its panel declares (an input's query takes none). Issues name the config path:
// config.queries.<key>, config.rows.0.panels.1.cypher, ...
import { cypherFieldIssues } from "../cypher/issue";
import { type ValidationResult, validateCypher } from "../cypher/validate";
import { type FieldIssue, ValidationError } from "../errors/domain";
import type { CypherCheckDeps } from "../queries/run";
import type { ReportConfig } from "./config";
import { reportQueries } from "./queries";

const at = (field: string, issues: FieldIssue[]) => issues.map((issue) => ({ ...issue, field }));

export async function reportCypherIssues(config: ReportConfig, deps: CypherCheckDeps, prefix = "config"): Promise<FieldIssue[]> {
  // Each distinct text is validated once, however many panels use it.
  const verdicts = new Map<string, Promise<ValidationResult>>();
  const validate = (cypher: string) => {
    const known = verdicts.get(cypher);
    if (known) return known;
    const verdict = validateCypher(cypher, deps);
    verdicts.set(cypher, verdict);
    return verdict;
  };
  const named = Object.entries(config.queries).map(async ([key, cypher]) => {
    const verdict = await validate(cypher);
    return verdict.ok ? [] : at(`${prefix}.queries.${key}`, cypherFieldIssues(verdict.errors));
  });
  const used = reportQueries(config).map(async (query) => {
    const field = `${prefix}.${query.path}`;
    const verdict = await validate(query.cypher);
    // A named query's own errors are reported once, at its key.
    if (!verdict.ok) return query.named ? [] : at(field, cypherFieldIssues(verdict.errors));
    const declared = new Set([...query.inputParams, ...Object.keys(query.staticParams)]);
    return verdict.parameters
      .filter((name) => !declared.has(name))
      .map((name) => ({
        field,
        rule: "undeclared_parameter",
        message: query.path.startsWith("inputs.")
          ? `uses $${name}; an input's query takes no parameters`
          : `uses $${name}, which is not one of this panel's params`,
      }));
  });
  return (await Promise.all([...named, ...used])).flat();
}

export async function checkReportCypher(config: ReportConfig, deps: CypherCheckDeps): Promise<void> {
  const issues = await reportCypherIssues(config, deps);
  if (issues.length > 0) throw new ValidationError(issues);
}
