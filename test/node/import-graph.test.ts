// The shape of the house, read from the code's own imports (type-only and dynamic ones too; a
// pattern over the text, as the code base is formatted by Biome and TypeScript 7 has no JS API):
// no file reaches itself through its imports, the Worker's folders stand one floor each (no two
// folders import each other, however indirectly), and the base folders never reach up to the
// layers that serve requests. worker/README.md says which folder may import which.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const SOURCE_ROOTS = ["worker", "durable-objects", "cli", "web/src"];
/** Folders every layer may build on: they import nothing that serves a request. */
const BASE_FOLDERS = ["store", "neo4j", "cypher", "results", "errors", "kit", "queries"];
/** The layers that serve requests (and the builtin catalog they assemble). */
const SERVING_LAYERS = ["operations", "builtins", "mcp", "http"];

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder)).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(join(ROOT, path)).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** `from "./x"` (imports and re-exports), `import "./x"` and `import("./x")`; comments are dropped first. */
const RELATIVE_IMPORT = /(?:\bfrom\s*|^\s*import\s*|\bimport\(\s*)"(\.{1,2}\/[^"]+)"/gm;
const COMMENTS = /\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm;

/** The repository's own files a source file imports, by path from the repository root. */
function importsOf(file: string, known: Set<string>): string[] {
  const code = readFileSync(join(ROOT, file), "utf8").replace(COMMENTS, "");
  return [...code.matchAll(RELATIVE_IMPORT)]
    .map((match) => match[1] as string)
    .map((name) => relative(ROOT, resolve(ROOT, dirname(file), name)))
    .map((path) => [path, `${path}.ts`, `${path}.tsx`, join(path, "index.ts")].find((candidate) => known.has(candidate)))
    .filter((path): path is string => path !== undefined);
}

const files = SOURCE_ROOTS.flatMap(sourceFiles);
const known = new Set(files);
const graph = new Map(files.map((file) => [file, importsOf(file, known)]));

/** The strongly connected groups of more than one node (Tarjan), each sorted. */
function cycles(edges: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop() as string;
      group.push(member);
    } while (member !== node);
    if (group.length > 1) found.push(group.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** A Worker file's room: its folder under worker/ ("store"), or the file itself ("env.ts"). */
const roomOf = (file: string) => file.replace(/^worker\//, "").split("/")[0] as string;

describe("the import graph", () => {
  it("is read from every source file", () => {
    expect(graph.get("worker/app.ts")).toContain("worker/http/app-env.ts");
  });

  it("has no cycle of files, type-only and dynamic imports included", () => {
    expect(cycles(graph)).toEqual([]);
  });

  it("has no cycle of the Worker's folders: each stands on one floor", () => {
    const rooms = new Map<string, string[]>();
    for (const [file, targets] of graph) {
      if (!file.startsWith("worker/")) continue;
      const room = roomOf(file);
      const reached = targets.filter((target) => target.startsWith("worker/") && roomOf(target) !== room).map(roomOf);
      rooms.set(room, [...new Set([...(rooms.get(room) ?? []), ...reached])]);
    }
    expect(cycles(rooms)).toEqual([]);
  });

  it("never runs from a base folder up to a layer that serves requests", () => {
    const upward = [...graph].flatMap(([file, targets]) =>
      BASE_FOLDERS.includes(roomOf(file)) && file.startsWith("worker/")
        ? targets.filter((target) => target.startsWith("worker/") && SERVING_LAYERS.includes(roomOf(target))).map((target) => `${file} -> ${target}`)
        : [],
    );
    expect(upward).toEqual([]);
  });
});
