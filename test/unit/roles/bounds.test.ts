// The bounds of a role (README, Limits): at most 100 permissions listed (duplicates dropped),
// each one of the catalogue. Each refusal is a 422 naming the field and the rule, and writes nothing.
import { describe, expect, it } from "vitest";
import { PERMISSIONS } from "../../../worker/auth/permissions";
import { api } from "../../support/api";
import { nested, PAST_DATABASE_DEPTH } from "../../support/nesting";
import { freshId } from "../../support/toolsets";

const roleId = () => freshId("role").replaceAll("_", "-");

describe("roles: bounds", () => {
  it("refuses more than 100 permissions listed, naming the list, and writes nothing", async () => {
    const id = roleId();
    const permissions = Array.from({ length: 101 }, (_, i) => PERMISSIONS[i % PERMISSIONS.length]);
    const { status, body } = await api("POST", "/roles", { id, permissions });
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([{ field: "permissions", rule: "too_big", message: "must list at most 100 permissions" }]);
    expect((await api("GET", `/roles/${id}`)).status).toBe(404);
  });

  it("keeps each permission of a long list once", async () => {
    const id = roleId();
    const { status, body } = await api("POST", "/roles", { id, permissions: Array.from({ length: 100 }, () => "tools:read") });
    expect(status).toBe(201);
    expect(body.permissions).toEqual(["tools:read"]);
  });

  it("refuses a base_version beyond ±(2^53 − 1), naming it, and leaves the role as it was", async () => {
    const id = roleId();
    await api("POST", "/roles", { id, permissions: ["tools:read"] });
    const { status, body } = await api("PATCH", `/roles/${id}`, { description: "x", base_version: 2 ** 53 });
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([expect.objectContaining({ field: "base_version", rule: "too_big" })]);
    expect((await api("GET", `/roles/${id}`)).body).toMatchObject({ version: 1, description: "" });
  });

  it("refuses a nested value where a permission goes, naming it, and writes nothing", async () => {
    const id = roleId();
    const { status, body } = await api("POST", "/roles", { id, permissions: [nested(PAST_DATABASE_DEPTH, "tools:read")] });
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([expect.objectContaining({ field: "permissions.0", rule: "invalid_value" })]);
    expect((await api("GET", `/roles/${id}`)).status).toBe(404);
  });
});
