// What a plugin package must hold, checked by POST /plugins/validate on real zip files.
import { describe, expect, it } from "vitest";
import { api } from "../../support/api";
import { base64, freshPluginId, pluginZip, skillMarkdown, type PackageSpec } from "../../support/plugins";

const validate = (spec: PackageSpec) => api("POST", "/plugins/validate", { package_base64: base64(pluginZip(spec)) });

describe("plugin packages", () => {
  it("validates a package and says what it would install, writing nothing", async () => {
    const id = freshPluginId();
    const { status, body } = await validate({
      id,
      skills: { triage: skillMarkdown("triage", "Triage"), "write-up": skillMarkdown("write-up", "Write up") },
      files: { "mcp.json": "{}" },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ valid: true, plugin_id: id, package_version: "1.0.0", skills: ["triage", "write-up"] });
    expect(body.files.map((file: { path: string }) => file.path)).toEqual(["mcp.json", "plugin.json", "skills/triage/SKILL.md", "skills/write-up/SKILL.md"]);
    expect((await api("GET", `/plugins/${id}`)).status).toBe(404);
  });

  it("requires plugin.json", async () => {
    const { status, body } = await validate({ id: freshPluginId(), manifest: null });
    expect(status).toBe(422);
    expect(body.error.fields[0]).toMatchObject({ field: "plugin.json", rule: "missing_manifest" });
  });

  it("requires a declared Seizu extension to be an object holding the skillsetId", async () => {
    const { body } = await validate({ id: "x", manifest: JSON.stringify({ name: "Odd id", extensions: { "com.mappedsky.seizu": "odd_id" } }) });
    expect(body.error.fields[0]).toMatchObject({ field: "plugin.json:extensions.com.mappedsky.seizu", message: expect.stringContaining("skillsetId") });
  });

  it("applies the id rules to skillsetId", async () => {
    const { body } = await validate({ id: "Bad__Id" });
    expect(body.error.fields.map((issue: { field: string }) => issue.field)).toContain("plugin.json:extensions.com.mappedsky.seizu.skillsetId");
  });

  it("refuses plugin.json that is not JSON", async () => {
    const { body } = await validate({ id: "x", manifest: "{ nope" });
    expect(body.error.fields[0]).toMatchObject({ field: "plugin.json", rule: "invalid_json" });
  });

  it("requires a SKILL.md's frontmatter name to equal its directory", async () => {
    const { body } = await validate({ id: freshPluginId(), skills: { triage: skillMarkdown("other", "Mismatch") } });
    expect(body.error.fields).toEqual([
      { field: "skills/triage/SKILL.md:name", rule: "name_mismatch", message: 'is "other"; it must equal the skill\'s directory name triage' },
    ]);
  });

  it("requires a description in the frontmatter", async () => {
    const { body } = await validate({ id: freshPluginId(), skills: { triage: "---\nname: triage\n---\nBody" } });
    expect(body.error.fields[0]).toMatchObject({ field: "skills/triage/SKILL.md:description", message: expect.stringContaining("is required") });
  });

  it("requires frontmatter at all", async () => {
    const { body } = await validate({ id: freshPluginId(), skills: { triage: "# Just markdown" } });
    expect(body.error.fields[0]).toMatchObject({ field: "skills/triage/SKILL.md", rule: "missing_frontmatter" });
  });

  it("refuses a skill directory that is not a skill name", async () => {
    const { body } = await validate({ id: freshPluginId(), skills: { Triage_Now: skillMarkdown("Triage_Now", "Bad name") } });
    expect(body.error.fields[0]).toMatchObject({ field: "skills/Triage_Now/SKILL.md", rule: "invalid_skill_name" });
  });

  it("refuses an mcp.json that is not a JSON object", async () => {
    const { body } = await validate({ id: freshPluginId(), files: { "mcp.json": "[1, 2]" } });
    expect(body.error.fields[0]).toMatchObject({ field: "mcp.json", rule: "invalid_type" });
  });

  it("reports every problem of a package at once", async () => {
    const { body } = await validate({ id: freshPluginId(), skills: { a: "no frontmatter", b: skillMarkdown("c", "Mismatch") }, files: { "mcp.json": "nope" } });
    expect(body.error.fields.map((issue: { rule: string }) => issue.rule).sort()).toEqual(["invalid_json", "missing_frontmatter", "name_mismatch"]);
  });

  it("refuses package_base64 that is not base64", async () => {
    const { status, body } = await api("POST", "/plugins/validate", { package_base64: "not base64!" });
    expect(status).toBe(422);
    expect(body.error.fields[0]).toMatchObject({ field: "package_base64" });
  });
});
