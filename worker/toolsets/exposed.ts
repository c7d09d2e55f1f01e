// The tools MCP clients may see: enabled tools of enabled toolsets, read from D1 in a single
// query (a join of each tool with its toolset) so tools/list costs one round trip.
import type { ToolBody, ToolsetBody } from "./schemas";
import type { Db } from "../store/db";

export interface ExposedTool {
  toolsetId: string;
  id: string;
  version: number;
  tool: ToolBody;
  toolset: ToolsetBody;
}

interface Row {
  toolset_id: string;
  id: string;
  version: number;
  body: string;
  toolset_body: string;
}

const SELECT = `
  SELECT t.parent_id AS toolset_id, t.id, t.version, t.body, s.body AS toolset_body
  FROM definitions t
  JOIN definitions s ON s.kind = 'toolset' AND s.parent_id = '' AND s.id = t.parent_id
  WHERE t.kind = 'tool'
    AND json_extract(t.body, '$.enabled') = 1
    AND json_extract(s.body, '$.enabled') = 1`;

function exposed(row: Row): ExposedTool {
  return {
    toolsetId: row.toolset_id,
    id: row.id,
    version: row.version,
    tool: JSON.parse(row.body) as ToolBody,
    toolset: JSON.parse(row.toolset_body) as ToolsetBody,
  };
}

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
