// The seed file: a YAML document whose `toolsets:` section holds toolsets keyed by id, each
// with `tools:` keyed by id (other top-level sections belong to other features and are left
// alone). Reading it checks the structure locally (known keys, value types) and builds the
// import body; the server then validates the content (ids, Cypher, parameter types). Every
// problem, local or reported by the server, is described as `file:line:column: path: message`.
import { LineCounter, isAlias, isMap, isScalar, isSeq, parseDocument } from "yaml";
import { offsetInsideScalar, startOf } from "./yaml-positions.mjs";

/** Ids in YAML may use hyphens (`my-toolset`); the API's ids are lower_snake_case. */
export const normalizeId = (/** @type {string} */ key) => key.replaceAll("-", "_");

/**
 * @typedef {import("yaml").Node} Node
 * @typedef {{ kind: "string" | "boolean" | "scalar", required?: boolean }
 *   | { kind: "ids", of: Fields } | { kind: "list", of: Fields }} Field
 * @typedef {Record<string, Field>} Fields
 * @typedef {{ node: Node | null | undefined, path: string, message: string }} LocalIssue
 */

/** @type {Fields} */
const PARAMETER = {
  name: { kind: "string", required: true },
  type: { kind: "string", required: true },
  description: { kind: "string" },
  required: { kind: "boolean" },
  default: { kind: "scalar" },
};

/** @type {Fields} */
const TOOL = {
  name: { kind: "string", required: true },
  description: { kind: "string" },
  cypher: { kind: "string", required: true },
  parameters: { kind: "list", of: PARAMETER },
  enabled: { kind: "boolean" },
};

/** @type {Fields} */
const TOOLSET = {
  name: { kind: "string", required: true },
  description: { kind: "string" },
  enabled: { kind: "boolean" },
  tools: { kind: "ids", of: TOOL },
};

const EXPECTED = { string: "must be a string", boolean: "must be true or false", scalar: "must be a string, number, true/false or null" };

/** The text of a mapping key, or undefined for a key that is not a plain value. */
export function keyText(/** @type {unknown} */ key) {
  return isScalar(key) && key.value !== null && typeof key.value !== "object" ? String(key.value) : undefined;
}

/**
 * @param {string} file how to name the file in messages
 * @param {string} text its content
 */
export function readSeedFile(file, text) {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  const resolve = (/** @type {any} */ node) => (isAlias(node) ? node.resolve(doc) : node);

  /**
   * @param {number} offset
   * @param {string} path
   * @param {string} message
   */
  const at = (offset, path, message) => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, col, text: `${file}:${line}:${col}: ${path ? `${path}: ` : ""}${message}` };
  };
  const sorted = (/** @type {{ line: number, col: number, text: string }[]} */ found) =>
    found.sort((a, b) => a.line - b.line || a.col - b.col).map((problem) => problem.text);

  /**
   * A problem the server reported for a field of the import body, at the YAML node that field
   * came from (the key of a toolset or tool, the value of a field, a list item), and inside
   * the Cypher when the server gave a line and column.
   * @param {import("./errors.mjs").FieldIssue} issue
   */
  const locate = (issue) => {
    const node = nodeForField(doc.contents, issue.field, resolve);
    let offset = startOf(node);
    if (isScalar(node) && issue.line !== undefined && issue.column !== undefined) {
      offset = offsetInsideScalar(text, node, issue.line, issue.column) ?? offset;
    }
    return at(offset, issue.field, issue.message);
  };

  const describe = (/** @type {import("./errors.mjs").FieldIssue[]} */ issues) => sorted(issues.map(locate));

  if (doc.errors.length > 0) {
    return { problems: sorted(doc.errors.map((error) => at(error.pos[0], "", error.message))), describe, toolsets: {}, toolCount: 0 };
  }

  /** @type {LocalIssue[]} */
  const issues = [];
  const fail = (/** @type {Node | null | undefined} */ node, /** @type {string} */ path, /** @type {string} */ message) => issues.push({ node, path, message });

  /**
   * @param {Node | null | undefined} node the value node
   * @param {Node} keyNode where to point when the value is missing
   * @param {string} path
   * @param {Field} field
   * @returns {unknown} the value, or undefined when absent or wrong
   */
  function readValue(node, keyNode, path, field) {
    const value = resolve(node);
    if (field.kind === "ids" || field.kind === "list") {
      if (value === null || value === undefined || (isScalar(value) && value.value === null)) return undefined;
      return field.kind === "ids" ? readIds(value, keyNode, path, field.of) : readList(value, keyNode, path, field.of);
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
          : scalar === null || ["string", "number", "boolean"].includes(typeof scalar));
    if (!ok) {
      fail(value ?? keyNode, path, EXPECTED[field.kind]);
      return undefined;
    }
    return scalar;
  }

  /**
   * @param {unknown} node
   * @param {Node | null | undefined} where
   * @param {string} path
   * @param {Fields} fields
   */
  function readFields(node, where, path, fields) {
    if (!isMap(node)) {
      // An empty value (`my-toolset:` alone) has no text of its own to point at: use its key.
      const empty = node === null || node === undefined || (isScalar(node) && node.value === null);
      fail(empty ? where : /** @type {Node} */ (node), path, `must be a mapping of ${Object.keys(fields).join(", ")}`);
      return undefined;
    }
    /** @type {Record<string, unknown>} */
    const result = {};
    for (const pair of node.items) {
      const key = keyText(pair.key);
      const field = key === undefined ? undefined : fields[key];
      if (key === undefined || field === undefined) {
        fail(/** @type {Node} */ (pair.key), `${path}.${key ?? "?"}`, `unknown key (expected ${Object.keys(fields).join(", ")})`);
        continue;
      }
      const value = readValue(/** @type {Node} */ (pair.value), /** @type {Node} */ (pair.key), `${path}.${key}`, field);
      if (value !== undefined) result[key] = value;
    }
    for (const [key, field] of Object.entries(fields)) {
      if ("required" in field && field.required && !node.items.some((pair) => keyText(pair.key) === key)) fail(where, `${path}.${key}`, "is required");
    }
    return result;
  }

  /**
   * A mapping keyed by id, hyphens in the ids becoming underscores.
   * @param {unknown} node
   * @param {Node} where
   * @param {string} path
   * @param {Fields} fields
   */
  function readIds(node, where, path, fields) {
    if (!isMap(node)) {
      fail(/** @type {Node} */ (node) ?? where, path, "must be a mapping keyed by id");
      return undefined;
    }
    /** @type {Record<string, unknown>} */
    const result = {};
    /** @type {Map<string, string>} */
    const seen = new Map();
    for (const pair of node.items) {
      const key = keyText(pair.key);
      if (key === undefined) {
        fail(/** @type {Node} */ (pair.key) ?? where, path, "ids must be text");
        continue;
      }
      const id = normalizeId(key);
      const earlier = seen.get(id);
      if (earlier !== undefined) {
        fail(/** @type {Node} */ (pair.key), `${path}.${id}`, `is the same id as ${JSON.stringify(earlier)} (hyphens become underscores)`);
        continue;
      }
      seen.set(id, key);
      const value = readFields(resolve(pair.value), /** @type {Node} */ (pair.key), `${path}.${id}`, fields);
      if (value !== undefined) result[id] = value;
    }
    return result;
  }

  /**
   * @param {unknown} node
   * @param {Node} where
   * @param {string} path
   * @param {Fields} fields
   */
  function readList(node, where, path, fields) {
    if (!isSeq(node)) {
      fail(/** @type {Node} */ (node) ?? where, path, "must be a list");
      return undefined;
    }
    return node.items.map((item, index) => readFields(resolve(item), /** @type {Node} */ (item) ?? where, `${path}.${index}`, fields));
  }

  const root = doc.contents;
  /** @type {Record<string, any>} */
  let toolsets = {};
  if (!isMap(root)) {
    fail(root, "", "the file must be a mapping with a toolsets: section");
  } else {
    const pair = root.items.find((item) => keyText(item.key) === "toolsets");
    if (!pair) fail(root, "toolsets", "the file has no such section");
    else
      toolsets =
        /** @type {Record<string, any>} */ (
          readValue(/** @type {Node} */ (pair.value), /** @type {Node} */ (pair.key), "toolsets", { kind: "ids", of: TOOLSET })
        ) ?? {};
  }

  return {
    problems: sorted(issues.map((issue) => at(startOf(issue.node), issue.path, issue.message))),
    describe,
    toolsets,
    toolCount: Object.values(toolsets).reduce((count, toolset) => count + Object.keys(toolset?.tools ?? {}).length, 0),
  };
}

/**
 * The node a dotted field path of the import body came from. Ids may themselves contain dots
 * when invalid, so each step matches the longest key that the path continues with. Where the
 * path leads past the file's content (a missing field), the deepest node found is returned.
 * @param {unknown} root
 * @param {string} field like "toolsets.my_toolset.tools.count_nodes.parameters.0.type"
 * @param {(node: any) => any} resolve
 * @returns {Node | null | undefined}
 */
function nodeForField(root, field, resolve) {
  let node = resolve(root);
  let target = node;
  let rest = field;
  while (rest !== "") {
    if (isMap(node)) {
      let best;
      for (const pair of node.items) {
        const key = keyText(pair.key);
        const id = key === undefined ? undefined : normalizeId(key);
        if (id !== undefined && (rest === id || rest.startsWith(`${id}.`)) && (!best || id.length > best.id.length)) best = { pair, id };
      }
      if (!best) break;
      rest = rest.slice(best.id.length + 1);
      node = resolve(best.pair.value);
      // A problem with a whole toolset, tool or list is shown at its key; one with a value, at the value.
      target = rest === "" && isScalar(node) && node.value !== null ? node : best.pair.key;
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
