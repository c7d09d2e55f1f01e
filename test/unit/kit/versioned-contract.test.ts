// The contract every versioned resource keeps, run over the REST API for each of them: a
// duplicate id is refused with 409 and the original kept; a change based on a stale version is
// refused with 409 and the winner kept, nothing written; a restore is a new version commented
// "Restored from version N" with that version's content; a delete takes the history with it.
// Only HTTP: the same file holds however the resources are built behind their routes.
//
// The table says per resource where it is created, how it is changed (its update style) and
// restored. Reports, workflows and scheduled queries get their ids from the server, so they
// have no duplicate to refuse; workflows and scheduled queries have no restore. Plugins count
// revisions, not versions.
import { describe, expect, it } from "vitest";
import { type ApiResponse, api } from "../../support/api";
import { base64, freshPluginId, pluginZip } from "../../support/plugins";
import { queryThenLog } from "../../support/workflows";
import { freshId } from "../../support/toolsets";

/** Each write of the contract leaves its mark: a version's content is told apart by its tag. */
type Tag = "one" | "two" | "three" | "winner" | "loser" | "impostor";

interface VersionedResource {
  resource: string;
  /** The collection new items go to, its parent made first where it has one. */
  collection(): Promise<string>;
  /** Creates an item showing `tag`; `id` where the caller names it. */
  create(collection: string, tag: Tag, id: string): Promise<ApiResponse>;
  /** A fresh id for the caller to name; absent where the server assigns ids. */
  freshId?: () => string;
  /** The created item's path. */
  itemPath(collection: string, created: Record<string, unknown>): string;
  /** Changes the item to show `tag`, as this resource's update style does, based on `base`. */
  update(path: string, tag: Tag, base: number, comment: string): Promise<ApiResponse>;
  /** What a change answers: 201 where it creates a version resource (POST /versions). */
  updateStatus: 200 | 201;
  /** The fields of an item showing `tag`. */
  shows(tag: Tag): Record<string, unknown>;
  /** The item's field holding its current version. */
  versionField: "version" | "current_version" | "revision";
  /** What the history counts. */
  unit: "version" | "revision";
  /** The comment of the first version. */
  initialComment: string;
  /** Restores `version` of the item, the current one being `base`. */
  restore?(path: string, version: number, base: number): Promise<ApiResponse>;
}

const expectStatus = async (response: Promise<ApiResponse>, status: number) => {
  const { status: got, body } = await response;
  expect(got, JSON.stringify(body)).toBe(status);
  return body;
};

/** PATCH with base_version: the fields given change, the others stay. */
const merge =
  (fields: (tag: Tag) => Record<string, unknown>): VersionedResource["update"] =>
  (path, tag, base, comment) =>
    api("PATCH", path, { ...fields(tag), base_version: base, comment });

/** PUT: the whole definition replaced. */
const replace =
  (definition: (tag: Tag) => Record<string, unknown>): VersionedResource["update"] =>
  (path, tag, base, comment) =>
    api("PUT", path, { ...definition(tag), base_version: base, comment });

/** POST /versions: a whole config saved as the next version. */
const newVersion =
  (config: (tag: Tag) => Record<string, unknown>): VersionedResource["update"] =>
  (path, tag, base, comment) =>
    api("POST", `${path}/versions`, { config: config(tag), base_version: base, comment });

/** POST /versions/{n}/restore. */
const restoreVersion = (path: string, version: number) => api("POST", `${path}/versions/${version}/restore`);

const toolsetFields = (tag: Tag) => ({ name: `Toolset ${tag}`, description: `The ${tag} description` });
const toolFields = (tag: Tag) => ({ cypher: `RETURN $${tag} AS value`, parameters: [{ name: tag, type: "string" }] });
const skillsetFields = (tag: Tag) => ({ name: `Skillset ${tag}`, description: `The ${tag} description` });
const skillFields = (tag: Tag) => ({ name: `Skill ${tag}`, template: `Say ${tag}.` });
const roleFields = (tag: Tag) => ({ description: `Role ${tag}`, permissions: tag === "two" ? ["toolsets:read"] : ["tools:read", "toolsets:read"] });
const workflowDefinition = (tag: Tag) => ({ name: `Workflow ${tag}`, stages: queryThenLog() });
const scheduledQueryDefinition = (tag: Tag) => ({
  name: `Scheduled query ${tag}`,
  cypher: "RETURN {n: 1} AS details",
  actions: [{ action_type: "log", action_config: { log_attrs: ["n"] } }],
});
const pluginPackage = (id: string, tag: Tag) => base64(pluginZip({ id, name: `Plugin ${tag}` }));

/** What most resources share: items at `${collection}/${id}`, counted in versions from an empty first comment, restored by POST /versions/{n}/restore. */
const VERSIONED = {
  itemPath: (collection: string, created: Record<string, unknown>) => `${collection}/${created.id}`,
  versionField: "version",
  unit: "version",
  initialComment: "",
  restore: restoreVersion,
} as const;

/** A resource whose ids the caller names, changed by PATCH: `fields` are what a change sets and an item shows. */
const named = (
  resource: string,
  collection: string | (() => Promise<string>),
  freshId: () => string,
  fields: (tag: Tag) => Record<string, unknown>,
  required: Record<string, unknown> = {},
): VersionedResource => ({
  ...VERSIONED,
  resource,
  collection: typeof collection === "string" ? async () => collection : collection,
  freshId,
  create: (collection, tag, id) => api("POST", collection, { id, ...required, ...fields(tag) }),
  update: merge(fields),
  updateStatus: 200,
  shows: fields,
});

/** A resource whose ids the server assigns, changed by PUT of its whole `definition`, with no restore. */
const replaced = (resource: string, collection: string, idField: string, definition: (tag: Tag) => Record<string, unknown>): VersionedResource => ({
  resource,
  collection: async () => collection,
  create: (collection, tag) => api("POST", collection, definition(tag)),
  itemPath: (collection, created) => `${collection}/${created[idField]}`,
  update: replace(definition),
  updateStatus: 200,
  shows: (tag) => ({ name: definition(tag).name }),
  versionField: "current_version",
  unit: "version",
  initialComment: "",
});

/** Fresh ids with `prefix`. */
const ids = (prefix: string) => () => freshId(prefix);

/** The collection of a new parent's children. */
const under = (parents: string, idPrefix: string, children: string) => async () =>
  `${parents}/${(await expectStatus(api("POST", parents, { id: freshId(idPrefix), name: "Parent" }), 201)).id}/${children}`;

const RESOURCES: VersionedResource[] = [
  named("toolsets", "/toolsets", ids("ts"), toolsetFields),
  named("tools", under("/toolsets", "ts", "tools"), ids("tool"), toolFields, { name: "Tool" }),
  named("skillsets", "/skillsets", ids("ss"), skillsetFields),
  named("skills", under("/skillsets", "ss", "skills"), ids("sk"), skillFields),
  named("roles", "/roles", () => freshId("role").replaceAll("_", "-"), roleFields),
  {
    resource: "reports",
    collection: async () => "/reports",
    create: (collection, tag) => api("POST", collection, { name: `Report ${tag}` }),
    itemPath: (collection, created) => `${collection}/${created.report_id}`,
    update: newVersion((tag) => ({ name: `Report ${tag}` })),
    updateStatus: 201,
    shows: (tag) => ({ name: `Report ${tag}` }),
    versionField: "version",
    unit: "version",
    initialComment: "Initial version",
    restore: restoreVersion,
  },
  replaced("workflows", "/workflows", "workflow_id", workflowDefinition),
  replaced("scheduled queries", "/scheduled-queries", "scheduled_query_id", scheduledQueryDefinition),
  {
    resource: "plugins",
    collection: async () => "/plugins",
    freshId: freshPluginId,
    create: (_collection, tag, id) => api("POST", "/plugins/install", { package_base64: pluginPackage(id, tag) }),
    itemPath: (collection, created) => `${collection}/${created.id}`,
    update: (path, tag, base, comment) =>
      api("POST", `${path}/publish`, { package_base64: pluginPackage(path.split("/").pop()!, tag), base_revision: base, comment }),
    updateStatus: 200,
    shows: (tag) => ({ name: `Plugin ${tag}` }),
    versionField: "revision",
    unit: "revision",
    initialComment: "",
    restore: (path, revision, base) => api("POST", `${path}/restore`, { revision, base_revision: base }),
  },
];

/** A new item showing `tag`, at version 1: its collection, path and id. */
async function created(resource: VersionedResource, tag: Tag) {
  const collection = await resource.collection();
  const id = resource.freshId?.() ?? "";
  const body = await expectStatus(resource.create(collection, tag, id), 201);
  return { collection, id, path: resource.itemPath(collection, body) };
}

/** The history, newest first, as [version, comment] pairs. */
async function history(resource: VersionedResource, path: string) {
  const body = await expectStatus(api("GET", `${path}/versions`), 200);
  return (body.versions as Record<string, unknown>[]).map((entry) => [entry[resource.unit], entry.comment]);
}

// Not plugins: installing an installed plugin's package publishes its next revision, as upstream
// Seizu's install does (test/unit/plugins/lifecycle.test.ts).
const refusingDuplicates = RESOURCES.filter((resource) => resource.freshId && resource.resource !== "plugins");

describe.each(refusingDuplicates)("$resource: a duplicate id", (resource) => {
  it("is refused with 409, and the original is kept", async () => {
    const { collection, id, path } = await created(resource, "one");
    const duplicate = await resource.create(collection, "impostor", id);
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.message).toContain("already exists");
    const item = await expectStatus(api("GET", path), 200);
    expect(item).toMatchObject({ ...resource.shows("one"), [resource.versionField]: 1 });
    expect(await history(resource, path)).toEqual([[1, resource.initialComment]]);
  });
});

describe.each(RESOURCES)("$resource: a change based on a stale version", (resource) => {
  it("is refused with 409, the winner is kept and nothing is written", async () => {
    const { path } = await created(resource, "one");
    const won = await expectStatus(resource.update(path, "winner", 1, "the winner"), resource.updateStatus);
    expect(won).toMatchObject({ ...resource.shows("winner"), [resource.versionField]: 2 });
    const stale = await resource.update(path, "loser", 1, "the loser");
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toContain(`is at ${resource.unit} 2`);
    const item = await expectStatus(api("GET", path), 200);
    expect(item).toMatchObject({ ...resource.shows("winner"), [resource.versionField]: 2 });
    expect(await history(resource, path)).toEqual([
      [2, "the winner"],
      [1, resource.initialComment],
    ]);
  });
});

describe.each(RESOURCES.filter((resource) => resource.restore))("$resource: a restore", (resource) => {
  it(`is a new ${resource.unit} with the restored one's content, commented "Restored from ${resource.unit} N"`, async () => {
    const { path } = await created(resource, "one");
    expect(await expectStatus(resource.update(path, "two", 1, "second"), resource.updateStatus)).toMatchObject({
      ...resource.shows("two"),
      [resource.versionField]: 2,
    });
    expect(await expectStatus(resource.update(path, "three", 2, "third"), resource.updateStatus)).toMatchObject({
      ...resource.shows("three"),
      [resource.versionField]: 3,
    });
    const restored = await expectStatus(resource.restore!(path, 2, 3), 200);
    expect(restored).toMatchObject({ ...resource.shows("two"), [resource.versionField]: 4 });
    expect(await expectStatus(api("GET", path), 200)).toMatchObject({ ...resource.shows("two"), [resource.versionField]: 4 });
    expect(await history(resource, path)).toEqual([
      [4, `Restored from ${resource.unit} 2`],
      [3, "third"],
      [2, "second"],
      [1, resource.initialComment],
    ]);
  });
});

describe.each(RESOURCES)("$resource: a delete", (resource) => {
  it("removes the item with its history", async () => {
    const { path } = await created(resource, "one");
    await expectStatus(resource.update(path, "two", 1, "second"), resource.updateStatus);
    await expectStatus(api("DELETE", path), 204);
    expect((await api("GET", path)).status).toBe(404);
    expect((await api("GET", `${path}/versions`)).status).toBe(404);
    expect((await api("DELETE", path)).status).toBe(404);
  });
});

describe.each(RESOURCES.filter((resource) => resource.freshId))("$resource: created again under a deleted id", (resource) => {
  it("starts a new history: none of the old comes back", async () => {
    const { collection, id, path } = await created(resource, "one");
    await expectStatus(resource.update(path, "two", 1, "second"), resource.updateStatus);
    await expectStatus(api("DELETE", path), 204);
    await expectStatus(resource.create(collection, "three", id), 201);
    expect(await expectStatus(api("GET", path), 200)).toMatchObject({ ...resource.shows("three"), [resource.versionField]: 1 });
    expect(await history(resource, path)).toEqual([[1, resource.initialComment]]);
  });
});
