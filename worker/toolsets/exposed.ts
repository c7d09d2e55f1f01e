// The tools MCP clients may see: enabled tools of enabled toolsets, read from D1 in a single
// query (each tool with its toolset, store/definition-reads.ts) so tools/list costs one round
// trip, and kept in the isolate's definition cache (store/definition-cache.ts) for `cacheSeconds`
// so a warm tools/call costs none. A tool's body comes as the stored JSON text, for the caller to
// parse (or find already parsed).
import type { Db } from "../store/db";
import { cachedDefinitions } from "../store/definition-cache";
import { type ChildRow, DefinitionReads } from "../store/definition-reads";
import { TOOL, TOOLSET } from "./resources";

export interface ExposedTool {
  toolsetId: string;
  id: string;
  version: number;
  /** The tool's stored body (a ToolBody) as JSON text. */
  body: string;
}

/** Every exposed tool, in order, and each by toolset and id. */
interface ExposedTools {
  list: ExposedTool[];
  byKey: Map<string, ExposedTool>;
}

const exposed = (row: ChildRow): ExposedTool => ({ toolsetId: row.parentId, id: row.id, version: row.version, body: row.body });

const keyOf = (toolsetId: string, toolId: string) => `${toolsetId}\n${toolId}`;

function readExposed(db: Db): Promise<ExposedTool[]> {
  return new DefinitionReads(db).children(TOOL, TOOLSET, { enabled: true }).then((rows) => rows.map(exposed));
}

function exposedTools(db: Db, cacheSeconds: number): Promise<ExposedTools> {
  return cachedDefinitions("exposed-tools", cacheSeconds, async () => {
    const list = await readExposed(db);
    return { list, byKey: new Map(list.map((tool) => [keyOf(tool.toolsetId, tool.id), tool])) };
  });
}

export async function listExposedTools(db: Db, cacheSeconds: number): Promise<ExposedTool[]> {
  return cacheSeconds > 0 ? (await exposedTools(db, cacheSeconds)).list : readExposed(db);
}

export async function findExposedTool(db: Db, cacheSeconds: number, toolsetId: string, toolId: string): Promise<ExposedTool | undefined> {
  if (cacheSeconds > 0) return (await exposedTools(db, cacheSeconds)).byKey.get(keyOf(toolsetId, toolId));
  const [row] = await new DefinitionReads(db).children(TOOL, TOOLSET, { enabled: true, key: { parentId: toolsetId, id: toolId } });
  return row ? exposed(row) : undefined;
}

/** Every toolset's id, enabled or not. */
export function listToolsetIds(db: Db, cacheSeconds: number): Promise<string[]> {
  return cachedDefinitions("toolset-ids", cacheSeconds, () => new DefinitionReads(db).ids(TOOLSET));
}
