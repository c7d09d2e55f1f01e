// What the operations generator builds from a declaration: the actions named, in their order;
// the route of a change by the resource's update style; an override on the generated route.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { type UpdateStyle, versionedOperations } from "../../../worker/kit/versioned-operations";
import { defineOperation } from "../../../worker/operations/operation";

const item = z.object({ id: z.string() });
const declaration = {
  group: "notes",
  collection: "/notes",
  itemParams: z.object({ note_id: z.string() }),
  idParam: "note_id" as const,
  key: (params: { note_id: string }) => params.note_id,
  noun: "note",
  operationIds: { prefix: "notes_" },
  permissions: { read: "toolsets:read", write: "toolsets:write", delete: "toolsets:delete" } as const,
  listField: "notes",
  schemas: { item, entry: item, create: item, update: item },
  // The generator only declares operations here; nothing runs them.
  resource: () => {
    throw new Error("not called");
  },
};

describe("versionedOperations", () => {
  it.each([
    ["merge", "patch", "/notes/{note_id}", undefined],
    ["replace", "put", "/notes/{note_id}", undefined],
    ["version", "post", "/notes/{note_id}/versions", 201],
  ] as const)("sends a change in the %s style as %s %s", (style: UpdateStyle, method, path, status) => {
    const { update } = versionedOperations({ ...declaration, actions: ["update"], updateStyle: style });
    expect({ method: update.method, path: update.path, status: update.status }).toEqual({ method, path, status });
  });

  it("builds the actions named, in the order named, and no others", () => {
    const operations = versionedOperations({ ...declaration, actions: ["get", "list", "delete"] });
    expect(Object.values(operations).map((operation) => operation.operationId)).toEqual(["notes_get", "notes_list", "notes_delete"]);
  });

  it("gives an override the generated route, names and permission", () => {
    const { list } = versionedOperations({
      ...declaration,
      actions: ["list"],
      overrides: {
        list: (base) =>
          defineOperation({ ...base, response: z.object({ notes: z.array(item), total: z.number() }), run: async () => ({ notes: [], total: 0 }) }),
      },
    });
    expect({ id: list.operationId, method: list.method, path: list.path, permission: list.permission, summary: list.summary }).toEqual({
      id: "notes_list",
      method: "get",
      path: "/notes",
      permission: "toolsets:read",
      summary: "List notes",
    });
  });
});
