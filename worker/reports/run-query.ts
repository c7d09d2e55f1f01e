// Running one query of a report through its signed capability (POST /query/report, which needs
// only reports:read): the capability names the report, version and query path; the query text
// is read from that stored version and must still be the text the capability was signed over.
// A caller may give only the parameters the panel takes from inputs; a fixed parameter may be
// left out or repeated with its own value, nothing else. Then it runs as every stored query does
// (queries/run.ts): the token scan on the stored text, READ access mode and the time limit, the
// result bounded as it streams. A query with a cache_ttl_seconds (its panel's or input's, else the
// report's) is answered from the edge cache (results/edge-cache.ts), looked up only after the
// capability and the caller's access to the report were checked, so a caller who lost access
// gets no cached rows either.
import { canonicalJson, sha256Hex } from "../digest";
import { type FieldIssue, NotAllowedError, ValidationError } from "../errors/domain";
import { type CypherCheckDeps, runStoredQuery } from "../queries/run";
import type { CallMeter } from "../audit/call";
import type { ResultLimits } from "../results/bounded";
import { type CacheContext, type CachedAnswer, cachedRun } from "../results/edge-cache";
import { verifyCapability } from "./capabilities";
import { queryAt } from "./queries";
import type { ReportService } from "./service";

export interface RunQueryInput {
  capability: string;
  params: Record<string, unknown>;
}

export async function runReportQuery(
  reports: ReportService,
  secret: string,
  caller: string,
  { capability, params }: RunQueryInput,
  deps: CypherCheckDeps,
  limits: ResultLimits,
  cache: CacheContext,
  meter?: Pick<CallMeter, "ran">,
): Promise<CachedAnswer> {
  const claims = await verifyCapability(secret, capability, caller);
  meter?.ran({ type: "report", id: claims.report_id, version: claims.version });
  // Still visible to the caller (404 once it went private), at the signed version.
  const version = await reports.get(claims.report_id, claims.version);
  const query = queryAt(version.config, claims.path);
  if (!query || (await sha256Hex(query.cypher)) !== claims.query) throw new NotAllowedError("The query capability does not match the report's query");

  const issues: FieldIssue[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (Object.hasOwn(claims.static, name)) {
      if (canonicalJson(value) !== canonicalJson(claims.static[name]))
        issues.push({ field: `params.${name}`, rule: "fixed_param", message: `is fixed by the report to ${canonicalJson(claims.static[name])}` });
    } else if (!claims.params.includes(name)) {
      const allowed = claims.params.join(", ") || "none";
      issues.push({ field: `params.${name}`, rule: "unknown_param", message: `is not a parameter of this query (parameters: ${allowed})` });
    }
  }
  if (issues.length > 0) throw new ValidationError(issues);
  // An input left empty is null, so a query can test for it.
  const values = { ...Object.fromEntries(claims.params.map((name) => [name, null])), ...params, ...claims.static };

  const scope = ["report", claims.report_id, String(claims.version), claims.path];
  return cachedRun({ ...cache, ttlSeconds: query.cacheTtlSeconds, scope, args: values, limits }, () => runStoredQuery(deps, query.cypher, values, limits));
}
