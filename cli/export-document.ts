// The seed file with its toolsets:, reports:, skillsets:, workflows: or scheduled_queries:
// section replaced by an export, through the yaml Document API so the file's other sections and
// their comments stay as they were.
import { type Document, isMap, isScalar, LineCounter, parseDocument, Scalar, visit } from "yaml";
import type { ScheduledQueryBody, WorkflowBody } from "../worker/api";
import type { ExportReply, ReportExportReply, SkillsetExportReply } from "./api";
import { FileProblemsError } from "./errors";
import { keyText, normalizeId } from "./seed-file";

/** A section of the seed file: sets keyed by id, each with its members keyed by id. */
type Section = Record<string, Record<string, unknown>>;

/** How each section nests, and which text field reads best as a literal block when multi-line. */
const SECTIONS = {
  toolsets: { members: "tools", block: "cypher" },
  skillsets: { members: "skills", block: "template" },
} as const;
type SectionName = keyof typeof SECTIONS;

export const withToolsets = (file: string, text: string, toolsets: ExportReply["toolsets"]) => withSection(file, text, "toolsets", toolsets);
export const withSkillsets = (file: string, text: string, skillsets: SkillsetExportReply["skillsets"]) => withSection(file, text, "skillsets", skillsets);

/**
 * The reports: section replaced by the server's report export (public reports keyed by id);
 * multi-line Cypher and markdown anywhere in a report read best as literal blocks.
 */
export const withReports = (file: string, text: string, reports: ReportExportReply["reports"]) => withWhole(file, text, "reports", reports);

/** The workflows: section replaced by the server's export: a list of definitions, by name. */
export const withWorkflows = (file: string, text: string, workflows: WorkflowBody[]) => withWhole(file, text, "workflows", workflows, { flowLists: true });
/** The scheduled_queries: section replaced by the server's export: a list of definitions, by name. */
export const withScheduledQueries = (file: string, text: string, queries: ScheduledQueryBody[]) =>
  withWhole(file, text, "scheduled_queries", queries, { flowLists: true });

/** Lists of plain values no longer than this are written on one line: `days_of_week: [0, 2]`. */
const FLOW_LIST_WIDTH = 80;

/**
 * A section written as the server exported it; multi-line text anywhere in it (Cypher,
 * markdown) as literal blocks.
 * @param flowLists short lists of numbers and single-line text in flow style, as people write them
 */
function withWhole(file: string, text: string, name: WholeSection, exported: unknown, { flowLists = false } = {}) {
  const doc = openDocument(file, text, name);
  const section = doc.createNode(exported);
  visit(section, {
    Scalar(_key, scalar) {
      if (typeof scalar.value === "string" && scalar.value.includes("\n")) scalar.type = Scalar.BLOCK_LITERAL;
    },
    Seq(_key, seq) {
      const plain = seq.items.every(
        (item) => isScalar(item) && (typeof item.value === "number" || (typeof item.value === "string" && !item.value.includes("\n"))),
      );
      if (flowLists && plain && seq.items.length > 0 && JSON.stringify(seq.toJSON()).length <= FLOW_LIST_WIDTH) seq.flow = true;
    },
  });
  doc.set(name, section);
  return written(doc);
}

type WholeSection = "reports" | "workflows" | "scheduled_queries";

/** Whether the file already has the section (a file that does not parse has none). */
export function hasSection(text: string, name: SectionName | WholeSection) {
  const doc = parseDocument(text);
  return isMap(doc.contents) && doc.contents.has(name);
}

/**
 * @param file how to name the file in messages
 * @param text the file's current content ("" for a new file)
 * @param exported the server's export of the section
 */
function withSection(file: string, text: string, name: SectionName, exported: Section) {
  const { members, block } = SECTIONS[name];
  const doc = openDocument(file, text, name);
  const node = doc.createNode(spelledAsInFile(doc.get(name, true), exported, members));
  for (const set of node.items) {
    const children = isMap(set.value) ? set.value.get(members, true) : undefined;
    for (const child of isMap(children) ? children.items : []) {
      const value = isMap(child.value) ? child.value.get(block, true) : undefined;
      // Multi-line Cypher (or a template) reads best, and maps errors back exactly, as a literal block.
      if (isScalar(value) && typeof value.value === "string" && value.value.includes("\n")) value.type = Scalar.BLOCK_LITERAL;
    }
  }
  doc.set(name, node);
  return written(doc);
}

/** The file parsed for rewriting one section; a file that does not parse or is no mapping is refused. */
function openDocument(file: string, text: string, section: string): Document {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  const problem = (offset: number, message: string) => {
    const { line, col } = lineCounter.linePos(offset);
    return `${file}:${line}:${col}: ${message}`;
  };
  // Rewriting a file that does not parse could lose what the parser did not understand.
  if (doc.errors.length > 0) throw new FileProblemsError(doc.errors.map((error) => problem(error.pos[0], error.message)));
  if (doc.contents !== null && !isMap(doc.contents)) throw new FileProblemsError([problem(0, `the file is not a mapping; cannot add a ${section}: section`)]);
  return doc;
}

/**
 * lineWidth 0: long Cypher stays on one line instead of being folded. No padding inside flow
 * collections: `[1, 2]` is how people write them, so other sections keep their look.
 */
const written = (doc: Document) => doc.toString({ lineWidth: 0, flowCollectionPadding: false });

/**
 * The export keyed as the file already spells its ids (`my-toolset` stays `my-toolset`
 * rather than becoming `my_toolset`), so exporting does not rename what people wrote.
 * @param existing the file's section node
 * @param members the key of each set's members: tools, skills
 */
function spelledAsInFile(existing: unknown, exported: Section, members: string): Section {
  const spellings = keySpellings(existing, members);
  return Object.fromEntries(
    Object.entries(exported).map(([id, set]) => {
      const spelling = spellings.get(id);
      const memberSpellings = keySpellings(spelling?.node, members);
      const children = (set[members] ?? {}) as Record<string, unknown>;
      const renamed = Object.fromEntries(Object.entries(children).map(([childId, child]) => [memberSpellings.get(childId)?.key ?? childId, child]));
      return [spelling?.key ?? id, { ...set, [members]: renamed }];
    }),
  );
}

/** Normalized id → the key as written and, for a set, its members' node. */
function keySpellings(map: unknown, members: string) {
  const spellings = new Map<string, { key: string; node: unknown }>();
  if (!isMap(map)) return spellings;
  for (const pair of map.items) {
    const key = keyText(pair.key);
    if (key !== undefined) spellings.set(normalizeId(key), { key, node: isMap(pair.value) ? pair.value.get(members, true) : undefined });
  }
  return spellings;
}
