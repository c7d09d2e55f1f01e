// The seed file: a YAML document whose `toolsets:` section holds toolsets keyed by id, each
// with `tools:` keyed by id, whose `reports:` section holds report configs keyed by id, whose
// `skillsets:` section holds skillsets, each with `skills:` keyed by id, and whose `workflows:`
// and `scheduled_queries:` sections are lists of definitions matched by name, as in upstream's
// ReportingConfig (other top-level sections belong to other features and are left alone).
// Reading it checks the structure locally (known keys, value types; each workflow and
// scheduled query against the Worker's own zod schema, and their names unique) and builds the
// import bodies; the server then validates the content (ids, Cypher, parameter types, activity
// parameters). Every problem, local or reported by the server, is described as
// `file:line:column: path: message`.
import { isAlias, isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from "yaml";
import type { z } from "zod";
import { type FieldIssue, scheduledQueryBody, workflowBody } from "../worker/api";
import { type Field, type Fields, PLUGINS, SKILLSETS, SPACES, TOOLSETS } from "./seed-fields";
import { offsetInsideScalar, startOf } from "./yaml-positions";

/** Ids in YAML may use hyphens (`my-toolset`); the API's ids are lower_snake_case. */
export const normalizeId = (key: string) => key.replaceAll("-", "_");

/** A toolset as read from the file: the fields it gives, and its tools keyed by id. */
type SeedToolset = Record<string, unknown> & { tools?: Record<string, unknown> };
/** A skillset as read from the file: the fields it gives, and its skills keyed by id. */
type SeedSkillset = Record<string, unknown> & { skills?: Record<string, unknown> };

/** The sections a seed file may have; other top-level keys belong to other features and are left alone. */
const SECTIONS = ["toolsets", "reports", "skillsets", "workflows", "scheduled_queries", "spaces", "plugins", "dashboard", "queries"];

/** A node that may be missing: a key with nothing after it has the value null. */
type MaybeNode = Node | null | undefined;

interface LocalIssue {
  node: MaybeNode;
  path: string;
  message: string;
}

/** Where a report goes, apart from its config: upstream's `pinned`, `space` and `subspace`. */
interface Placement {
  key: Node;
  pinned?: boolean;
  space?: { value: string; node: Node };
  subspace?: { value: string; node: Node };
}

/** A space of the spaces: section, as read. */
export interface SeedSpace {
  name: string;
  description?: string;
  overview?: string;
  subspaces?: Record<string, { name: string }>;
}

interface Problem {
  line: number;
  col: number;
  text: string;
}

const EXPECTED = {
  string: "must be a string",
  boolean: "must be true or false",
  number: "must be a number",
  scalar: "must be a string, number, true/false or null",
  strings: "must be a list of strings",
};

/** The text of a mapping key, or undefined for a key that is not a plain value. */
export function keyText(key: unknown) {
  return isScalar(key) && key.value !== null && typeof key.value !== "object" ? String(key.value) : undefined;
}

/**
 * The keys and values of a parsed document are nodes, or null where nothing is written; the
 * yaml types call them unknown, as a document built in code may hold anything.
 */
const asNode = (value: unknown) => value as MaybeNode;

/**
 * @param file how to name the file in messages
 * @param text its content
 */
export function readSeedFile(file: string, text: string) {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  const resolve = (node: unknown) => asNode(isAlias(node) ? node.resolve(doc) : node);

  const at = (offset: number, path: string, message: string): Problem => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, col, text: `${file}:${line}:${col}: ${path ? `${path}: ` : ""}${message}` };
  };
  const sorted = (found: Problem[]) => found.sort((a, b) => a.line - b.line || a.col - b.col).map((problem) => problem.text);

  /**
   * A problem the server reported for a field of the import body, at the YAML node that field
   * came from (the key of a toolset or tool, the value of a field, a list item), and inside
   * the Cypher when the server gave a line and column.
   */
  const locate = (issue: FieldIssue) => {
    const node = nodeForField(doc.contents, issue.field, resolve);
    let offset = startOf(node);
    if (isScalar(node) && issue.line !== undefined && issue.column !== undefined) {
      offset = offsetInsideScalar(text, node, issue.line, issue.column) ?? offset;
    }
    return at(offset, issue.field, issue.message);
  };

  const describe = (issues: FieldIssue[]) => sorted(issues.map(locate));

  let toolsets: Record<string, SeedToolset> | undefined;
  let skillsets: Record<string, SeedSkillset> | undefined;
  if (doc.errors.length > 0) {
    return {
      problems: sorted(doc.errors.map((error) => at(error.pos[0], "", error.message))),
      describe,
      toolsets,
      reports: undefined,
      skillsets,
      workflows: undefined,
      scheduledQueries: undefined,
      spaces: undefined,
      plugins: undefined,
      placements: {},
      toolCount: 0,
      skillCount: 0,
    };
  }

  const issues: LocalIssue[] = [];
  const fail = (node: MaybeNode, path: string, message: string) => issues.push({ node, path, message });

  /**
   * @param node the value node
   * @param keyNode where to point when the value is missing
   * @returns the value, or undefined when absent or wrong
   */
  function readValue(node: MaybeNode, keyNode: Node, path: string, field: Field): unknown {
    const value = resolve(node);
    if (field.kind === "ids" || field.kind === "list") {
      if (value === null || value === undefined || (isScalar(value) && value.value === null)) return undefined;
      return field.kind === "ids" ? readIds(value, keyNode, path, field.of) : readList(value, keyNode, path, field.of);
    }
    if (field.kind === "strings") {
      if (value === null || value === undefined || (isScalar(value) && value.value === null)) return undefined;
      const items = isSeq(value) ? value.items.map(resolve) : undefined;
      if (!items?.every((item) => isScalar(item) && typeof item.value === "string")) {
        fail(value, path, EXPECTED.strings);
        return undefined;
      }
      return items.map((item) => (item as { value: string }).value);
    }
    const scalar = isScalar(value) ? value.value : undefined;
    const absent = value === null || value === undefined || (isScalar(value) && scalar === null);
    // `description:` with nothing after it means no description; only `default:` can be null.
    if (absent && field.kind !== "scalar") {
      if (field.required) fail(keyNode, path, "is required");
      return undefined;
    }
    const ok =
      isScalar(value) &&
      (field.kind === "string"
        ? typeof scalar === "string"
        : field.kind === "boolean"
          ? typeof scalar === "boolean"
          : field.kind === "number"
            ? typeof scalar === "number"
            : scalar === null || ["string", "number", "boolean"].includes(typeof scalar));
    if (!ok) {
      fail(value ?? keyNode, path, EXPECTED[field.kind]);
      return undefined;
    }
    return scalar;
  }

  function readFields(node: MaybeNode, where: MaybeNode, path: string, fields: Fields) {
    if (!isMap(node)) {
      // An empty value (`my-toolset:` alone) has no text of its own to point at: use its key.
      const empty = node === null || node === undefined || (isScalar(node) && node.value === null);
      fail(empty ? where : node, path, `must be a mapping of ${Object.keys(fields).join(", ")}`);
      return undefined;
    }
    const result: Record<string, unknown> = {};
    for (const pair of node.items) {
      const key = keyText(pair.key);
      const field = key === undefined ? undefined : fields[key];
      if (key === undefined || field === undefined) {
        fail(asNode(pair.key), `${path}.${key ?? "?"}`, `unknown key (expected ${Object.keys(fields).join(", ")})`);
        continue;
      }
      // A key that has text is a scalar node.
      const value = readValue(asNode(pair.value), pair.key as Node, `${path}.${key}`, field);
      if (value !== undefined) result[key] = value;
    }
    for (const [key, field] of Object.entries(fields)) {
      if (field.required && !node.items.some((pair) => keyText(pair.key) === key)) fail(where, `${path}.${key}`, "is required");
    }
    return result;
  }

  /** A mapping keyed by id, hyphens in the ids becoming underscores. */
  function readIds(node: Node, where: Node, path: string, fields: Fields) {
    if (!isMap(node)) {
      fail(node, path, "must be a mapping keyed by id");
      return undefined;
    }
    const result: Record<string, unknown> = {};
    const seen = new Map<string, string>();
    for (const pair of node.items) {
      const key = keyText(pair.key);
      if (key === undefined) {
        fail(asNode(pair.key) ?? where, path, "ids must be text");
        continue;
      }
      const id = normalizeId(key);
      const earlier = seen.get(id);
      if (earlier !== undefined) {
        fail(pair.key as Node, `${path}.${id}`, `is the same id as ${JSON.stringify(earlier)} (hyphens become underscores)`);
        continue;
      }
      seen.set(id, key);
      const value = readFields(resolve(pair.value), pair.key as Node, `${path}.${id}`, fields);
      if (value !== undefined) result[id] = value;
    }
    return result;
  }

  function readList(node: Node, where: Node, path: string, fields: Fields) {
    if (!isSeq(node)) {
      fail(node, path, "must be a list");
      return undefined;
    }
    return node.items.map((item, index) => readFields(resolve(item), asNode(item) ?? where, `${path}.${index}`, fields));
  }

  /**
   * The reports: section: reports keyed by id, each a mapping (a config) the server checks, less
   * the keys that say where the report goes rather than what it shows (upstream's `pinned`,
   * `space`, `subspace`), which are kept apart with their nodes.
   */
  function readReports(node: MaybeNode, where: Node) {
    const value = resolve(node);
    if (!isMap(value)) {
      fail(value ?? where, "reports", "must be a mapping of reports keyed by id");
      return undefined;
    }
    const result: Record<string, Record<string, unknown>> = {};
    for (const pair of value.items) {
      const key = keyText(pair.key);
      const report = resolve(pair.value);
      if (key === undefined) fail(asNode(pair.key) ?? where, "reports", "ids must be text");
      else if (!isMap(report)) fail(report ?? (pair.key as Node), `reports.${key}`, "must be a mapping (name, queries, inputs, rows, dashboard)");
      else {
        const config = report.toJS(doc) as Record<string, unknown>;
        const placement: Placement = { key: pair.key as Node };
        for (const item of report.items) {
          const field = keyText(item.key);
          if (field !== "pinned" && field !== "space" && field !== "subspace") continue;
          delete config[field];
          const fieldNode = resolve(item.value);
          const scalar = isScalar(fieldNode) ? fieldNode.value : undefined;
          const wanted = field === "pinned" ? "boolean" : "string";
          if (typeof scalar !== wanted) fail(fieldNode ?? asNode(item.key), `reports.${key}.${field}`, EXPECTED[wanted]);
          else if (field === "pinned") placement.pinned = scalar as boolean;
          else placement[field] = { value: scalar as string, node: fieldNode as Node };
        }
        // Only reports the file places: one without pinned, space or subspace stays where it is.
        if (placement.pinned !== undefined || placement.space || placement.subspace) placements[key] = placement;
        result[key] = config;
      }
    }
    return result;
  }

  /**
   * A workflows: or scheduled_queries: section: a list of definitions, each checked with the
   * schema the server checks it with, their names unique within the section.
   * @param what how a definition is named in messages
   */
  function readDefinitions(
    node: MaybeNode,
    where: Node,
    section: string,
    schema: z.ZodType<{ name: string }>,
    what: string,
    queries: Record<string, string> = {},
  ) {
    const value = resolve(node);
    if (value === null || value === undefined || (isScalar(value) && value.value === null)) return [];
    if (!isSeq(value)) {
      fail(value, section, `must be a list of ${what}s, matched by name`);
      return undefined;
    }
    const names = new Map<string, number>();
    return value.items.map((item, index) => {
      const entry: unknown = withQuery(resolve(item)?.toJS(doc) ?? null, queries);
      const path = `${section}.${index}`;
      const failAt = (field: string, message: string) => fail(nodeForField(doc.contents, field, resolve) ?? asNode(item) ?? where, field, message);
      const parsed = schema.safeParse(entry);
      if (parsed.success) {
        const name = parsed.data.name;
        const earlier = names.get(name);
        if (earlier !== undefined) failAt(`${path}.name`, `'${name}' is also the name of ${section}.${earlier}; names must be unique in the section`);
        else names.set(name, index);
      }
      for (const issue of parsed.error?.issues ?? []) {
        const at = [path, ...issue.path.map(String)].join(".");
        // An unknown key is named as the field it is, so its place is the key itself.
        if (issue.code === "unrecognized_keys") for (const key of issue.keys) failAt(`${at}.${key}`, "unknown key");
        else failAt(at, issue.message);
      }
      return entry;
    });
  }

  let reports: Record<string, Record<string, unknown>> | undefined;
  let workflows: unknown[] | undefined;
  let scheduledQueries: unknown[] | undefined;
  let spaces: Record<string, SeedSpace> | undefined;
  let plugins: Record<string, { source: string; enabled?: boolean }> | undefined;
  const placements: Record<string, Placement> = {};
  const root = doc.contents;
  if (!isMap(root)) {
    fail(root, "", `the file must be a mapping with a ${SECTIONS.join(":, ")}: section`);
  } else {
    const section = (name: string) => root.items.find((item) => keyText(item.key) === name);
    const toolsetsPair = section("toolsets");
    const reportsPair = section("reports");
    const skillsetsPair = section("skillsets");
    const workflowsPair = section("workflows");
    const scheduledQueriesPair = section("scheduled_queries");
    const dashboardPair = section("dashboard");
    const queriesPair = section("queries");
    const spacesPair = section("spaces");
    const pluginsPair = section("plugins");
    if (!SECTIONS.some((name) => section(name))) fail(root, "toolsets", `the file has no such section (nor a ${SECTIONS.slice(1).join(":, ")}: section)`);
    // Read with each section's fields: each toolset (skillset) a mapping of them, its tools (skills) keyed by id.
    if (toolsetsPair) toolsets = (readValue(asNode(toolsetsPair.value), toolsetsPair.key as Node, "toolsets", TOOLSETS) as typeof toolsets | undefined) ?? {};
    if (reportsPair) reports = readReports(asNode(reportsPair.value), reportsPair.key as Node);
    if (skillsetsPair)
      skillsets = (readValue(asNode(skillsetsPair.value), skillsetsPair.key as Node, "skillsets", SKILLSETS) as typeof skillsets | undefined) ?? {};
    if (spacesPair) spaces = (readValue(asNode(spacesPair.value), spacesPair.key as Node, "spaces", SPACES) as typeof spaces | undefined) ?? {};
    if (pluginsPair) plugins = (readValue(asNode(pluginsPair.value), pluginsPair.key as Node, "plugins", PLUGINS) as typeof plugins | undefined) ?? {};
    const queries = queriesPair ? readQueries(asNode(queriesPair.value), queriesPair.key as Node) : {};
    if (workflowsPair) workflows = readDefinitions(asNode(workflowsPair.value), workflowsPair.key as Node, "workflows", workflowBody, "workflow");
    if (scheduledQueriesPair)
      scheduledQueries = readDefinitions(
        asNode(scheduledQueriesPair.value),
        scheduledQueriesPair.key as Node,
        "scheduled_queries",
        scheduledQueryBody,
        "scheduled query",
        queries,
      );
    if (dashboardPair) readDashboard(asNode(dashboardPair.value), dashboardPair.key as Node);
    checkPlacements();
  }

  /** Upstream's `queries:`: named Cypher that a scheduled query's `cypher` may name. */
  function readQueries(node: MaybeNode, where: Node) {
    const value = resolve(node);
    const result: Record<string, string> = {};
    if (value === null || value === undefined || (isScalar(value) && value.value === null)) return result;
    if (!isMap(value)) {
      fail(value, "queries", "must be a mapping of Cypher keyed by name");
      return result;
    }
    for (const pair of value.items) {
      const key = keyText(pair.key);
      const cypher = resolve(pair.value);
      if (key === undefined) fail(asNode(pair.key) ?? where, "queries", "names must be text");
      else if (!isScalar(cypher) || typeof cypher.value !== "string") fail(cypher ?? (pair.key as Node), `queries.${key}`, EXPECTED.string);
      else result[key] = cypher.value;
    }
    return result;
  }

  /** Upstream's top-level `dashboard: <report key>`: the same as `dashboard: true` in that report. */
  function readDashboard(node: MaybeNode, where: Node) {
    const value = resolve(node);
    if (value === null || value === undefined || (isScalar(value) && value.value === null)) return;
    const key = isScalar(value) && typeof value.value === "string" ? value.value : undefined;
    if (key === undefined) fail(value, "dashboard", "must be the key of a report of the reports: section");
    else if (!reports?.[key]) fail(value ?? where, "dashboard", `names ${JSON.stringify(key)}, which is not a report of the reports: section`);
    else if (Object.entries(reports).some(([other, config]) => other !== key && config.dashboard === true))
      fail(value, "dashboard", "another report of the reports: section says dashboard: true; keep one of the two");
    else reports[key] = { ...reports[key], dashboard: true };
  }

  /** Each report's space and sub-space are of the spaces: section; each overview is a report filed in its space. */
  function checkPlacements() {
    for (const [key, placement] of Object.entries(placements)) {
      const { space, subspace } = placement;
      const spaceOf = space && spaces?.[normalizeId(space.value)];
      if (space && !spaceOf) fail(space.node, `reports.${key}.space`, `names ${JSON.stringify(space.value)}, which is not a space of the spaces: section`);
      if (subspace && !space) fail(subspace.node, `reports.${key}.subspace`, "needs a space: a sub-space is always inside a space");
      else if (subspace && spaceOf && !spaceOf.subspaces?.[normalizeId(subspace.value)])
        fail(subspace.node, `reports.${key}.subspace`, `names ${JSON.stringify(subspace.value)}, which is not a sub-space of space ${space?.value}`);
    }
    for (const [key, space] of Object.entries(spaces ?? {})) {
      if (space.overview === undefined) continue;
      const filed = placements[space.overview]?.space;
      if (!filed || normalizeId(filed.value) !== key)
        fail(
          nodeForField(doc.contents, `spaces.${key}.overview`, resolve),
          `spaces.${key}.overview`,
          `names ${JSON.stringify(space.overview)}, which is not a report of the reports: section filed in this space`,
        );
    }
  }

  return {
    problems: sorted(issues.map((issue) => at(startOf(issue.node), issue.path, issue.message))),
    describe,
    /** Each section as read, undefined when the file has none. */
    toolsets,
    reports,
    skillsets,
    workflows,
    scheduledQueries,
    spaces,
    plugins,
    /** Per report key, its pin and space as the file gives them. */
    placements: Object.fromEntries(
      Object.entries(placements).map(([key, { pinned, space, subspace }]) => [key, { pinned, space: space?.value, subspace: subspace?.value }]),
    ),
    toolCount: Object.values(toolsets ?? {}).reduce((count, toolset) => count + Object.keys(toolset.tools ?? {}).length, 0),
    skillCount: Object.values(skillsets ?? {}).reduce((count, skillset) => count + Object.keys(skillset.skills ?? {}).length, 0),
  };
}

/** A `cypher` naming a key of upstream's `queries:` is that query's Cypher; any other is Cypher itself. */
function withQuery(entry: unknown, queries: Record<string, string>) {
  if (typeof entry !== "object" || entry === null || !("cypher" in entry) || typeof entry.cypher !== "string") return entry;
  return Object.hasOwn(queries, entry.cypher) ? { ...entry, cypher: queries[entry.cypher] } : entry;
}

/**
 * The node a dotted field path of the import body came from. Ids may themselves contain dots
 * when invalid, so each step matches the longest key that the path continues with. Where the
 * path leads past the file's content (a missing field), the deepest node found is returned.
 * @param field like "toolsets.my_toolset.tools.count_nodes.parameters.0.type"
 */
function nodeForField(root: unknown, field: string, resolve: (node: unknown) => MaybeNode): MaybeNode {
  let node = resolve(root);
  let target = node;
  let rest = field;
  while (rest !== "") {
    if (isMap(node)) {
      let best: { pair: (typeof node.items)[number]; id: string } | undefined;
      for (const pair of node.items) {
        const key = keyText(pair.key);
        // Toolset, tool, skillset and skill ids are normalized (hyphens become underscores); report ids are not.
        for (const id of key === undefined ? [] : new Set([normalizeId(key), key])) {
          if ((rest === id || rest.startsWith(`${id}.`)) && (!best || id.length > best.id.length)) best = { pair, id };
        }
      }
      if (!best) break;
      rest = rest.slice(best.id.length + 1);
      node = resolve(best.pair.value);
      // A problem with a whole toolset, tool or list is shown at its key; one with a value, at the value.
      target = rest === "" && isScalar(node) && node.value !== null ? node : asNode(best.pair.key);
    } else if (isSeq(node)) {
      const [head = ""] = rest.split(".", 1);
      const item = /^\d+$/.test(head) ? node.items[Number(head)] : undefined;
      if (item === undefined) break;
      rest = rest.slice(head.length + 1);
      node = resolve(item);
      target = node;
    } else {
      break;
    }
  }
  return target;
}
