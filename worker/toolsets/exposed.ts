// The tools MCP clients may see: enabled tools of enabled toolsets, read from D1 in a single
// query (each tool with its toolset, store/definition-reads.ts) so tools/list costs one round
// trip. A tool's body comes as the stored JSON text, for the caller to parse (or find already parsed).
import type { Db } from "../store/db";
import { type ChildRow, DefinitionReads } from "../store/definition-reads";
import { TOOL, TOOLSET } from "./resources";

export interface ExposedTool {
  toolsetId: string;
  id: string;
  version: number;
  /** The tool's stored body (a ToolBody) as JSON text. */
  body: string;
}

const exposed = (row: ChildRow): ExposedTool => ({ toolsetId: row.parentId, id: row.id, version: row.version, body: row.body });

export async function listExposedTools(db: Db): Promise<ExposedTool[]> {
  return (await new DefinitionReads(db).children(TOOL, TOOLSET, { enabled: true })).map(exposed);
}

export async function findExposedTool(db: Db, toolsetId: string, toolId: string): Promise<ExposedTool | undefined> {
  const [row] = await new DefinitionReads(db).children(TOOL, TOOLSET, { enabled: true, key: { parentId: toolsetId, id: toolId } });
  return row ? exposed(row) : undefined;
}

/** Every toolset's id, enabled or not. */
export function listToolsetIds(db: Db): Promise<string[]> {
  return new DefinitionReads(db).ids(TOOLSET);
}
