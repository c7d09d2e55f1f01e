// Upstream Seizu's plugin REST calls (mappedsky/seizu, agent-plugin branch), as its CLI and its
// plugin editor send them: the package as a form's `package` file, an empty plugin created from
// JSON, and a package staged as a list of files whose unchanged ones name only their SHA-256.
import { exports } from "cloudflare:workers";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { api } from "../../support/api";
import { base64, freshPluginId, installPlugin, pluginZip, skillMarkdown } from "../../support/plugins";
import { checkResponse } from "../../support/response-check";

/** A form upload as upstream's CLI sends it (httpx `files={"package": (name, bytes, "application/zip")}`). */
async function formUpload(path: string, zip: Uint8Array | undefined, headers: Record<string, string> = {}) {
  const form = new FormData();
  if (zip) form.append("package", new File([zip], "plugin.zip", { type: "application/zip" }));
  const response = await exports.default.fetch(new Request(`http://seizu.test/api/v1${path}`, { method: "POST", body: form, headers }));
  const body = await response.json<any>();
  checkResponse("POST", path, response.status, body);
  return { status: response.status, body };
}

const encode = (text: string) => base64(new TextEncoder().encode(text));

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

describe("a plugin package uploaded as a form, as upstream Seizu's CLI sends it", () => {
  it("installs from the form's package file", async () => {
    const id = freshPluginId();
    const { status, body } = await formUpload("/plugins/install", pluginZip({ id, skills: { triage: skillMarkdown("triage", "Triage alerts") } }));
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({ id, revision: 1 });
    expect(body.skills.map((skill: { name: string }) => skill.name)).toEqual(["triage"]);
  });

  it("validates from the form's package file, installing nothing", async () => {
    const id = freshPluginId();
    const { status, body } = await formUpload("/plugins/validate", pluginZip({ id }));
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ valid: true, plugin_id: id });
    expect((await api("GET", `/plugins/${id}`)).status).toBe(404);
  });

  it("refuses a form without a package file, naming the field", async () => {
    const { status, body } = await formUpload("/plugins/install", undefined);
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([expect.objectContaining({ field: "package", rule: "required" })]);
  });

  it("refuses a form from a foreign Origin: a cross-site page cannot install a plugin", async () => {
    const id = freshPluginId();
    const { status } = await formUpload("/plugins/install", pluginZip({ id }), { origin: "https://evil.example" });
    expect(status).toBe(403);
    expect((await api("GET", `/plugins/${id}`)).status).toBe(404);
  });

  it("takes a form nowhere else", async () => {
    const id = (await installPlugin()).id;
    const { status } = await formUpload(`/plugins/${id}/publish`, pluginZip({ id, version: "2.0.0" }));
    expect(status).toBe(415);
  });
});

describe("POST /plugins, upstream's empty plugin", () => {
  it("creates a plugin whose package is a plugin.json alone", async () => {
    const id = freshPluginId();
    const { status, body } = await api("POST", "/plugins", { plugin_id: id, name: "Incident response", description: "Runbooks" });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({ id, name: "Incident response", revision: 1, skills: [] });
    const files = (await api("GET", `/plugins/${id}/versions/1/files`)).body.files;
    expect(files.map((file: { path: string }) => file.path)).toEqual(["plugin.json"]);
    const zip = (await api("GET", `/plugins/${id}/versions/1/download`)).body.package_base64;
    const manifest = JSON.parse(new TextDecoder().decode(unzipSync(Uint8Array.from(atob(zip), (char) => char.charCodeAt(0)))["plugin.json"]));
    expect(manifest).toMatchObject({
      name: "Incident response",
      version: "1.0.0",
      description: "Runbooks",
      extensions: { "com.mappedsky.seizu": { skillsetId: id } },
    });
  });

  it("refuses a taken id with 409", async () => {
    const id = (await installPlugin()).id;
    expect((await api("POST", "/plugins", { plugin_id: id, name: "Again" })).status).toBe(409);
  });

  it("refuses a bad id, naming the field", async () => {
    const { status, body } = await api("POST", "/plugins", { plugin_id: "Not An Id", name: "X" });
    expect(status).toBe(422);
    expect(body.error.fields[0]).toMatchObject({ field: "plugin_id" });
  });
});

describe("a package staged as files, as upstream Seizu's plugin editor publishes it", () => {
  const readme = "# Runbooks\n";
  const asset = "binary-ish asset that should not travel twice";

  async function pluginWithAsset() {
    const id = freshPluginId();
    await installPlugin({ id, skills: { triage: skillMarkdown("triage", "Triage alerts") }, files: { "README.md": readme, "assets/data.txt": asset } });
    return id;
  }

  async function stagedFiles(id: string, skill: string) {
    return [
      { path: "plugin.json", content_base64: encode(JSON.stringify(manifestFor(id))) },
      { path: "skills/triage/SKILL.md", content_base64: encode(skill) },
      { path: "README.md", sha256: await sha256(readme) },
      { path: "assets/data.txt", sha256: await sha256(asset), executable: true },
    ];
  }

  const manifestFor = (id: string) => ({ name: `Plugin ${id}`, version: "2.0.0", extensions: { "com.mappedsky.seizu": { skillsetId: id } } });

  it("publishes the next revision from new content and the digests of files the plugin holds", async () => {
    const id = await pluginWithAsset();
    const files = await stagedFiles(id, skillMarkdown("triage", "Triage alerts, revised"));
    const { status, body } = await api("POST", `/plugins/${id}/publish`, { files, base_revision: 1, comment: "edited in the editor" });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ id, revision: 2 });
    const listed = (await api("GET", `/plugins/${id}/versions/2/files`)).body.files;
    expect(listed.map((file: { path: string }) => file.path).sort()).toEqual(["README.md", "assets/data.txt", "plugin.json", "skills/triage/SKILL.md"]);
    expect(listed.find((file: { path: string }) => file.path === "assets/data.txt")).toMatchObject({ size: asset.length });
    expect((await api("GET", `/plugins/${id}/skills/triage`)).body.description).toBe("Triage alerts, revised");
  });

  it("refuses a digest no revision of this plugin holds, writing nothing", async () => {
    const id = await pluginWithAsset();
    const secret = "another plugin's file";
    const other = (await installPlugin({ files: { "secret.txt": secret } })).id;
    const files = [...(await stagedFiles(id, skillMarkdown("triage", "Triage"))), { path: "stolen.txt", sha256: await sha256(secret) }];
    const { status, body } = await api("POST", `/plugins/${id}/publish`, { files, base_revision: 1 });
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([expect.objectContaining({ field: "files[4].sha256", rule: "unknown_content" })]);
    expect((await api("GET", `/plugins/${id}`)).body.revision).toBe(1);
    expect((await api("GET", `/plugins/${other}`)).body.revision).toBe(1);
  });

  it("refuses a file with both content and a digest, and a path sent twice, naming each", async () => {
    const id = await pluginWithAsset();
    const files = [
      { path: "plugin.json", content_base64: encode(JSON.stringify(manifestFor(id))), sha256: await sha256(readme) },
      { path: "README.md", sha256: await sha256(readme) },
      { path: "README.md", content_base64: encode("again") },
    ];
    const { status, body } = await api("POST", `/plugins/${id}/publish`, { files, base_revision: 1 });
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([
      expect.objectContaining({ field: "files[0]", rule: "one_source" }),
      expect.objectContaining({ field: "files[2].path", rule: "duplicate_path" }),
    ]);
  });

  it("refuses a publish with both package_base64 and files", async () => {
    const id = await pluginWithAsset();
    const files = await stagedFiles(id, skillMarkdown("triage", "Triage"));
    const { status, body } = await api("POST", `/plugins/${id}/publish`, { files, package_base64: base64(pluginZip({ id })), base_revision: 1 });
    expect(status).toBe(422);
    expect(body.error.fields[0]).toMatchObject({ field: "package_base64", rule: "one_source" });
  });

  it("validates a staged package for the plugin at POST /plugins/{id}/validate, publishing nothing", async () => {
    const id = await pluginWithAsset();
    const files = await stagedFiles(id, skillMarkdown("triage", "Triage, checked"));
    const { status, body } = await api("POST", `/plugins/${id}/validate`, { files });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ valid: true, plugin_id: id, skills: ["triage"] });
    expect((await api("GET", `/plugins/${id}`)).body.revision).toBe(1);
  });

  it("reports a staged package's problems by file and field", async () => {
    const id = await pluginWithAsset();
    const files = [
      { path: "plugin.json", content_base64: encode(JSON.stringify(manifestFor(id))) },
      { path: "skills/triage/SKILL.md", content_base64: encode("no frontmatter") },
    ];
    const { status, body } = await api("POST", `/plugins/${id}/validate`, { files });
    expect(status).toBe(422);
    expect(body.error.fields.map((field: { field: string }) => field.field)).toContain("skills/triage/SKILL.md");
  });
});
