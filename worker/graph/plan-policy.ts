// graph__query's plan policy: reject plans Neo4j warns about (PERFORMANCE notifications such
// as a cartesian product) and plans in which a non-index scan participates while the plan's
// largest estimated row count exceeds MCP_GRAPH_QUERY_UNINDEXED_MAX_ESTIMATED_ROWS. The
// rejection carries the complete plan, so a caller can rewrite without calling explain.
import type { JsonObject } from "../neo4j/json";
import { operators, type Notification, type PlanOperator } from "../neo4j/plan";

export interface PlanPolicy {
  /** 0 turns the unindexed-scan check off. */
  maxEstimatedRows: number;
  rejectPerformanceWarnings: boolean;
}

export interface ScanOperator extends JsonObject {
  operator: string;
  details: string;
  estimated_rows: number;
}

export interface PlanRejection extends JsonObject {
  reason: "performance_warning" | "unindexed_scan";
  message: string;
  max_estimated_rows: number;
  threshold: number;
  scan_operators: ScanOperator[];
  warnings: JsonObject[];
  plan: JsonObject;
}

/** Scans that read every node, every node of a label, or every relationship (of a type). */
const NON_INDEX_SCAN =
  /^(Partitioned)?(AllNodesScan|NodeByLabelScan|(Union|Intersection|Subtraction)NodeByLabelsScan|(Directed|Undirected)(AllRelationshipsScan|RelationshipTypeScan))$/;

const estimatedRows = (operator: PlanOperator) => Number(operator.arguments.EstimatedRows ?? 0);

export function planRejection(plan: PlanOperator, notifications: Notification[], policy: PlanPolicy): PlanRejection | undefined {
  const all = [...operators(plan)];
  const maxEstimatedRows = Math.max(0, ...all.map(estimatedRows));
  const scans: ScanOperator[] = all
    .filter((operator) => NON_INDEX_SCAN.test(operator.operatorType))
    .map((operator) => ({ operator: operator.operatorType, details: String(operator.arguments.Details ?? ""), estimated_rows: estimatedRows(operator) }));
  const warnings = notifications.filter((notification) => notification.category === "PERFORMANCE") as unknown as JsonObject[];
  const base = {
    max_estimated_rows: maxEstimatedRows,
    threshold: policy.maxEstimatedRows,
    scan_operators: scans,
    warnings,
    plan: plan as unknown as JsonObject,
  };
  if (policy.rejectPerformanceWarnings && warnings.length > 0) {
    const titles = warnings.map((warning) => String(warning.title ?? warning.code)).join("; ");
    return {
      reason: "performance_warning",
      message: `Neo4j warns about this plan: ${titles}. Rewrite the query (connect the patterns, bound the expansion) and try again.`,
      ...base,
    };
  }
  if (policy.maxEstimatedRows > 0 && scans.length > 0 && maxEstimatedRows > policy.maxEstimatedRows) {
    const named = scans.map((scan) => `${scan.operator}(${scan.details}) ~${Math.round(scan.estimated_rows)} rows`).join(", ");
    return {
      reason: "unindexed_scan",
      message: `The plan scans without an index (${named}) and estimates up to ${Math.round(maxEstimatedRows)} rows, over the limit of ${policy.maxEstimatedRows}. Match on an indexed property (see graph__schema for indexes), or add a selective filter or LIMIT.`,
      ...base,
    };
  }
  return undefined;
}
