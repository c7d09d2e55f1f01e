// A report config as the YAML the editor edits, and problems placed in the text: the YAML's own
// syntax errors, and schema and Cypher issues, whose field paths (config.rows.0.panels.1.cypher)
// name a node of the document.
import { isMap, isScalar, LineCounter, parseDocument, stringify } from "yaml";
import type { FieldIssue, ReportConfig } from "../../../types";

/** A problem at its place in the text. */
export interface LineIssue {
  /** 1-based; null when the problem has no place in the text. */
  line: number | null;
  /** Offsets of the text the problem is about (the key or value named), when it has a place. */
  from: number;
  to: number;
  /** The config path named, or "YAML" for a syntax error. */
  where: string;
  message: string;
}

export const configText = (config: ReportConfig) => stringify(config, { lineWidth: 0 });

type Path = (string | number)[];

export interface ParsedConfig {
  /** The parsed config, unless the YAML has syntax errors. */
  value: unknown;
  syntax: LineIssue[];
  /**
   * Where the node at a config path is, or the nearest enclosing node that is there; with `key`,
   * the key of that name in the mapping at the path (an unknown key is marked on itself).
   */
  placeOf(path: Path, key?: string): { from: number; to: number; line: number } | null;
}

type Ranged = { range?: [number, number, number] } | null | undefined;

export function parseConfig(text: string): ParsedConfig {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const at = (from: number, to: number) => ({ from, to: Math.max(to, from), line: lines.linePos(from).line });
  const syntax = doc.errors.map((error) => ({ ...at(error.pos[0], error.pos[1]), where: "YAML", message: error.message }));
  const placeOf = (path: Path, key?: string) => {
    for (let length = path.length; length >= 0; length--) {
      const node = length === 0 ? doc.contents : doc.getIn(path.slice(0, length), true);
      if (key !== undefined && length === path.length && isMap(node)) {
        const pair = node.items.find((item) => isScalar(item.key) && item.key.value === key);
        const range = (pair?.key as Ranged)?.range;
        if (range) return at(range[0], range[1]);
      }
      const range = (node as Ranged)?.range;
      if (range) return at(range[0], range[1]);
    }
    return null;
  };
  return { value: syntax.length === 0 ? doc.toJS() : undefined, syntax, placeOf };
}

/** The config path of a field the server named: "config.rows.0.panels.1.cypher" is rows → 0 → panels → 1 → cypher. */
export const pathOfField = (field: string): Path =>
  field
    .split(".")
    .slice(field.startsWith("config") ? 1 : 0)
    .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));

/** Issues with a config path at their place in the text; `key` names an unknown key inside the node. */
export function placeIssues(parsed: ParsedConfig, issues: { path: Path; key?: string; where: string; message: string }[]): LineIssue[] {
  return issues.map(({ path, key, where, message }) => {
    const place = parsed.placeOf(path, key);
    return { line: place?.line ?? null, from: place?.from ?? 0, to: place?.to ?? 0, where, message };
  });
}

/** The server's issues (REST 422 fields) at their place. */
export const placeServerIssues = (parsed: ParsedConfig, fields: FieldIssue[]) =>
  placeIssues(
    parsed,
    fields.map((issue) => ({ path: pathOfField(issue.field), where: issue.field, message: issue.message })),
  );
