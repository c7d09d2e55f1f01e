import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { rolesFromClaims } from "../../../worker/auth/role-claim";
import { permissionsOf } from "../../../worker/roles/permissions-of";
import { api } from "../../support/api";
import { freshId } from "../../support/toolsets";

const roleId = () => freshId("role").replaceAll("_", "-");

describe("roles REST", () => {
  it("lists the built-in roles with their permissions and the catalogue", async () => {
    const { status, body } = await api("GET", "/roles");
    expect(status).toBe(200);
    const builtIn = body.roles.filter((role: { built_in: boolean }) => role.built_in).map((role: { id: string }) => role.id);
    expect(builtIn).toEqual(["seizu-viewer", "seizu-editor", "seizu-admin"]);
    const viewer = body.roles.find((role: { id: string }) => role.id === "seizu-viewer");
    expect(viewer.permissions).toContain("tools:call");
    expect(viewer.permissions).not.toContain("toolsets:write");
    expect(body.permissions).toContain("chat:bypass_permissions");
  });

  it("makes each built-in role a subset of the next", async () => {
    const { body } = await api("GET", "/roles");
    const permissions = (id: string) => new Set<string>(body.roles.find((role: { id: string }) => role.id === id).permissions);
    const [viewer, editor, admin] = ["seizu-viewer", "seizu-editor", "seizu-admin"].map(permissions) as [Set<string>, Set<string>, Set<string>];
    expect([...viewer].every((p) => editor.has(p))).toBe(true);
    expect([...editor].every((p) => admin.has(p))).toBe(true);
    expect(editor.size).toBeGreaterThan(viewer.size);
    expect(admin.size).toBeGreaterThan(editor.size);
  });

  it("creates, updates, versions and restores a user-defined role", async () => {
    const id = roleId();
    const created = await api("POST", "/roles", { id, description: "Auditors", permissions: ["tools:read", "toolsets:read", "tools:read"] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id, built_in: false, version: 1, permissions: ["tools:read", "toolsets:read"] });
    const updated = await api("PATCH", `/roles/${id}`, { permissions: ["toolsets:read"], base_version: 1, comment: "narrower" });
    expect(updated.body).toMatchObject({ version: 2, permissions: ["toolsets:read"] });
    const restored = await api("POST", `/roles/${id}/versions/1/restore`);
    expect(restored.body).toMatchObject({ version: 3, permissions: ["tools:read", "toolsets:read"] });
    const versions = await api("GET", `/roles/${id}/versions`);
    expect(versions.body.versions.map((v: { version: number; comment: string }) => [v.version, v.comment])).toEqual([
      [3, "Restored from version 1"],
      [2, "narrower"],
      [1, ""],
    ]);
    expect((await api("GET", `/roles/${id}/versions/2`)).body.definition.permissions).toEqual(["toolsets:read"]);
    expect((await api("DELETE", `/roles/${id}`)).status).toBe(204);
    expect((await api("GET", `/roles/${id}`)).status).toBe(404);
  });

  it("rejects an unknown permission, naming the catalogue, and writes nothing", async () => {
    const id = roleId();
    const { status, body } = await api("POST", "/roles", { id, permissions: ["toolsets:read", "everything:all"] });
    expect(status).toBe(422);
    expect(body.error.fields[0]).toMatchObject({ field: "permissions.1", message: expect.stringContaining("toolsets:write") });
    expect((await api("GET", `/roles/${id}`)).status).toBe(404);
  });

  it.each([
    ["seizu-custom", "reserved"],
    ["Upper", "lowercase"],
    ["", "must not be empty"],
  ])("rejects the role id %j", async (id, message) => {
    const { status, body } = await api("POST", "/roles", { id, permissions: ["tools:read"] });
    expect(status).toBe(422);
    expect(body.error.fields[0]).toMatchObject({ field: "id", message: expect.stringContaining(message) });
  });

  it("refuses to change or delete a built-in role", async () => {
    expect((await api("PATCH", "/roles/seizu-viewer", { permissions: ["toolsets:write"], base_version: 1 })).status).toBe(409);
    expect((await api("DELETE", "/roles/seizu-admin")).status).toBe(409);
    expect((await api("GET", "/roles/seizu-viewer")).body.permissions).not.toContain("toolsets:write");
  });
});

describe("role names that are also Object.prototype members", () => {
  const prototypeNames = ["constructor", "__proto__", "toString", "hasOwnProperty"];

  it.each(prototypeNames)("answers 404 for the unknown role %s", async (name) => {
    const { status, body } = await api("GET", `/roles/${name}`);
    expect(status).toBe(404);
    expect(body.error.code).toBe("not_found");
  });

  it.each(prototypeNames)("answers 404, not 409, to deleting the unknown role %s", async (name) => {
    expect((await api("DELETE", `/roles/${name}`)).status).toBe(404);
  });

  it("grants nothing for token roles named like Object.prototype members", async () => {
    const roles = rolesFromClaims({ roles: prototypeNames }, "roles");
    expect(roles).toEqual(prototypeNames);
    expect([...(await permissionsOf(env.DB, roles, 0))]).toEqual([]);
  });

  it("creates, reads, grants, updates and deletes a role named constructor", async () => {
    const created = await api("POST", "/roles", { id: "constructor", permissions: ["tools:read"] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await api("GET", "/roles/constructor")).body).toMatchObject({ id: "constructor", built_in: false, permissions: ["tools:read"] });
    expect([...(await permissionsOf(env.DB, ["constructor"], 0))]).toEqual(["tools:read"]);
    expect((await api("PATCH", "/roles/constructor", { permissions: ["toolsets:read"], base_version: 1 })).status).toBe(200);
    expect((await api("DELETE", "/roles/constructor")).status).toBe(204);
    expect((await api("GET", "/roles/constructor")).status).toBe(404);
  });
});
