// The part of a generated operation every generator writes alike: its names (operationId, group,
// summary), its route and its permission. It is also what an override builds on.
import type { z } from "zod";
import type { Permission } from "../../auth/permissions";
import { defineOperation, type OperationSpec } from "../operation";
import { markGenerated } from "./generated";

/** What an override builds on: the generated route, names and permission, and the path parameters. */
export interface OperationBase<P extends z.ZodObject | undefined> {
  operationId: string;
  group: string;
  summary: string;
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string;
  permission: Permission;
  params: P;
}

/** Throws at load when an action's schema or summary is missing: a declaration error, not a request's. */
export function required<S>(value: S | undefined, what: string): S {
  if (value === undefined) throw new Error(`operation generator: ${what} is required`);
  return value;
}

/**
 * The routes of one generator's actions: operationIds are `{prefix}{action}` unless named, and
 * every action has its summary.
 */
export function routes<A extends string>(group: string, ids: { prefix: string } & Partial<Record<A, string>>, summaries: Partial<Record<A, string>>) {
  const named: Partial<Record<A, string>> = ids;
  return <P extends z.ZodObject | undefined>(
    action: A,
    method: OperationBase<P>["method"],
    path: string,
    permission: Permission,
    params: P,
  ): OperationBase<P> => ({
    operationId: named[action] ?? `${ids.prefix}${action}`,
    group,
    summary: required<string>(summaries[action], `a summary of ${action}`),
    method,
    path,
    permission,
    params,
  });
}

/** defineOperation for a generator: the operation counts as generated (generated.ts). */
export function defineGenerated<P extends z.ZodObject | undefined = undefined, B extends z.ZodType | undefined = undefined, R extends z.ZodType | null = null>(
  spec: OperationSpec<P, B, R>,
) {
  return markGenerated(defineOperation(spec));
}
