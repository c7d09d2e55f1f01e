// Installing, publishing, restoring, toggling, downloading and deleting Agent Plugins over
// REST, with real zip files; files in the R2 simulator, the index in D1.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api } from "../../support/api";
import { base64, freshPluginId, installPlugin, pluginZip, skillMarkdown } from "../../support/plugins";
import { createSkillset } from "../../support/skillsets";

const publish = (id: string, zip: Uint8Array, base_revision: number, comment?: string) =>
  api("POST", `/plugins/${id}/publish`, { package_base64: base64(zip), base_revision, ...(comment ? { comment } : {}) });

describe("installing a plugin", () => {
  it("installs a package as revision 1 with its skills enabled", async () => {
    const id = freshPluginId();
    const { status, body } = await api("POST", "/plugins/install", { package_base64: base64(pluginZip({ id, name: "Ops" })), comment: "first" });
    expect(status).toBe(201);
    expect(body).toMatchObject({ id, name: "Ops", package_version: "1.0.0", enabled: true, revision: 1, created_by: "local-admin" });
    expect(body.skills).toEqual([
      { name: "triage", description: "Triage an alert", path: "skills/triage/SKILL.md", allowed_tools: [], enabled: true, prompt_name: `${id}__triage` },
    ]);
    expect((await api("GET", "/plugins")).body.plugins.map((plugin: { id: string }) => plugin.id)).toContain(id);
  });

  it("stores each file in R2 under its SHA-256", async () => {
    const plugin = await installPlugin();
    const { body } = await api("GET", `/plugins/${plugin.id}/versions/1/files`);
    const skill = body.files.find((file: { path: string }) => file.path === "skills/triage/SKILL.md");
    const object = await env.PLUGIN_BLOBS.get(`sha256/${skill.digest}`);
    expect(await object?.text()).toBe(skillMarkdown("triage", "Triage an alert"));
  });

  it("installs a changed package of an installed plugin as its next revision, as upstream Seizu does", async () => {
    const plugin = await installPlugin();
    const { status, body } = await api("POST", "/plugins/install", {
      package_base64: base64(pluginZip({ id: plugin.id, version: "2.0.0" })),
      comment: "again",
    });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({ id: plugin.id, revision: 2, package_version: "2.0.0" });
    const versions = (await api("GET", `/plugins/${plugin.id}/versions`)).body.versions;
    expect(versions.map((entry: { revision: number; comment: string }) => [entry.revision, entry.comment])).toEqual([
      [2, "again"],
      [1, ""],
    ]);
  });

  it("installs the same package again as no new revision", async () => {
    const plugin = await installPlugin();
    const { status, body } = await api("POST", "/plugins/install", { package_base64: base64(pluginZip({ id: plugin.id })) });
    expect(status).toBe(201);
    expect(body.revision).toBe(1);
  });

  it("refuses a plugin id that a skillset has: both name prompts {id}__{skill}", async () => {
    const skillset = await createSkillset();
    expect((await api("POST", "/plugins/install", { package_base64: base64(pluginZip({ id: skillset.id })) })).status).toBe(409);
  });

  it("shows a skill with its SKILL.md and the markdown after the frontmatter", async () => {
    const plugin = await installPlugin({ skills: { triage: skillMarkdown("triage", "Triage", "# Triage\n\n1. Look.\n") } });
    const { body } = await api("GET", `/plugins/${plugin.id}/skills/triage`);
    expect(body).toMatchObject({ name: "triage", content: skillMarkdown("triage", "Triage", "# Triage\n\n1. Look.\n"), body: "# Triage\n\n1. Look.\n" });
    expect((await api("GET", `/plugins/${plugin.id}/skills/nothing`)).status).toBe(404);
  });
});

describe("revisions", () => {
  it("publishes a changed package as the next revision", async () => {
    const plugin = await installPlugin();
    const { status, body } = await publish(plugin.id, pluginZip({ id: plugin.id, version: "1.1.0" }), 1, "bump");
    expect(status).toBe(200);
    expect(body).toMatchObject({ revision: 2, package_version: "1.1.0" });
    const versions = (await api("GET", `/plugins/${plugin.id}/versions`)).body.versions;
    expect(versions.map((v: { revision: number; comment: string }) => [v.revision, v.comment])).toEqual([
      [2, "bump"],
      [1, ""],
    ]);
  });

  it("requires base_revision to publish", async () => {
    const plugin = await installPlugin();
    const { status, body } = await api("POST", `/plugins/${plugin.id}/publish`, { package_base64: base64(pluginZip({ id: plugin.id })) });
    expect(status).toBe(422);
    expect(body.error.fields[0]).toMatchObject({ field: "base_revision" });
  });

  it("makes no revision for the same content, whatever the zip's timestamps", async () => {
    const plugin = await installPlugin();
    const later = pluginZip({ id: plugin.id, mtime: new Date("2026-06-01T12:00:00Z") });
    expect(base64(later)).not.toBe(base64(pluginZip({ id: plugin.id })));
    const { body } = await publish(plugin.id, later, 1);
    expect(body.revision).toBe(1);
  });

  it("refuses a package carrying another plugin's id", async () => {
    const plugin = await installPlugin();
    const { status, body } = await publish(plugin.id, pluginZip({ id: freshPluginId() }), 1);
    expect(status).toBe(422);
    expect(body.error.fields[0]).toMatchObject({ field: "plugin.json:extensions.com.mappedsky.seizu.skillsetId", rule: "id_mismatch" });
  });

  it("restores an old revision's content as a new revision", async () => {
    const plugin = await installPlugin();
    await publish(plugin.id, pluginZip({ id: plugin.id, version: "2.0.0", skills: { other: skillMarkdown("other", "Other") } }), 1);
    const { status, body } = await api("POST", `/plugins/${plugin.id}/restore`, { revision: 1, base_revision: 2 });
    expect(status).toBe(200);
    expect(body).toMatchObject({ revision: 3, package_version: "1.0.0", skills: [{ name: "triage" }] });
    expect((await api("GET", `/plugins/${plugin.id}/versions`)).body.versions[0].comment).toBe("Restored from revision 1");
    expect((await api("POST", `/plugins/${plugin.id}/restore`, { revision: 1, base_revision: 2 })).status).toBe(409);
  });

  it("downloads each revision's package as it was uploaded", async () => {
    const id = freshPluginId();
    const zip = pluginZip({ id });
    await api("POST", "/plugins/install", { package_base64: base64(zip) });
    const { body } = await api("GET", `/plugins/${id}/versions/1/download`);
    expect(body).toMatchObject({ revision: 1, package_size: zip.byteLength, package_base64: base64(zip) });
    expect((await api("GET", `/plugins/${id}/versions/9/download`)).status).toBe(404);
  });
});

describe("enabling, toggling, deleting", () => {
  it("disables and enables a plugin without a new revision", async () => {
    const plugin = await installPlugin();
    expect((await api("PATCH", `/plugins/${plugin.id}`, { enabled: false })).body).toMatchObject({ enabled: false, revision: 1 });
    expect((await api("PATCH", `/plugins/${plugin.id}`, { enabled: true })).body.enabled).toBe(true);
  });

  it("toggles one skill and keeps the toggle across revisions", async () => {
    const plugin = await installPlugin();
    expect((await api("PATCH", `/plugins/${plugin.id}/skills/triage`, { enabled: false })).body.enabled).toBe(false);
    await publish(plugin.id, pluginZip({ id: plugin.id, version: "2.0.0" }), 1);
    expect((await api("GET", `/plugins/${plugin.id}/skills`)).body.skills).toMatchObject([{ name: "triage", enabled: false }]);
  });

  it("answers 404 for toggling a skill the current revision lacks", async () => {
    const plugin = await installPlugin();
    expect((await api("PATCH", `/plugins/${plugin.id}/skills/ghost`, { enabled: false })).status).toBe(404);
  });
});
