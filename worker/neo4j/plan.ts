// Query plans and notifications as plain JSON, from the typed shapes of the Query API.
import type { JsonObject } from "./json";
import type { RawNotification, RawPlan } from "./response-parser";
import { decodeMap } from "./typed-json";

/** A type, not an interface, so a plan is assignable to a JSON object (the API's response schema). */
export type PlanOperator = {
  /** The operator without its runtime suffix: "NodeByLabelScan", "Create", "ProcedureCall", ... */
  operatorType: string;
  /** Decoded arguments: EstimatedRows, Details, planner and runtime, ... */
  arguments: JsonObject;
  identifiers: string[];
  children: PlanOperator[];
};

export type Notification = RawNotification;

export function decodePlan(plan: RawPlan): PlanOperator {
  return {
    operatorType: plan.operatorType.replace(/@.*$/, ""),
    arguments: decodeMap(plan.arguments ?? {}),
    identifiers: plan.identifiers ?? [],
    children: (plan.children ?? []).map(decodePlan),
  };
}

/** Every operator of the plan, root first. */
export function* operators(plan: PlanOperator): Generator<PlanOperator> {
  yield plan;
  for (const child of plan.children) yield* operators(child);
}
