import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api } from "../../support/api";
import { createTool, createToolset, freshId } from "../../support/toolsets";

describe("toolsets REST: create, read, list", () => {
  it("creates a toolset with defaults and returns it with version 1 and authorship", async () => {
    const id = freshId("ts");
    const { status, body } = await api("POST", "/toolsets", { id, name: "Cloud posture" });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      id,
      name: "Cloud posture",
      description: "",
      enabled: true,
      built_in: false,
      version: 1,
      created_by: "local-admin",
      updated_by: "local-admin",
    });
    expect(Date.parse(body.created_at)).not.toBeNaN();
    const fetched = await api("GET", `/toolsets/${id}`);
    expect(fetched.body).toEqual(body);
  });

  it("lists the built-in toolset first, then user toolsets ordered by id", async () => {
    const a = await createToolset();
    const b = await createToolset();
    const { status, body } = await api("GET", "/toolsets");
    expect(status).toBe(200);
    const [builtIn, ...user] = body.toolsets.map((t: { id: string }) => t.id);
    expect(builtIn).toBe("seizu");
    expect(user).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(user).toEqual([...user].sort());
  });

  it("answers 404 for an unknown toolset", async () => {
    const { status, body } = await api("GET", "/toolsets/no_such_toolset");
    expect(status).toBe(404);
    expect(body.error).toMatchObject({ code: "not_found", message: expect.stringContaining("no_such_toolset") });
  });
});

describe("toolsets REST: ids", () => {
  it.each([
    ["Upper", "lower_snake_case"],
    ["1starts_with_digit", "lower_snake_case"],
    ["has-hyphen", "lower_snake_case"],
    ["double__underscore", "double underscore"],
    ["", "must not be empty"],
    ["x".repeat(32), "at most 31"],
  ])("rejects the id %j, naming the rule", async (id, rule) => {
    const { status, body } = await api("POST", "/toolsets", { id, name: "Bad" });
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([expect.objectContaining({ field: "id", message: expect.stringContaining(rule) })]);
  });

  it("keeps ids immutable: an update cannot carry an id", async () => {
    const toolset = await createToolset();
    const { status, body } = await api("PATCH", `/toolsets/${toolset.id}`, { id: "renamed", base_version: 1 });
    expect(status).toBe(422);
    expect(body.error.fields[0]).toMatchObject({ rule: "unrecognized_keys" });
  });
});

describe("toolsets REST: validation writes nothing", () => {
  it("rejects unknown fields, wrong types and missing names with field-level messages", async () => {
    const id = freshId("ts");
    const { status, body } = await api("POST", "/toolsets", { id, name: "", enabled: "yes", colour: "red" });
    expect(status).toBe(422);
    const fields = body.error.fields.map((f: { field: string }) => f.field).sort();
    expect(fields).toEqual(["(body)", "enabled", "name"]);
    expect((await api("GET", `/toolsets/${id}`)).status).toBe(404);
  });

  it("answers 400 for a body that is not JSON", async () => {
    const { status, body } = await api("POST", "/toolsets", "{not json");
    expect(status).toBe(400);
    expect(body.error.message).toContain("not valid JSON");
  });
});

describe("toolsets REST: update and delete", () => {
  it("updates only the given fields and records a new version with the comment", async () => {
    const toolset = await createToolset({ description: "first" });
    const { status, body } = await api("PATCH", `/toolsets/${toolset.id}`, { name: "Renamed", base_version: 1, comment: "clearer name" });
    expect(status).toBe(200);
    expect(body).toMatchObject({ name: "Renamed", description: "first", version: 2 });
    const versions = await api("GET", `/toolsets/${toolset.id}/versions`);
    expect(versions.body.versions.map((v: { version: number; comment: string }) => [v.version, v.comment])).toEqual([
      [2, "clearer name"],
      [1, ""],
    ]);
  });

  it("applies an update without base_version to the current version, as upstream Seizu does", async () => {
    const toolset = await createToolset();
    const { status, body } = await api("PATCH", `/toolsets/${toolset.id}`, { name: "No base" });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ name: "No base", version: 2 });
  });

  it("deletes a toolset together with its tools and their history", async () => {
    const toolset = await createToolset();
    const tool = await createTool(toolset.id);
    expect((await api("DELETE", `/toolsets/${toolset.id}`)).status).toBe(204);
    expect((await api("GET", `/toolsets/${toolset.id}`)).status).toBe(404);
    expect((await api("GET", `/toolsets/${toolset.id}/tools/${tool.id}`)).status).toBe(404);
    const leftovers = await env.DB.prepare("SELECT count(*) AS n FROM definition_versions WHERE parent_id = ? OR id = ?")
      .bind(toolset.id, toolset.id)
      .first<{ n: number }>();
    expect(leftovers?.n).toBe(0);
  });

  it("answers 404 when deleting a toolset that does not exist", async () => {
    expect((await api("DELETE", "/toolsets/never_existed")).status).toBe(404);
  });
});
