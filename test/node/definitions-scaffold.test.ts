import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parse } from "yaml";

const root = join(import.meta.dirname, "../..");
const node = join(root, "node_modules/node/bin/node");
let dir: string;

function scaffold(...args: string[]) {
  return spawnSync(node, [join(root, "scripts/definitions/scaffold.mjs"), ...args, "--dir", dir], { encoding: "utf8", cwd: root, timeout: 60_000 });
}

function copyDefinitions() {
  dir = mkdtempSync(join(tmpdir(), "seizu-definitions-"));
  cpSync(join(root, "definitions"), dir, { recursive: true });
}

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("definitions scaffold", () => {
  it("finds the committed definitions in step with the REST operations (--check)", () => {
    copyDefinitions();
    const run = scaffold("--check");
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain("matches the REST operations");
  });

  it("fails --check when an operation has no definition, and --sync-all adds it disabled", () => {
    copyDefinitions();
    const file = join(dir, "graph.yaml");
    const original = readFileSync(file, "utf8");
    writeFileSync(file, original.replace(/ {2}explain:\n( {4}.*\n| {6}.*\n)+/, ""));
    const check = scaffold("--check");
    expect(check.status).toBe(1);
    expect(check.stdout).toContain("added graph.explain (graph_explain, disabled)");
    expect(readFileSync(file, "utf8")).not.toContain("graph_explain");
    expect(scaffold("--sync-all").status).toBe(0);
    const synced = parse(readFileSync(file, "utf8"));
    expect(synced.tools.explain).toMatchObject({ operation: "graph_explain", enabled: false, scopes: ["query:validate"] });
  });

  it("removes stale entries and keeps every hand-written field and comment", () => {
    copyDefinitions();
    const file = join(dir, "roles.yaml");
    writeFileSync(file, `${readFileSync(file, "utf8")}  retired:\n    operation: roles_retired\n    enabled: false\n`);
    const run = scaffold("--sync-all");
    expect(run.stdout).toContain("removed roles.retired (operation roles_retired no longer exists)");
    const text = readFileSync(file, "utf8");
    expect(text).toContain("# Built-in tools over roles");
    expect(parse(text).tools.me).toMatchObject({ title: "Who am I", enabled: true });
    expect(parse(text).tools.retired).toBeUndefined();
  });

  it("writes stubs for a new group's file", () => {
    copyDefinitions();
    rmSync(join(dir, "graph.yaml"));
    const run = scaffold("--group", "graph");
    expect(run.stdout).toContain("created graph.yaml");
    const written = parse(readFileSync(join(dir, "graph.yaml"), "utf8"));
    expect(Object.values(written.tools).every((tool: any) => tool.enabled === false)).toBe(true);
    expect(Object.keys(written.tools).sort()).toEqual([
      "explain",
      "history-clear",
      "history-delete",
      "history-get",
      "history-list",
      "query",
      "query-adhoc",
      "schema",
      "validate-query",
      "validate-upstream",
    ]);
  });
});
