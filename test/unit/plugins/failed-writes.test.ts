// A package's blobs go to R2 before the D1 index points at them. When the index write fails
// after the blobs are written (a lost race, a D1 failure), the blobs that install or publish
// wrote, and no other revision references, are deleted again: R2 is left as it was.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { LOCAL_ADMIN } from "../../../worker/auth/principal";
import { ConflictError } from "../../../worker/errors/domain";
import { PluginService } from "../../../worker/plugins/service";
import { api } from "../../support/api";
import { base64, blobKeys, freshPluginId, installPlugin, pluginZip } from "../../support/plugins";

const install = (zip: Uint8Array) => api("POST", "/plugins/install", { package_base64: base64(zip) });

const triggers: string[] = [];

/** A real D1 failure: a trigger that aborts every revision insert of this plugin. */
async function failRevisionWrites(pluginId: string) {
  const name = `fail_${pluginId}`;
  triggers.push(name);
  await env.DB.exec(
    `CREATE TRIGGER ${name} BEFORE INSERT ON plugin_revisions WHEN NEW.plugin_id = '${pluginId}' BEGIN SELECT RAISE(ABORT, 'revision writes fail'); END`,
  );
}

afterEach(async () => {
  for (const name of triggers.splice(0)) await env.DB.exec(`DROP TRIGGER IF EXISTS ${name}`);
});

/** A file no other test has: its blob is new to R2. */
const unique = () => ({ "notes/unique.md": `written by ${crypto.randomUUID()}` });

describe("blobs of a failed install", () => {
  it("are deleted when the D1 write fails after they were written", async () => {
    const id = freshPluginId();
    await failRevisionWrites(id);
    const before = await blobKeys();
    const { status } = await install(pluginZip({ id, files: unique() }));
    expect(status).toBe(500);
    expect((await api("GET", `/plugins/${id}`)).status).toBe(404);
    expect(await blobKeys()).toEqual(before);
  });

  it("are kept where another revision references them", async () => {
    const shared = unique();
    const other = await installPlugin({ files: shared });
    const id = freshPluginId();
    await failRevisionWrites(id);
    const before = await blobKeys();
    expect((await install(pluginZip({ id, files: { ...shared, ...unique() } }))).status).toBe(500);
    expect(await blobKeys()).toEqual(before);
    const file = (await api("GET", `/plugins/${other.id}/versions/1/files`)).body.files.find((entry: { path: string }) => entry.path === "notes/unique.md");
    expect(await env.PLUGIN_BLOBS.head(`sha256/${file.digest}`)).not.toBeNull();
  });

  it("leave nothing behind when two installs of one id race: the loser's blobs go, the winner's stay", async () => {
    const id = freshPluginId();
    const before = await blobKeys();
    // In one isolate, so that both pass the checks before either writes its index.
    const service = new PluginService({ db: env.DB, bucket: env.PLUGIN_BLOBS, permissions: LOCAL_ADMIN.permissions });
    const installs = [pluginZip({ id, files: unique() }), pluginZip({ id, files: unique() })].map((zip) => service.installZip(zip, undefined, "racer"));
    const outcomes = await Promise.allSettled(installs);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(outcomes.find((outcome) => outcome.status === "rejected")?.reason).toEqual(
      new ConflictError(`plugin ${id} already exists: publish a new revision of it (with base_revision) instead`),
    );
    const { body } = await api("GET", `/plugins/${id}/versions/1/files`);
    const winner = [
      ...body.files.map((file: { digest: string }) => `sha256/${file.digest}`),
      `sha256/${(await api("GET", `/plugins/${id}`)).body.package_digest}`,
    ];
    expect(await blobKeys()).toEqual([...new Set([...before, ...winner])].sort());
  });
});

describe("blobs of a failed publish", () => {
  it("are deleted when the D1 write fails, and the plugin stays at its revision", async () => {
    const plugin = await installPlugin();
    await failRevisionWrites(plugin.id);
    const before = await blobKeys();
    const zip = pluginZip({ id: plugin.id, version: "2.0.0", files: unique() });
    const { status } = await api("POST", `/plugins/${plugin.id}/publish`, { package_base64: base64(zip), base_revision: 1 });
    expect(status).toBe(500);
    expect((await api("GET", `/plugins/${plugin.id}`)).body).toMatchObject({ revision: 1, package_version: "1.0.0" });
    expect(await blobKeys()).toEqual(before);
  });
});
