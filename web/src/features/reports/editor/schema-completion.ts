// Completion of a report config's keys and values from its JSON Schema. A draft being typed is
// rarely valid YAML, so the place of the cursor is read from indentation, as a person reads it:
// the keys above it that open blocks at smaller indents, and `- ` for an item of a list.
import type { Completion, CompletionContext, CompletionResult } from "@codemirror/autocomplete";
import type { JsonSchema } from "./report-schema";

/** An item of a list, in a path of keys. */
const ITEM = null;
type Segment = string | typeof ITEM;

interface Line {
  indent: number;
  /** How many `- ` open items on this line. */
  items: number;
  /** Where the line's key (or value) starts, after its dashes. */
  column: number;
  key?: string;
  /** The text after the key's colon. */
  rest: string;
}

const LINE = /^( *)((?:- +)*)(?:([A-Za-z_][\w-]*)\s*:(?=\s|$)(.*))?/;

function read(text: string): Line | null {
  if (text.trim() === "" || text.trim().startsWith("#")) return null;
  const [, spaces = "", dashes = "", key, rest = ""] = LINE.exec(text) ?? [];
  return {
    indent: spaces.length,
    items: (dashes.match(/-/g) ?? []).length,
    column: spaces.length + dashes.length,
    key,
    rest: rest.replace(/\s#.*$/, "").trim(),
  };
}

/**
 * The path of the mapping whose key would start at `column` on line `index`: the blocks above
 * that enclose it. `item`: the line itself opens a list item there. Null when a line above does
 * not read as a block (a multi-line scalar, flow style): no guess then.
 */
function pathAt(lines: string[], index: number, column: number, item: boolean): Segment[] | null {
  const path: Segment[] = [];
  let col = column;
  // After a list item, its list may be the value of a key at the same indent (`panels:\n- type`).
  let afterItem = item;
  for (let i = index - 1; i >= 0 && (col > 0 || afterItem); i--) {
    const line = read(lines[i]!);
    if (!line) continue;
    if (line.column > col) continue;
    if (line.column === col && line.items > 0) {
      path.unshift(...Array<Segment>(line.items).fill(ITEM));
      col = line.indent;
      afterItem = true;
      continue;
    }
    if (line.column === col && !(afterItem && line.key && line.rest === "")) continue;
    if (!line.key || line.rest !== "") return null;
    path.unshift(...Array<Segment>(line.items).fill(ITEM), line.key);
    col = line.indent;
    afterItem = line.items > 0;
  }
  return path;
}

/** The keys already in the mapping around line `index` at `column`, which are not offered again. */
function siblingKeys(lines: string[], index: number, column: number): Set<string> {
  const keys = new Set<string>();
  for (const step of [-1, 1]) {
    for (let i = index + step; i >= 0 && i < lines.length; i += step) {
      const line = read(lines[i]!);
      if (!line || line.column > column) continue;
      if (line.column < column) break;
      if (line.items > 0 && step === 1) break;
      if (line.key) keys.add(line.key);
      if (line.items > 0) break;
    }
  }
  return keys;
}

function schemaAt(root: JsonSchema, path: Segment[]): JsonSchema | null {
  let node: JsonSchema | undefined = root;
  for (const segment of path) {
    node = segment === ITEM ? node?.items : node?.properties?.[segment];
    if (!node) return null;
  }
  return node;
}

const typeOf = (schema: JsonSchema): string =>
  schema.enum ? "one of" : (schema.anyOf?.map(typeOf).join(" or ") ?? (Array.isArray(schema.type) ? schema.type.join(" or ") : (schema.type ?? "any")));

function keyOptions(schema: JsonSchema, present: Set<string>): Completion[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {})
    .filter(([key]) => !present.has(key))
    .map(([key, property]) => ({
      label: key,
      type: "property",
      detail: required.has(key) ? `${typeOf(property)}, required` : typeOf(property),
      info: property.description,
      apply: `${key}: `,
      boost: required.has(key) ? 1 : 0,
    }));
}

function valueOptions(schema: JsonSchema): Completion[] {
  const values = schema.enum ?? (schema.const !== undefined ? [schema.const] : schema.type === "boolean" ? [true, false] : []);
  return values.map((value) => ({ label: String(value), type: "enum" }));
}

/** The completion source for a config with this schema. */
export const schemaCompletion =
  (root: JsonSchema) =>
  (context: CompletionContext): CompletionResult | null => {
    const line = context.state.doc.lineAt(context.pos);
    const before = line.text.slice(0, context.pos - line.from);
    const lines = context.state.doc.toString().split("\n");
    const index = line.number - 1;

    const value = /^( *)((?:- +)*)([A-Za-z_][\w-]*):\s+([\w-]*)$/.exec(before);
    if (value) {
      const [, spaces = "", dashes = "", key = "", typed = ""] = value;
      const items = (dashes.match(/-/g) ?? []).length;
      const path = pathAt(lines, index, items > 0 ? spaces.length : spaces.length + dashes.length, items > 0);
      const schema = path && schemaAt(root, [...path, ...Array<Segment>(items).fill(ITEM), key]);
      const options = schema ? valueOptions(schema) : [];
      return options.length > 0 ? { from: context.pos - typed.length, options, validFor: /^[\w-]*$/ } : null;
    }

    const key = /^( *)((?:- +)*)([\w-]*)$/.exec(before);
    if (!key) return null;
    const [, spaces = "", dashes = "", typed = ""] = key;
    if (typed === "" && !context.explicit) return null;
    const items = (dashes.match(/-/g) ?? []).length;
    const column = spaces.length + dashes.length;
    const path = pathAt(lines, index, items > 0 ? spaces.length : column, items > 0);
    const schema = path && schemaAt(root, [...path, ...Array<Segment>(items).fill(ITEM)]);
    if (!schema?.properties) return null;
    // Keys of the same item only: a new item (`- `) has none yet.
    const present = items > 0 ? new Set<string>() : siblingKeys(lines, index, column);
    return { from: context.pos - typed.length, options: keyOptions(schema, present), validFor: /^[\w-]*$/ };
  };
