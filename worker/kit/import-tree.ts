// A seed file's section of a parent resource with its children, keyed by id at both levels
// (toolsets with their tools, skillsets with their skills): the writes an import plans and the
// document an export reads. Entries equal to what is stored are left alone unless forced, so
// re-running an import is a no-op; every write is a statement of one batch the resource's import
// runs (all or nothing), after its own checks (a tool's Cypher, a skill's template).
import { canonicalJson } from "../digest";
import type { Change, Head } from "../store/versioned-store";

export type ImportAction = "created" | "updated" | "unchanged";

/** What a tree reads and writes of one level's versioned store. */
export interface TreeStore<B> {
  list(): Promise<Head<B>[]>;
  listAll(): Promise<Head<B>[]>;
  createStatements(parentId: string, id: string, body: B, change: Change, now: string): D1PreparedStatement[];
  updateStatements(parentId: string, id: string, body: B, baseVersion: number, change: Change, now: string): D1PreparedStatement[];
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

function decide<T>(current: Head<T> | undefined, body: T, force: boolean): ImportAction {
  if (!current) return "created";
  return force || canonicalJson(current.body) !== canonicalJson(body) ? "updated" : "unchanged";
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
        const head = parentHeads.get(parentId);
        const action = decide(head, body, force);
        entries.push(spec.entry(action, parentId));
        if (action === "created") statements.push(...spec.parents.createStatements("", parentId, body, change, now));
        if (action === "updated" && head) statements.push(...spec.parents.updateStatements("", parentId, body, head.version, change, now));
        for (const [childId, child] of Object.entries(childBodies)) {
          const childHead = childHeads.get(`${parentId}/${childId}`);
          const childAction = decide(childHead, child, force);
          entries.push(spec.entry(childAction, parentId, childId));
          if (childAction === "created") statements.push(...spec.children.createStatements(parentId, childId, child, change, now));
          if (childAction === "updated" && childHead)
            statements.push(...spec.children.updateStatements(parentId, childId, child, childHead.version, change, now));
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
