// The seed file with its toolsets: and reports: sections replaced by an export, through the
// yaml Document API so the file's other sections (scheduled queries, ...) and their comments
// stay as they were.
import { isMap, isScalar, LineCounter, parseDocument, Scalar, visit } from "yaml";
import type { ExportReply, ReportExportReply } from "./api";
import { FileProblemsError } from "./errors";
import { keyText, normalizeId } from "./seed-file";

type Toolsets = ExportReply["toolsets"];

/**
 * @param file how to name the file in messages
 * @param text the file's current content ("" for a new file)
 * @param toolsets the server's export
 * @param reports the server's report export: the reports: section is written when there are
 *   reports, or when the file already has the section
 */
export function withToolsets(file: string, text: string, toolsets: Toolsets, reports: ReportExportReply["reports"] = {}) {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  const problem = (offset: number, message: string) => {
    const { line, col } = lineCounter.linePos(offset);
    return `${file}:${line}:${col}: ${message}`;
  };
  // Rewriting a file that does not parse could lose what the parser did not understand.
  if (doc.errors.length > 0) throw new FileProblemsError(doc.errors.map((error) => problem(error.pos[0], error.message)));
  if (doc.contents !== null && !isMap(doc.contents)) throw new FileProblemsError([problem(0, "the file is not a mapping; cannot add a toolsets: section")]);

  const node = doc.createNode(spelledAsInFile(doc.get("toolsets", true), toolsets));
  for (const toolset of node.items) {
    const tools = isMap(toolset.value) ? toolset.value.get("tools", true) : undefined;
    for (const tool of isMap(tools) ? tools.items : []) {
      const cypher = isMap(tool.value) ? tool.value.get("cypher", true) : undefined;
      // Multi-line Cypher reads best, and maps errors back exactly, as a literal block.
      if (isScalar(cypher) && typeof cypher.value === "string" && cypher.value.includes("\n")) cypher.type = Scalar.BLOCK_LITERAL;
    }
  }
  doc.set("toolsets", node);
  if (Object.keys(reports).length > 0 || doc.has("reports")) {
    const section = doc.createNode(reports);
    // Multi-line Cypher and markdown read best as literal blocks here too.
    visit(section, {
      Scalar(_key, scalar) {
        if (typeof scalar.value === "string" && scalar.value.includes("\n")) scalar.type = Scalar.BLOCK_LITERAL;
      },
    });
    doc.set("reports", section);
  }
  // lineWidth 0: long Cypher stays on one line instead of being folded. No padding inside
  // flow collections: `[1, 2]` is how people write them, so other sections keep their look.
  return doc.toString({ lineWidth: 0, flowCollectionPadding: false });
}

/**
 * The export keyed as the file already spells its ids (`my-toolset` stays `my-toolset`
 * rather than becoming `my_toolset`), so exporting does not rename what people wrote.
 * @param existing the file's toolsets: node
 */
function spelledAsInFile(existing: unknown, toolsets: Toolsets): Toolsets {
  const spellings = keySpellings(existing);
  return Object.fromEntries(
    Object.entries(toolsets).map(([id, { tools, ...toolset }]) => {
      const spelling = spellings.get(id);
      const toolSpellings = keySpellings(spelling?.node);
      const renamedTools = Object.fromEntries(Object.entries(tools).map(([toolId, tool]) => [toolSpellings.get(toolId)?.key ?? toolId, tool]));
      return [spelling?.key ?? id, { ...toolset, tools: renamedTools }];
    }),
  );
}

/** Normalized id → the key as written and, for a toolset, its tools: node. */
function keySpellings(map: unknown) {
  const spellings = new Map<string, { key: string; node: unknown }>();
  if (!isMap(map)) return spellings;
  for (const pair of map.items) {
    const key = keyText(pair.key);
    if (key !== undefined) spellings.set(normalizeId(key), { key, node: isMap(pair.value) ? pair.value.get("tools", true) : undefined });
  }
  return spellings;
}
