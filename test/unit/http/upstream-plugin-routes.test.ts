// Upstream Seizu's plugin routes over one revision (its entry, skills and files), the current
// package (`seizu plugins download -o FILE` writes the zip as it comes) and checking a package
// as a plugin's next revision.
import { env } from "cloudflare:workers";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { createApp } from "../../../worker/app";
import { api } from "../../support/api";
import { base64, installPlugin, pluginZip, skillMarkdown } from "../../support/plugins";

const app = createApp();

/** A plugin at revision 2: `triage` in revision 1, `triage` and `report` in revision 2. */
async function pluginWithTwoRevisions() {
  const { id } = await installPlugin();
  const skills = { triage: skillMarkdown("triage", "Triage an alert"), report: skillMarkdown("report", "Write the report") };
  const published = await api("POST", `/plugins/${id}/publish`, { package_base64: base64(pluginZip({ id, skills, version: "2.0.0" })), base_revision: 1 });
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  return id;
}

describe("GET /plugins/{id}/versions/{revision}", () => {
  it("answers that revision's entry, as the versions list shows it", async () => {
    const id = await pluginWithTwoRevisions();
    const { status, body } = await api("GET", `/plugins/${id}/versions/1`);
    expect(status).toBe(200);
    const listed = (await api("GET", `/plugins/${id}/versions`)).body.versions.find((entry: { revision: number }) => entry.revision === 1);
    expect(body).toEqual(listed);
    expect(body.skills).toEqual(["triage"]);
    expect((await api("GET", `/plugins/${id}/versions/9`)).status).toBe(404);
  });
});

describe("GET /plugins/{id}/versions/{revision}/skills", () => {
  it("lists the skills that revision declared", async () => {
    const id = await pluginWithTwoRevisions();
    const names = async (revision: number) =>
      (await api("GET", `/plugins/${id}/versions/${revision}/skills`)).body.skills.map((skill: { name: string }) => skill.name);
    expect(await names(1)).toEqual(["triage"]);
    expect((await names(2)).sort()).toEqual(["report", "triage"]);
  });
});

describe("GET /plugins/{id}/versions/{revision}/files/{path}", () => {
  it("answers a nested file's content base64-encoded, with its media type and etag", async () => {
    const id = await pluginWithTwoRevisions();
    const response = await app.fetch(new Request(`http://seizu.test/api/v1/plugins/${id}/versions/2/files/skills/report/SKILL.md`), env);
    const status = response.status;
    const body = (await response.json()) as Record<string, string>;
    expect(status).toBe(200);
    expect(atob(body.content_base64 as string)).toBe(skillMarkdown("report", "Write the report"));
    expect(body).toMatchObject({
      path: "skills/report/SKILL.md",
      media_type: "text/markdown",
      executable: false,
      etag: expect.stringMatching(/^"[0-9a-f]{64}"$/),
    });
  });

  it("answers a top-level file, and 404 for a file the revision does not have", async () => {
    const id = await pluginWithTwoRevisions();
    const manifest = await api("GET", `/plugins/${id}/versions/1/files/plugin.json`);
    expect(manifest.status).toBe(200);
    expect(JSON.parse(atob(manifest.body.content_base64)).extensions["com.mappedsky.seizu"].skillsetId).toBe(id);
    expect((await api("GET", `/plugins/${id}/versions/1/files/missing.md`)).status).toBe(404);
  });
});

describe("GET /plugins/{id}/download", () => {
  it("answers the current revision's zip itself, as an attachment", async () => {
    const id = await pluginWithTwoRevisions();
    const response = await app.fetch(new Request(`http://seizu.test/api/v1/plugins/${id}/download`), env);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${id}-2.zip"`);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(files)).toContain("skills/report/SKILL.md");
  });

  it("answers base64 in JSON to a request that accepts JSON", async () => {
    const id = await pluginWithTwoRevisions();
    const { status, body } = await api("GET", `/plugins/${id}/download`, undefined, { headers: { accept: "application/json" } });
    expect(status).toBe(200);
    expect(body).toEqual((await api("GET", `/plugins/${id}/versions/2/download`)).body);
  });
});

describe("POST /plugins/{id}/validate", () => {
  it("checks a package as the plugin's next revision, publishing nothing", async () => {
    const id = await pluginWithTwoRevisions();
    const { status, body } = await api("POST", `/plugins/${id}/validate`, { package_base64: base64(pluginZip({ id, version: "3.0.0" })) });
    expect(status).toBe(200);
    expect(body).toMatchObject({ valid: true, plugin_id: id, package_version: "3.0.0" });
    expect((await api("GET", `/plugins/${id}`)).body.revision).toBe(2);
  });

  it("refuses a package carrying another plugin's id, naming the manifest field", async () => {
    const id = await pluginWithTwoRevisions();
    const { status, body } = await api("POST", `/plugins/${id}/validate`, { package_base64: base64(pluginZip({ id: "someone_else" })) });
    expect(status).toBe(422);
    expect(body.error.fields[0]).toMatchObject({ field: "plugin.json:extensions.com.mappedsky.seizu.skillsetId", rule: "id_mismatch" });
  });

  it("answers 404 for a plugin that does not exist", async () => {
    const { status } = await api("POST", "/plugins/no_such_plugin/validate", { package_base64: base64(pluginZip({ id: "no_such_plugin" })) });
    expect(status).toBe(404);
  });
});
