// Importing and exporting whole sets of toolsets (what `seizu seed` and `seizu export` use).
//
// An import is validated in full before anything is written: its structure (at the edge, with
// the Cypher of every well-formed tool when the structure is broken: importIssues, so one
// response names every problem of the document), then the Cypher of every tool; then every
// change is written in one D1 batch, so an import either applies completely or not at all. Entries whose definition is unchanged are left alone unless
// `force` is set, which makes re-running an import a no-op.
import { type FieldIssue, ValidationError } from "../errors/domain";
import { importTree } from "../kit/import-tree";
import type { CypherCheckDeps } from "../queries/run";
import { writeImport } from "../kit/import-writes";
import { toolCypherIssues } from "./check-cypher";
import type { ToolResource, ToolsetResource } from "./resources";
import { type ImportInput, type ToolBody, type ToolsetDocument, toolBody } from "./schemas";
import type { Db } from "../store/db";

export interface ToolsetStores {
  db: Db;
  toolsets: ToolsetResource;
  tools: ToolResource;
}

/** Toolsets with their tools, as the seed file keys them. */
function toolsetTree(stores: ToolsetStores) {
  return importTree({
    parents: stores.toolsets.store,
    children: stores.tools.store,
    split: ({ tools, ...toolset }: ToolsetDocument[string]) => ({ body: toolset, children: tools }),
    join: (toolset, tools): ToolsetDocument[string] => ({ ...toolset, tools }),
    entry: (action, toolset_id, tool_id) =>
      tool_id === undefined ? { kind: "toolset" as const, toolset_id, action } : { kind: "tool" as const, toolset_id, tool_id, action },
  });
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

  const { entries, statements } = await toolsetTree(stores).writes(document, force, { author, comment: "Imported" });

  await writeImport(
    stores.db,
    statements,
    dry_run,
    "toolsets",
    "The toolsets changed while this import was being applied; nothing was written. Run the import again.",
  );
  return { dry_run, entries };
}

/** Every user-defined toolset with its tools, in the shape an import takes. */
export async function exportToolsets(stores: ToolsetStores): Promise<{ toolsets: ToolsetDocument }> {
  return { toolsets: await toolsetTree(stores).export() };
}
