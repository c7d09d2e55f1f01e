// The tools MCP clients may see: enabled tools of enabled toolsets, read from D1 in a single
import type { Db } from "../store/db";
// query (a join of each tool with its toolset) so tools/list costs one round trip. A tool's
// body comes as the stored JSON text, for the caller to parse (or find already parsed).

export interface ExposedTool {
  toolsetId: string;
  id: string;
  version: number;
  /** The tool's stored body (a ToolBody) as JSON text. */
  body: string;
}

interface Row {
  toolset_id: string;
  id: string;
  version: number;
  body: string;
}

const SELECT = `
  SELECT t.parent_id AS toolset_id, t.id, t.version, t.body
  FROM definitions t
  JOIN definitions s ON s.kind = 'toolset' AND s.parent_id = '' AND s.id = t.parent_id
  WHERE t.kind = 'tool'
    AND json_extract(t.body, '$.enabled') = 1
    AND json_extract(s.body, '$.enabled') = 1`;

const exposed = (row: Row): ExposedTool => ({ toolsetId: row.toolset_id, id: row.id, version: row.version, body: row.body });

export async function listExposedTools(db: Db): Promise<ExposedTool[]> {
  const { results } = await db.prepare(`${SELECT} ORDER BY t.parent_id, t.id`).all<Row>();
  return results.map(exposed);
}

export async function findExposedTool(db: Db, toolsetId: string, toolId: string): Promise<ExposedTool | undefined> {
  const row = await db.prepare(`${SELECT} AND t.parent_id = ? AND t.id = ?`).bind(toolsetId, toolId).first<Row>();
  return row ? exposed(row) : undefined;
}

/** Every toolset's id, enabled or not. */
export async function listToolsetIds(db: Db): Promise<string[]> {
  const { results } = await db.prepare("SELECT id FROM definitions WHERE kind = 'toolset' AND parent_id = ''").all<{ id: string }>();
  return results.map((row) => row.id);
}
