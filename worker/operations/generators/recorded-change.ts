// A change to a definition as the audit log records it: one event per create, update, delete,
// restore and import of a versioned resource (a role's as `role_change`, every other kind's as
// `definition_change`), once the operation's write has committed (its run resolved), on the
// request's trail (MCP or REST alike: both run the same operation). The generators wrap every
// write action they build in it, overrides included, so no resource records its own changes.
//
// An import is one event with the counts of what it created, updated and left unchanged (a seed
// file may hold hundreds of definitions; the event names the import, the definitions' own history
// names each version). A dry run writes nothing and records nothing.
import type { AuditRecord } from "../../audit/trail";
import type { Operation, OperationContext } from "../operation";

export type ChangeAction = "create" | "update" | "delete" | "restore" | "import" | "install" | "publish" | "set_dashboard" | "set_visibility" | "pin";

export interface ChangeSubject {
  /** The resource's type as the log names it: toolset, tool, role, scheduled_query, ... */
  type: string;
  /** Its id (`parent/id` when nested); "*" for an import, which touches the collection. */
  id: string;
  /** The version the change made; null for a delete or a change that makes none. */
  version: number | null;
  detail?: Record<string, unknown>;
}

type Input = Parameters<Operation["run"]>[1];

/** `operation` that, once its run resolved, records the change `subject` names. */
export function recordsChange(operation: Operation, action: ChangeAction, subject: (input: Input, result: unknown) => ChangeSubject | undefined): Operation {
  return {
    ...operation,
    run: async (ctx, input) => {
      const result = await operation.run(ctx, input);
      const changed = subject(input, result);
      if (changed) recordChange(ctx, action, operation.operationId, changed, input.body);
      return result;
    },
  };
}

function recordChange(ctx: OperationContext, action: ChangeAction, target: string, { type, id, version, detail }: ChangeSubject, body: unknown): void {
  const comment = typeof body === "object" && body !== null && "comment" in body && typeof body.comment === "string" ? body.comment : undefined;
  const record: AuditRecord = {
    kind: type === "role" ? "role_change" : "definition_change",
    action,
    outcome: "ok",
    target,
    resource: { type, id, version },
    detail: { ...(comment === undefined ? {} : { comment }), ...detail },
  };
  ctx.audit.record(record);
}

const field = (value: unknown, name: string): unknown => (typeof value === "object" && value !== null ? (value as Record<string, unknown>)[name] : undefined);

/** The version a change answered with (`version`, a report's `current_version`, a plugin's `revision`); null when it answers none. */
export function versionOf(result: unknown): number | null {
  const version = field(result, "version") ?? field(result, "current_version") ?? field(result, "revision");
  return typeof version === "number" ? version : null;
}

/** The id a create answered with (`id`, or as upstream names it: `report_id`), else the one its body named. */
export function createdId(result: unknown, body: unknown, idParam = "id"): string {
  return String(field(result, "id") ?? field(result, idParam) ?? field(body, "id") ?? "");
}

/**
 * What an import wrote, counted: its entries by action (toolsets, skillsets, reports), or its
 * lists of names (workflows, scheduled queries). Undefined for a dry run, which wrote nothing.
 */
export function importCounts(result: unknown): Record<string, number> | undefined {
  if (field(result, "dry_run") === true) return undefined;
  const counts = { created: 0, updated: 0, unchanged: 0 };
  const entries = field(result, "entries");
  if (Array.isArray(entries)) {
    for (const entry of entries) {
      const action = field(entry, "action");
      if (action === "created" || action === "updated" || action === "unchanged") counts[action]++;
    }
    return counts;
  }
  for (const action of ["created", "updated", "unchanged"] as const) {
    const names = field(result, action);
    if (Array.isArray(names)) counts[action] = names.length;
  }
  return counts;
}
