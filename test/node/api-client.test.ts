import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createClient, type OperationRequest, requestFor } from "../../worker/api";

const root = join(import.meta.dirname, "../..");
const node = join(root, "node_modules/node/bin/node");
let dir: string | undefined;

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe("the typed client's operation table", () => {
  it("is what the operations make now (npm run api:generate -- --check)", () => {
    const run = spawnSync(node, [join(root, "scripts/api/generate.mjs"), "--check"], { encoding: "utf8", cwd: root, timeout: 60_000 });
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain("matches the operations");
  });
});

describe("requests of the typed client", () => {
  it("fills each path parameter as one encoded segment", () => {
    const request = requestFor("toolsets_tool_get", { params: { toolset_id: "a/b", tool_id: "c d" } });
    expect(request).toEqual({ operationId: "toolsets_tool_get", method: "GET", path: "/toolsets/a%2Fb/tools/c%20d", body: undefined });
  });

  it("puts the other parameters that are set in the query string", () => {
    expect(requestFor("reports_list", { params: { page: 2, per_page: undefined } }).path).toBe("/reports?page=2");
    expect(requestFor("reports_list").path).toBe("/reports");
  });

  it("sends the body with the operation's method", () => {
    const request = requestFor("toolsets_update", { params: { toolset_id: "t" }, body: { name: "n", base_version: 1 } });
    expect(request).toMatchObject({ method: "PATCH", path: "/toolsets/t", body: { name: "n", base_version: 1 } });
  });

  it("hands each call's request to the transport and resolves to its reply", async () => {
    const sent: OperationRequest[] = [];
    const client = createClient(async (request) => {
      sent.push(request);
      return { id: "t", version: 3 };
    });
    await expect(client.call("toolsets_restore", { params: { toolset_id: "t", version: 2 } })).resolves.toEqual({ id: "t", version: 3 });
    expect(sent).toEqual([{ operationId: "toolsets_restore", method: "POST", path: "/toolsets/t/versions/2/restore", body: undefined }]);
  });
});

describe("the clients' one surface (biome.jsonc)", () => {
  /** Lints one file at `path` (web/... or cli/...) under the repository's Biome configuration, in a directory of its own (no git there). */
  function lint(path: string, source: string) {
    dir = mkdtempSync(join(tmpdir(), "seizu-surface-"));
    copyFileSync(join(root, "biome.jsonc"), join(dir, "biome.jsonc"));
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), source);
    return spawnSync(join(root, "node_modules/.bin/biome"), ["lint", "--vcs-enabled=false", path], { encoding: "utf8", cwd: dir, timeout: 60_000 });
  }

  it("refuses an import of a Worker module other than worker/api.ts from the admin UI", () => {
    const run = lint("web/src/probe.ts", 'import { toolBody } from "../../worker/toolsets/schemas";\nexport const probe = toolBody;\n');
    expect(run.status).toBe(1);
    expect(run.stdout + run.stderr).toContain("web/ and cli/ import the Worker only through worker/api.ts");
  });

  it("refuses an import of a Worker module other than worker/api.ts from the CLI", () => {
    const run = lint("cli/commands/probe.ts", 'import type { Client } from "../../worker/client/client";\nexport type Probe = Client;\n');
    expect(run.status).toBe(1);
    expect(run.stdout + run.stderr).toContain("web/ and cli/ import the Worker only through worker/api.ts");
  });

  it("lets both import worker/api.ts", () => {
    const run = lint("web/src/probe.ts", 'import { createClient } from "../../worker/api";\nexport const probe = createClient;\n');
    expect(run.status, run.stdout + run.stderr).toBe(0);
  });
});
