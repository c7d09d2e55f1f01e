// `seizu roles ...` and `seizu whoami` end to end: the real binary (node cli/seizu.mjs) against
// the Worker under `wrangler dev`, which in development mode takes every caller for the local
// admin (subject local-admin, role seizu-admin, every permission).
import { describe, expect, it } from "vitest";
import { PERMISSIONS, UPSTREAM_ONLY_PERMISSIONS } from "../../worker/auth/permissions";
import { cliOnWorker, createCli, failsWith, ok, type Cli } from "../support/cli";
import { rest } from "../support/rest";
import type { RunningWorker } from "../support/worker";

let worker: RunningWorker;
let cli: Cli;
const suffix = Date.now().toString(36);

/** The permission catalogue, in the server's order. */
const CATALOGUE = [...PERMISSIONS];
/** What a role may name: the catalogue, and upstream Seizu's permissions this server keeps inert. */
const ROLE_CATALOGUE = [...PERMISSIONS, ...UPSTREAM_ONLY_PERMISSIONS];

cliOnWorker((stack) => ({ worker, cli } = stack));

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describe("seizu whoami", () => {
  it("shows the subject, its roles and the permissions they grant", async () => {
    const table = ok(await cli.run(["whoami"])).stdout;
    expect(table).toMatch(/^subject:\s+local-admin$/m);
    expect(table).toMatch(/^roles:\s+seizu-admin$/m);
    // One permission a line, aligned under the first.
    expect(table).toMatch(/^permissions:\s+toolsets:read\n\s+toolsets:write$/m);
    expect(table).toMatch(/^\s+oauth:manage\n$/m);

    expect(ok(await cli.run(["whoami", "--output", "json"])).json()).toEqual({
      subject: "local-admin",
      roles: ["seizu-admin"],
      permissions: CATALOGUE,
      user: expect.objectContaining({ user_id: "local-admin", sub: "local-admin", iss: "dev" }),
    });
    expect(ok(await cli.run(["--output", "json", "whoami"])).json().subject).toBe("local-admin");
  });
});

describe("seizu roles", () => {
  const a = `cli-role-a-${suffix}`;
  const b = `cli_role_b_${suffix}`;

  it("creates roles with --permission (repeated) and with --permissions a,b", async () => {
    expect(ok(await cli.run(["roles", "create", a, "--permission", "tools:read", "--permission", "tools:call", "--description", "Calls tools"])).stdout).toBe(
      `created role ${a} (version 1)\n`,
    );
    const created = ok(
      await cli.run(["roles", "create", b, "--permissions", "toolsets:read, tools:read,toolsets:read", "--comment", "first cut", "--output", "json"]),
    ).json();
    // The server sorts and deduplicates the permissions.
    expect(created).toMatchObject({
      id: b,
      description: "",
      permissions: ["tools:read", "toolsets:read"],
      built_in: false,
      version: 1,
      created_by: "local-admin",
    });
    expect(ok(await cli.run(["roles", "version-get", b, "1", "--output", "json"])).json()).toMatchObject({ version: 1, comment: "first cut" });
  });

  it("lists built-in and user-defined roles with their permissions, and the catalogue", async () => {
    const table = ok(await cli.run(["roles", "list"])).stdout;
    const lines = table.split("\n");
    expect(lines[0]).toMatch(/^ID\s+BUILT-IN\s+VERSION\s+DESCRIPTION\s+PERMISSIONS$/);
    expect(table).toMatch(
      /^seizu-viewer\s+yes\s+Reads toolsets, tools, reports, spaces, workflows, skillset.*\s+plugins:read, query:execute, query:validate, reports:read, scheduled_queries:read, skills:read, skills:render, skillsets:read, spaces:read, tools:call, tools:read, toolsets:read, workflows:read$/m,
    );
    expect(table).toMatch(/^seizu-editor\s+yes\s/m);
    expect(table).toMatch(new RegExp(`^seizu-admin\\s+yes\\s.*${escapeRegExp(CATALOGUE.slice().sort().join(", "))}$`, "m"));
    expect(table).toMatch(new RegExp(`^${a}\\s+no\\s+1\\s+Calls tools\\s+tools:call, tools:read$`, "m"));
    expect(table).toMatch(new RegExp(`^${b}\\s+no\\s+1\\s+tools:read, toolsets:read$`, "m"));
    expect(table.trimEnd().split("\n").at(-1)).toBe(`permissions a role can grant: ${CATALOGUE.join(", ")}`);

    const json = ok(await cli.run(["roles", "list", "--output", "json"])).json();
    expect(json.permissions).toEqual(CATALOGUE);
    expect(json.roles.find((role: { id: string }) => role.id === "seizu-viewer")).toMatchObject({ built_in: true });
    expect(json.roles.find((role: { id: string }) => role.id === a)).toMatchObject({ built_in: false, version: 1, permissions: ["tools:call", "tools:read"] });
  });

  it("shows a role, built-in or user-defined", async () => {
    const user = ok(await cli.run(["roles", "get", a])).stdout;
    expect(user).toMatch(new RegExp(`^id:\\s+${a}$`, "m"));
    expect(user).toMatch(/^description:\s+Calls tools$/m);
    expect(user).toMatch(/^built-in:\s+no$/m);
    expect(user).toMatch(/^version:\s+1$/m);
    expect(user).toMatch(/^created:\s+\S+ by local-admin$/m);
    expect(user).toMatch(/^permissions:\s+tools:call\n\s+tools:read\n$/m);
    expect(ok(await cli.run(["roles", "get", a, "--output", "json"])).json()).toMatchObject({
      id: a,
      description: "Calls tools",
      permissions: ["tools:call", "tools:read"],
      version: 1,
    });

    const builtIn = ok(await cli.run(["roles", "get", "seizu-editor"])).stdout;
    expect(builtIn).toMatch(/^built-in:\s+yes$/m);
    expect(builtIn).not.toMatch(/^version:/m);
    expect(builtIn).toMatch(/^\s+roles:read$/m);
    const json = ok(await cli.run(["roles", "get", "seizu-editor", "--output", "json"])).json();
    expect(json).toMatchObject({ id: "seizu-editor", built_in: true });
    expect(json.permissions).toContain("roles:read");
    expect(json.version).toBeUndefined();
  });

  it("names the field and the catalogue for an unknown permission (422), writing nothing", async () => {
    const line = failsWith(await cli.run(["roles", "create", `cli-bad-${suffix}`, "--permissions", "tools:read,tools:fly"]), 1);
    expect(line).toBe(`seizu: permissions.1: must be one of ${ROLE_CATALOGUE.join(", ")} (HTTP 422)`);
    expect((await rest(worker.url, "GET", `/roles/cli-bad-${suffix}`)).status).toBe(404);

    const update = failsWith(await cli.run(["roles", "update", a, "--permission", "roles:own"]), 1);
    expect(update).toContain(`permissions.0: must be one of ${ROLE_CATALOGUE.join(", ")}`);
    expect((await rest(worker.url, "GET", `/roles/${a}`)).body).toMatchObject({ version: 1 });
  });

  it("shows the server's id rules (422)", async () => {
    const reserved = failsWith(await cli.run(["roles", "create", `seizu-${suffix}`, "--permission", "tools:read"]), 1);
    expect(reserved).toContain("id: must not start with seizu- (reserved for built-in roles)");
    expect(reserved).toContain("(HTTP 422)");
    expect(failsWith(await cli.run(["roles", "create", "Bad.Id", "--permission", "tools:read"]), 1)).toMatch(
      /id: must start with a lowercase letter.*\(HTTP 422\)$/,
    );
  });

  it("refuses missing, empty or contradictory options locally (exit 2)", async () => {
    expect(failsWith(await cli.run(["roles", "create", `cli-none-${suffix}`]), 2)).toContain("--permission");
    expect(failsWith(await cli.run(["roles", "create", `cli-none-${suffix}`, "--permissions", "tools:read,,tools:call"]), 2)).toContain("comma-separated");
    expect(failsWith(await cli.run(["roles", "create", `cli-none-${suffix}`, "--permission", "tools:read", "--permissions", "tools:call"]), 2)).toContain(
      "cannot be used with",
    );
    expect(failsWith(await cli.run(["roles", "update", a]), 2)).toContain("nothing to change");
    expect(failsWith(await cli.run(["roles", "update", a, "--comment", "only a comment"]), 2)).toContain("nothing to change");
    expect(failsWith(await cli.run(["roles", "version-get", a, "0"]), 2)).toContain("positive whole number");
    expect(failsWith(await cli.run(["roles", "list", "--output", "yaml"]), 2)).toContain("yaml");
    expect((await rest(worker.url, "GET", `/roles/cli-none-${suffix}`)).status).toBe(404);
  });

  it("refuses to change, delete or version a built-in role with the server's 409 message", async () => {
    expect(failsWith(await cli.run(["roles", "update", "seizu-viewer", "--permission", "roles:write"]), 1)).toBe(
      "seizu: seizu-viewer is a built-in role and cannot be changed (HTTP 409)",
    );
    expect(failsWith(await cli.run(["roles", "update", "seizu-admin", "--description", "mine now", "--output", "json"]), 1)).toBe(
      "seizu: seizu-admin is a built-in role and cannot be changed (HTTP 409)",
    );
    expect(failsWith(await cli.run(["roles", "delete", "--yes", "seizu-editor"]), 1)).toBe(
      "seizu: seizu-editor is a built-in role and cannot be deleted (HTTP 409)",
    );
    expect(failsWith(await cli.run(["roles", "versions", "seizu-editor"]), 1)).toContain("(HTTP 409)");
    expect(failsWith(await cli.run(["roles", "restore", "seizu-editor", "1"]), 1)).toBe(
      "seizu: seizu-editor is a built-in role and cannot be changed (HTTP 409)",
    );
    expect((await rest(worker.url, "GET", "/roles/seizu-viewer")).body.permissions).not.toContain("roles:write");
  });

  it("updates with the current version as base_version, with history, comments and restore", async () => {
    expect(ok(await cli.run(["roles", "update", a, "--permissions", "tools:read,tools:call,query:execute", "--comment", "run queries too"])).stdout).toBe(
      `updated role ${a} to version 2\n`,
    );
    expect(ok(await cli.run(["roles", "update", a, "--description", "Calls tools and queries", "--output", "json"])).json()).toMatchObject({
      id: a,
      description: "Calls tools and queries",
      permissions: ["query:execute", "tools:call", "tools:read"],
      version: 3,
      updated_by: "local-admin",
    });
    expect(ok(await cli.run(["roles", "update", a, "--permission", "tools:read", "--comment", "read only"])).stdout).toBe(`updated role ${a} to version 4\n`);

    const versions = ok(await cli.run(["roles", "versions", a])).stdout.split("\n");
    expect(versions[0]).toMatch(/^VERSION\s+AUTHOR\s+CREATED\s+COMMENT$/);
    expect(versions[1]).toMatch(/^4\s+local-admin\s+\S+\s+read only$/);
    expect(versions[3]).toMatch(/^2\s+local-admin\s+\S+\s+run queries too$/);
    expect(
      ok(await cli.run(["roles", "versions", a, "--output", "json"]))
        .json()
        .versions.map((version: { version: number }) => version.version),
    ).toEqual([4, 3, 2, 1]);

    const second = ok(await cli.run(["roles", "version-get", a, "2"])).stdout;
    expect(second).toMatch(/^version:\s+2$/m);
    expect(second).toMatch(/^author:\s+local-admin$/m);
    expect(second).toMatch(/^comment:\s+run queries too$/m);
    expect(second).toMatch(/^description:\s+Calls tools$/m);
    expect(second).toMatch(/^permissions:\s+query:execute\n\s+tools:call\n\s+tools:read\n$/m);
    expect(ok(await cli.run(["roles", "version-get", a, "3", "--output", "json"])).json()).toMatchObject({
      version: 3,
      definition: { description: "Calls tools and queries", permissions: ["query:execute", "tools:call", "tools:read"] },
    });

    expect(ok(await cli.run(["roles", "restore", a, "1"])).stdout).toBe(`restored role ${a} from version 1 as version 5\n`);
    expect((await rest(worker.url, "GET", `/roles/${a}`)).body).toMatchObject({
      description: "Calls tools",
      permissions: ["tools:call", "tools:read"],
      version: 5,
    });
    expect(ok(await cli.run(["roles", "restore", a, "3", "--output", "json"])).json()).toMatchObject({
      id: a,
      description: "Calls tools and queries",
      version: 6,
    });
    expect(ok(await cli.run(["roles", "versions", a])).stdout).toMatch(/^5\s.*Restored from version 1$/m);
    expect(ok(await cli.run(["roles", "version-get", a, "6", "--output", "json"])).json()).toMatchObject({ comment: "Restored from version 3" });
    expect(failsWith(await cli.run(["roles", "version-get", a, "99"]), 1)).toContain("(HTTP 404)");
  });

  it("deletes, then reports the role as unknown (404, exit 1)", async () => {
    expect(ok(await cli.run(["roles", "delete", "--yes", b])).stdout).toBe(`deleted role ${b}\n`);
    expect(failsWith(await cli.run(["roles", "get", b]), 1)).toMatch(new RegExp(`^seizu: .*${b}.*\\(HTTP 404\\)$`));
    expect(failsWith(await cli.run(["roles", "delete", "--yes", b]), 1)).toContain("(HTTP 404)");
    expect(failsWith(await cli.run(["roles", "update", b, "--description", "gone"]), 1)).toContain("(HTTP 404)");
    expect(ok(await cli.run(["roles", "delete", "--yes", a, "--output", "json"])).json()).toEqual({ deleted: true, role_id: a });
    expect(failsWith(await cli.run(["roles", "versions", a]), 1)).toContain("(HTTP 404)");
    const remaining = ok(await cli.run(["roles", "list", "--output", "json"]))
      .json()
      .roles.map((role: { id: string }) => role.id);
    expect(remaining).not.toContain(a);
    expect(remaining).not.toContain(b);
  });
});

describe("without a server", () => {
  it("exits 3 when the server cannot be reached", async () => {
    const offline = createCli({ SEIZU_SERVER: "http://127.0.0.1:1" });
    try {
      expect(failsWith(await offline.run(["whoami"]), 3)).toContain("cannot reach http://127.0.0.1:1");
      expect(failsWith(await offline.run(["roles", "list"]), 3)).toContain("cannot reach");
    } finally {
      offline.cleanup();
    }
  });
});
