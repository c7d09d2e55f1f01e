// A seed file's section of a parent resource with its children, keyed by id at both levels
// (toolsets with their tools, skillsets with their skills): the writes an import plans
// (import-writes.ts, entry by entry) and the document an export reads. The resource's import
// runs its own checks first (a tool's Cypher, a skill's template), then writes the plan in one batch.
import type { Change, Head } from "../store/versioned-store";
import { type ImportAction, type ImportStore, planEntry } from "./import-writes";

/** What a tree reads and writes of one level's versioned store. */
export interface TreeStore<B> extends ImportStore<B> {
  list(): Promise<Head<B>[]>;
  listAll(): Promise<Head<B>[]>;
}

export interface TreeSpec<P, C, D, E> {
  parents: TreeStore<P>;
  children: TreeStore<C>;
  /** A document's entry as the parent's definition and its children by id, and back. */
  split(entry: D): { body: P; children: Record<string, C> };
  join(body: P, children: Record<string, C>): D;
  /** The import's answer for one parent (childId undefined) or child. */
  entry(action: ImportAction, parentId: string, childId?: string): E;
}

export function importTree<P, C, D, E>(spec: TreeSpec<P, C, D, E>) {
  return {
    /** Every entry's action, in document order, and the statements that write them. */
    async writes(document: Record<string, D>, force: boolean, change: Change): Promise<{ entries: E[]; statements: D1PreparedStatement[] }> {
      const [parents, children] = await Promise.all([spec.parents.list(), spec.children.listAll()]);
      const parentHeads = new Map(parents.map((head) => [head.id, head]));
      const childHeads = new Map(children.map((head) => [`${head.parentId}/${head.id}`, head]));
      const now = new Date().toISOString();
      const entries: E[] = [];
      const statements: D1PreparedStatement[] = [];
      for (const [parentId, entry] of Object.entries(document)) {
        const { body, children: childBodies } = spec.split(entry);
        const parent = planEntry(spec.parents, { parentId: "", id: parentId, current: parentHeads.get(parentId), body }, force, change, now);
        entries.push(spec.entry(parent.action, parentId));
        statements.push(...parent.statements);
        for (const [childId, child] of Object.entries(childBodies)) {
          const current = childHeads.get(`${parentId}/${childId}`);
          const planned = planEntry(spec.children, { parentId, id: childId, current, body: child }, force, change, now);
          entries.push(spec.entry(planned.action, parentId, childId));
          statements.push(...planned.statements);
        }
      }
      return { entries, statements };
    },

    /** Every parent with its children, in the shape an import takes. */
    async export(): Promise<Record<string, D>> {
      const [parents, children] = await Promise.all([spec.parents.list(), spec.children.listAll()]);
      const byParent = new Map(parents.map((head) => [head.id, {} as Record<string, C>]));
      for (const head of children) {
        const siblings = byParent.get(head.parentId);
        if (siblings) siblings[head.id] = head.body;
      }
      return Object.fromEntries(parents.map((head) => [head.id, spec.join(head.body, byParent.get(head.id) ?? {})]));
    },
  };
}
