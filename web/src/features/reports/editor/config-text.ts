// A report config as the YAML the editor edits, and problems placed at their line: the YAML's own
// syntax errors, and the server's schema and Cypher issues, whose field paths
// (config.rows.0.panels.1.cypher) name a node of the document.
import { LineCounter, parseDocument, stringify } from "yaml";
import type { FieldIssue, ReportConfig } from "../../../types";

export interface LineIssue {
  /** 1-based; null when the problem has no place in the text. */
  line: number | null;
  /** The config path the server named, or "YAML" for a syntax error. */
  where: string;
  message: string;
}

export const configText = (config: ReportConfig) => stringify(config, { lineWidth: 0 });

export interface ParsedConfig {
  /** The parsed config, unless the YAML has syntax errors. */
  value: unknown;
  syntax: LineIssue[];
  /** The line of the node at a config path, or of the nearest enclosing node that is there. */
  lineOf(path: (string | number)[]): number | null;
}

export function parseConfig(text: string): ParsedConfig {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const syntax = doc.errors.map((error) => ({ line: error.linePos?.[0].line ?? null, where: "YAML", message: error.message }));
  const lineOf = (path: (string | number)[]) => {
    for (let length = path.length; length >= 0; length--) {
      const node = length === 0 ? doc.contents : doc.getIn(path.slice(0, length), true);
      const range = (node as { range?: [number, number, number] } | null | undefined)?.range;
      if (range) return lines.linePos(range[0]).line;
    }
    return null;
  };
  return { value: syntax.length === 0 ? doc.toJS() : undefined, syntax, lineOf };
}

/** The server's issues at their lines: "config.rows.0.panels.1.cypher" is the node at rows → 0 → panels → 1 → cypher. */
export function placeIssues(parsed: ParsedConfig, issues: FieldIssue[]): LineIssue[] {
  return issues.map((issue) => {
    const path = issue.field
      .split(".")
      .slice(issue.field.startsWith("config") ? 1 : 0)
      .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
    return { line: parsed.lineOf(path), where: issue.field, message: issue.message };
  });
}
