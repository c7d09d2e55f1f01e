// Keeps definitions/<group>.yaml in step with the REST operations.
//
//   node scripts/definitions/scaffold.mjs --group <group>   stubs (disabled) for every operation of a group
//   node scripts/definitions/scaffold.mjs --sync-all         add new operations (disabled), remove stale ones
//   node scripts/definitions/scaffold.mjs --check            exit 1 if --sync-all would change anything
//   --dir <folder>                                           definitions folder (default: definitions/)
//
// Entries are edited in place with the yaml Document API, so comments and every hand-written
// field (scopes, annotations, titles, descriptions, overrides) are preserved.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { isMap, parseDocument } from "yaml";
import { repoRoot } from "../neo4j/server.mjs";
import { loadOperations } from "./operations.mjs";

/** The key an operation gets in its group's file: toolsets_tool_get → tool-get. */
export const keyFor = (operation) => operation.operationId.slice(operation.group.length + 1).replaceAll("_", "-");

function newFile(group) {
  const title = group.charAt(0).toUpperCase() + group.slice(1);
  return parseDocument(`category: ${title}\nfeature: ${group}\ntools: {}\n`);
}

/** Applies the sync to one group's document; returns the changes it made. */
export function syncGroup(document, group, operations, { removeStale }) {
  const changes = [];
  let tools = document.get("tools", true);
  if (!isMap(tools)) {
    document.set("tools", document.createNode({}));
    tools = document.get("tools", true);
  }
  const known = new Set(operations.map((operation) => operation.operationId));
  const present = new Set();
  for (const pair of [...tools.items]) {
    const operationId = pair.value?.get?.("operation");
    if (known.has(operationId)) present.add(operationId);
    else if (removeStale) {
      tools.delete(pair.key);
      changes.push(`removed ${group}.${pair.key.value ?? pair.key} (operation ${operationId} no longer exists)`);
    }
  }
  for (const operation of operations) {
    if (present.has(operation.operationId)) continue;
    tools.set(
      keyFor(operation),
      document.createNode({
        operation: operation.operationId,
        enabled: false,
        scopes: operation.permission ? [operation.permission] : [],
        title: operation.summary,
      }),
    );
    changes.push(`added ${group}.${keyFor(operation)} (${operation.operationId}, disabled)`);
  }
  return changes;
}

async function main() {
  const { values } = parseArgs({
    options: { group: { type: "string" }, "sync-all": { type: "boolean" }, check: { type: "boolean" }, dir: { type: "string" } },
  });
  if (!values.group && !values["sync-all"] && !values.check) {
    console.error("usage: scaffold.mjs --group <group> | --sync-all | --check [--dir <folder>]");
    process.exit(2);
  }
  const dir = values.dir ?? join(repoRoot, "definitions");
  const operations = await loadOperations();
  const groups = values.group ? [values.group] : [...new Set(operations.map((operation) => operation.group))];
  const changes = [];
  for (const group of groups) {
    const ofGroup = operations.filter((operation) => operation.group === group);
    if (ofGroup.length === 0) throw new Error(`no REST operation belongs to group ${group}`);
    const file = join(dir, `${group}.yaml`);
    const document = existsSync(file) ? parseDocument(readFileSync(file, "utf8")) : newFile(group);
    const changed = syncGroup(document, group, ofGroup, { removeStale: !values.group });
    if (!existsSync(file)) changed.unshift(`created ${group}.yaml`);
    changes.push(...changed);
    if (changed.length > 0 && !values.check) writeFileSync(file, document.toString());
  }
  for (const change of changes) console.log(change);
  if (values.check && changes.length > 0) {
    console.error("definitions/ is out of step with the REST operations: run npm run definitions:sync");
    process.exit(1);
  }
  if (changes.length === 0) console.log("definitions/ matches the REST operations");
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
