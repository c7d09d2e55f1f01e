// Importing and exporting whole sets of toolsets (what `seizu seed` and `seizu export` use).
//
// An import is validated in full before anything is written: its structure (at the edge, with
// the Cypher of every well-formed tool when the structure is broken: importIssues, so one
// response names every problem of the document), then the Cypher of every tool; then every
// change is written in one D1 batch, so an import either applies completely or not at all. Entries whose definition is unchanged are left alone unless
// `force` is set, which makes re-running an import a no-op.
import { canonicalJson } from "../digest";
import { type FieldIssue, ValidationError } from "../errors/domain";
import { type Head, batchFailure } from "../store/versioned-store";
import type { CypherCheckDeps } from "../queries/run";
import { toolCypherIssues } from "./check-cypher";
import type { ToolResource, ToolsetResource } from "./resources";
import { type ImportInput, type ToolBody, type ToolsetDocument, toolBody } from "./schemas";
import type { Db } from "../store/db";

export interface ToolsetStores {
  db: Db;
  toolsets: ToolsetResource;
  tools: ToolResource;
}

export type ImportAction = "created" | "updated" | "unchanged";

export interface ImportEntry {
  kind: "toolset" | "tool";
  toolset_id: string;
  tool_id?: string;
  action: ImportAction;
}

/** Cypher validations run at once against Neo4j during an import. */
const VALIDATION_CONCURRENCY = 8;

interface ToolEntry {
  toolsetId: string;
  toolId: string;
  tool: ToolBody;
}

/** The well-formed tools of a possibly malformed document: their Cypher can be checked anyway. */
function wellFormedTools(input: unknown): ToolEntry[] {
  const toolsets = (input as { toolsets?: unknown } | undefined)?.toolsets;
  if (!toolsets || typeof toolsets !== "object") return [];
  return Object.entries(toolsets).flatMap(([toolsetId, toolset]) => {
    const tools = (toolset as { tools?: unknown } | undefined)?.tools;
    if (!tools || typeof tools !== "object") return [];
    return Object.entries(tools).flatMap(([toolId, tool]) => {
      const parsed = toolBody.safeParse(tool);
      return parsed.success ? [{ toolsetId, toolId, tool: parsed.data }] : [];
    });
  });
}

async function cypherIssues(tools: ToolEntry[], deps: CypherCheckDeps): Promise<FieldIssue[]> {
  const issues: FieldIssue[] = [];
  for (let i = 0; i < tools.length; i += VALIDATION_CONCURRENCY) {
    const found = await Promise.all(
      tools
        .slice(i, i + VALIDATION_CONCURRENCY)
        .map(async ({ toolsetId, toolId, tool }) =>
          (await toolCypherIssues(tool, deps)).map((issue) => ({ ...issue, field: `toolsets.${toolsetId}.tools.${toolId}.${issue.field}` })),
        ),
    );
    issues.push(...found.flat());
  }
  return issues;
}

function decide<T>(current: Head<T> | undefined, body: T, force: boolean): ImportAction {
  if (!current) return "created";
  return force || canonicalJson(current.body) !== canonicalJson(body) ? "updated" : "unchanged";
}

/** The Cypher problems of the well-formed tools of an import body that breaks its schema. */
export function importIssues(body: unknown, deps: CypherCheckDeps): Promise<FieldIssue[]> {
  return cypherIssues(wellFormedTools(body), deps);
}

export async function importToolsets(stores: ToolsetStores, deps: CypherCheckDeps, { toolsets: document, dry_run, force }: ImportInput, author: string) {
  const tools = Object.entries(document).flatMap(([toolsetId, toolset]) =>
    Object.entries(toolset.tools).map(([toolId, tool]) => ({ toolsetId, toolId, tool })),
  );
  const issues = await cypherIssues(tools, deps);
  if (issues.length > 0) throw new ValidationError(issues);

  const toolsetStore = stores.toolsets.store;
  const toolStore = stores.tools.store;
  const [currentToolsets, currentTools] = await Promise.all([toolsetStore.list(), toolStore.listAll()]);
  const toolsetHeads = new Map(currentToolsets.map((head) => [head.id, head]));
  const toolHeads = new Map(currentTools.map((head) => [`${head.parentId}/${head.id}`, head]));
  const now = new Date().toISOString();
  const change = { author, comment: "Imported" };
  const entries: ImportEntry[] = [];
  const statements: D1PreparedStatement[] = [];

  for (const [toolsetId, { tools, ...toolset }] of Object.entries(document)) {
    const head = toolsetHeads.get(toolsetId);
    const action = decide(head, toolset, force);
    entries.push({ kind: "toolset", toolset_id: toolsetId, action });
    if (action === "created") statements.push(...toolsetStore.createStatements("", toolsetId, toolset, change, now));
    if (action === "updated" && head) statements.push(...toolsetStore.updateStatements("", toolsetId, toolset, head.version, change, now));
    for (const [toolId, tool] of Object.entries(tools) as [string, ToolBody][]) {
      const toolHead = toolHeads.get(`${toolsetId}/${toolId}`);
      const toolAction = decide(toolHead, tool, force);
      entries.push({ kind: "tool", toolset_id: toolsetId, tool_id: toolId, action: toolAction });
      if (toolAction === "created") statements.push(...toolStore.createStatements(toolsetId, toolId, tool, change, now));
      if (toolAction === "updated" && toolHead) statements.push(...toolStore.updateStatements(toolsetId, toolId, tool, toolHead.version, change, now));
    }
  }

  if (!dry_run && statements.length > 0) {
    try {
      await stores.db.batch(statements);
    } catch (error) {
      throw batchFailure(error, "toolsets", "The toolsets changed while this import was being applied; nothing was written. Run the import again.");
    }
  }
  return { dry_run, entries };
}

/** Every user-defined toolset with its tools, in the shape an import takes. */
export async function exportToolsets(stores: ToolsetStores): Promise<{ toolsets: ToolsetDocument }> {
  const [toolsets, tools] = await Promise.all([stores.toolsets.store.list(), stores.tools.store.listAll()]);
  const document: ToolsetDocument = {};
  for (const head of toolsets) document[head.id] = { ...head.body, tools: {} };
  for (const head of tools) {
    const toolset = document[head.parentId];
    if (toolset) toolset.tools[head.id] = head.body;
  }
  return { toolsets: document };
}
