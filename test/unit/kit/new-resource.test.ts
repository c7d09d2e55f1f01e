// Adding a versioned resource is a schema, its rules and the declaration of its operations (for
// a real one, with its YAML tool definitions and one line in operations/index.ts): a `note`
// declared in this file alone is served by the kit's generated REST operations, with its
// versions, restore, optimistic updates and a rule of its own.
import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { AppEnv } from "../../../worker/http/app-env";
import { LOCAL_ADMIN } from "../../../worker/auth/principal";
import { ValidationError } from "../../../worker/errors/domain";
import { errorResponse } from "../../../worker/http/error-response";
import { restRoutes } from "../../../worker/http/rest-routes";
import { createInput, updateInput, versionEntry, versionMeta as versionMetaSchema } from "../../../worker/kit/schemas";
import { VERSIONED_ACTIONS, versionedOperations } from "../../../worker/operations/generators/versioned-operations";
import { VersionedResource } from "../../../worker/kit/versioned-resource";
import { versionMeta } from "../../../worker/kit/views";

// The schema.
const noteBody = z.object({ title: z.string().min(1, "must not be empty"), text: z.string().default("") }).strict();
const noteResponse = noteBody.extend({ id: z.string() }).extend(versionMetaSchema.shape);

// Its rules: how it is shown, and what a definition must pass before it is written.
const noteResource = (db: AppEnv["Variables"]["db"]) =>
  new VersionedResource(
    db,
    { kind: "test_note", body: noteBody },
    {
      view: (head) => ({ id: head.id, ...head.body, ...versionMeta(head) }),
      check: async (body) => {
        if (body.text.includes("password")) throw new ValidationError([{ field: "text", rule: "no_secrets", message: "must not hold a password" }]);
      },
    },
  );

// Its operations.
const noteOperations = versionedOperations({
  group: "notes",
  collection: "/notes",
  itemParams: z.object({ note_id: z.string().describe("Note id") }),
  idParam: "note_id",
  key: (params) => ({ parentId: "", id: params.note_id }),
  noun: "note",
  actions: VERSIONED_ACTIONS,
  operationIds: { prefix: "notes_" },
  permissions: { read: "toolsets:read", write: "toolsets:write", delete: "toolsets:delete" },
  listField: "notes",
  schemas: { item: noteResponse, entry: versionEntry(noteBody), create: createInput(noteBody, z.string().min(1), "note_id"), update: updateInput(noteBody) },
  resource: (ctx) => noteResource(ctx.db),
});

const app = new Hono<AppEnv>()
  .use(async (c, next) => {
    c.set("principal", LOCAL_ADMIN);
    c.set("db", env.DB);
    await next();
  })
  .route("/", restRoutes(Object.values(noteOperations)))
  .onError(errorResponse);

async function call(method: string, path: string, body?: unknown) {
  const init = body === undefined ? { method } : { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  const response = await app.fetch(new Request(`http://seizu.test${path}`, init), env);
  return { status: response.status, body: response.status === 204 ? null : await response.json<Record<string, any>>() };
}

describe("a versioned resource declared with the kit alone", () => {
  it("has the eight operations of a versioned resource", () => {
    expect(Object.values(noteOperations).map((operation) => `${operation.method.toUpperCase()} ${operation.path}`)).toEqual([
      "GET /notes",
      "POST /notes",
      "GET /notes/{note_id}",
      "PATCH /notes/{note_id}",
      "DELETE /notes/{note_id}",
      "GET /notes/{note_id}/versions",
      "GET /notes/{note_id}/versions/{version}",
      "POST /notes/{note_id}/versions/{version}/restore",
    ]);
  });

  it("is created, changed, restored as a new version and deleted with its history", async () => {
    expect((await call("POST", "/notes", { id: "n1", title: "First" })).status).toBe(201);
    const changed = await call("PATCH", "/notes/n1", { title: "Second", base_version: 1 });
    expect(changed.body).toMatchObject({ id: "n1", title: "Second", version: 2 });
    expect((await call("PATCH", "/notes/n1", { title: "Stale", base_version: 1 })).status).toBe(409);

    const restored = await call("POST", "/notes/n1/versions/1/restore");
    expect(restored.body).toMatchObject({ title: "First", version: 3 });
    const { body: history } = await call("GET", "/notes/n1/versions");
    expect(history?.versions.map((entry: { comment: string }) => entry.comment)).toEqual(["Restored from version 1", "", ""]);

    expect((await call("DELETE", "/notes/n1")).status).toBe(204);
    expect((await call("GET", "/notes/n1")).status).toBe(404);
    expect((await call("GET", "/notes/n1/versions")).status).toBe(404);
  });

  it("refuses a definition its own rule forbids, naming the field, and writes nothing", async () => {
    const { status, body } = await call("POST", "/notes", { id: "n2", title: "Keys", text: "the password is hunter2" });
    expect(status).toBe(422);
    expect(body?.error.fields).toEqual([{ field: "text", rule: "no_secrets", message: "must not hold a password" }]);
    expect((await call("GET", "/notes")).body).toEqual({ notes: [] });
  });
});
