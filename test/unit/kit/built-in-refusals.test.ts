// A change to a built-in resource is refused from its path alone: the 409 is the answer whatever
// the body holds, an invalid one included (the CLI sends no base_version for a built-in role).
import { describe, expect, it } from "vitest";
import { api } from "../../support/api";

describe("built-in resources are refused before their body is read", () => {
  it.each([
    ["PATCH", "/roles/seizu-viewer", {}, "seizu-viewer is a built-in role and cannot be changed"],
    ["POST", "/roles/seizu-admin/versions/1/restore", { base_version: "x" }, "seizu-admin is a built-in role and cannot be changed"],
    ["PATCH", "/toolsets/seizu", { enabled: "maybe" }, "seizu is the built-in toolset"],
    ["POST", "/toolsets/seizu/tools", {}, "seizu is the built-in toolset"],
    ["PATCH", "/toolsets/seizu/tools/graph__query", { cypher: 7 }, "seizu is the built-in toolset"],
  ])("%s %s with a body that breaks its schema answers 409", async (method, path, body, message) => {
    const { status, body: reply } = await api(method, path, body);
    expect(status, JSON.stringify(reply)).toBe(409);
    expect(reply.error.message).toContain(message);
  });

  it("still validates the body of a resource that may change", async () => {
    const { status, body } = await api("PATCH", "/toolsets/not_builtin", { enabled: "maybe" });
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([expect.objectContaining({ field: "enabled" })]);
  });
});
