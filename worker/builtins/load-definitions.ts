// Parsing definitions/<group>.yaml against the strict schema, then the checks that need more
// than the file (the operations a tool runs), with errors that name the file, the key path and
// the line, so a broken definition is found at once.
import { isMap, isScalar, LineCounter, parseDocument, type Document } from "yaml";
import { definitionFile, type DefinitionFile } from "./definition-schema";

export class DefinitionError extends Error {
  override name = "DefinitionError";
}

/** A problem of a parsed file, at a key path of it: ["tools", "list", "enrich_url"]. */
export interface DefinitionIssue {
  path: (string | number)[];
  message: string;
}

function lineOf(document: Document, path: (string | number)[], lines: LineCounter): number | undefined {
  for (let depth = path.length; depth >= 0; depth--) {
    const node = document.getIn(path.slice(0, depth), true);
    const range = (node as { range?: [number, number, number] } | undefined)?.range;
    if (range) return lines.linePos(range[0]).line;
    // A bad key: point at the key itself inside its parent map.
    const parent = document.getIn(path.slice(0, depth - 1), true);
    if (isMap(parent)) {
      const pair = parent.items.find((item) => isScalar(item.key) && item.key.value === path[depth - 1]);
      const keyRange = (pair?.key as { range?: [number, number, number] } | undefined)?.range;
      if (keyRange) return lines.linePos(keyRange[0]).line;
    }
  }
  return undefined;
}

/** The file parsed, or a DefinitionError listing its problems; `check` adds those of a well-formed file. */
export function parseDefinitionFile(file: string, text: string, check?: (parsed: DefinitionFile) => DefinitionIssue[]): DefinitionFile {
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines });
  if (document.errors.length > 0) {
    const first = document.errors[0]!;
    throw new DefinitionError(`${file}:${first.linePos?.[0]?.line ?? "?"}: ${first.message}`);
  }
  const result = definitionFile.safeParse(document.toJS());
  const issues: DefinitionIssue[] = result.success
    ? (check?.(result.data) ?? [])
    : result.error.issues.map((issue) => {
        const keys = issue.code === "unrecognized_keys" ? issue.keys : [];
        return { path: [...issue.path.map((part) => (typeof part === "number" ? part : String(part))), ...keys.slice(0, 1)], message: issue.message };
      });
  if (result.success && issues.length === 0) return result.data;
  const problems = issues.map(({ path, message }) => `${file}:${lineOf(document, path, lines) ?? "?"}: ${path.join(".") || "(file)"}: ${message}`);
  throw new DefinitionError(problems.join("\n"));
}
