// What a package may hold beyond the archive limits: the manifest's size, skill names that keep
// prompt names within 64 characters, the number of skills, and each text field stored in the
// D1 index. Every refusal is a 422 naming the file and field, found before any blob is written.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api } from "../../support/api";
import { base64, blobKeys, freshPluginId, type PackageSpec, pluginZip, skillMarkdown } from "../../support/plugins";

const install = (spec: PackageSpec) => api("POST", "/plugins/install", { package_base64: base64(pluginZip(spec)) });

/** An install that is refused with 422, leaves no plugin and writes no blob; its issues. */
async function refused(spec: PackageSpec) {
  const before = await blobKeys();
  const { status, body } = await install(spec);
  expect(status, JSON.stringify(body)).toBe(422);
  expect((await api("GET", `/plugins/${spec.id}`)).status).toBe(404);
  expect(await blobKeys()).toEqual(before);
  return body.error.fields as { field: string; rule: string; message: string }[];
}

const manifestOf = (id: string, extra: Record<string, unknown>) =>
  JSON.stringify({ name: "Limits", extensions: { "com.mappedsky.seizu": { skillsetId: id } }, ...extra });

describe("plugin.json", () => {
  it("refuses a 20 MiB plugin.json inside the unpacked limit with 422 before any blob is written", async () => {
    const id = freshPluginId();
    const manifest = manifestOf(id, { padding: "x".repeat(20 * 1024 * 1024) });
    const fields = await refused({ id, manifest });
    expect(fields).toEqual([{ field: "plugin.json", rule: "too_large", message: `is ${manifest.length} bytes; at most 65536 (64 KiB)` }]);
  });

  it("accepts a plugin.json of exactly 64 KiB", async () => {
    const id = freshPluginId();
    const bare = manifestOf(id, { padding: "" });
    const manifest = manifestOf(id, { padding: "x".repeat(64 * 1024 - bare.length) });
    expect(new TextEncoder().encode(manifest).byteLength).toBe(64 * 1024);
    expect((await install({ id, manifest })).status).toBe(201);
  });
});

describe("skill names and prompt names", () => {
  it("refuses a skill whose prompt name {plugin_id}__{skill} would pass 64 characters", async () => {
    const id = freshPluginId();
    const name = "a".repeat(63 - id.length);
    const fields = await refused({ id, skills: { [name]: skillMarkdown(name, "Too long together") } });
    expect(fields).toEqual([
      {
        field: `skills/${name}/SKILL.md:name`,
        rule: "prompt_name_too_long",
        message: `makes the prompt name ${id}__${name} 65 characters; MCP clients allow 64, so with plugin id ${id} a skill name may have at most ${62 - id.length}`,
      },
    ]);
  });

  it("accepts a skill name that makes the prompt name exactly 64 characters", async () => {
    const id = freshPluginId();
    const name = "b".repeat(62 - id.length);
    const { status, body } = await install({ id, skills: { [name]: skillMarkdown(name, "Just fits") } });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.skills[0].prompt_name).toHaveLength(64);
  });

  it("refuses more than 100 skills", async () => {
    const skills = Object.fromEntries(Array.from({ length: 101 }, (_, index) => [`s${index}`, skillMarkdown(`s${index}`, "One of many")]));
    const fields = await refused({ id: freshPluginId(), skills });
    expect(fields).toEqual([{ field: "skills", rule: "too_many_skills", message: "holds 101 skills; a package may hold at most 100" }]);
  });
});

describe("stored text fields", () => {
  it("refuses control characters in a skill's description", async () => {
    const fields = await refused({ id: freshPluginId(), skills: { triage: '---\nname: triage\ndescription: "Bell\\a and NUL\\0"\n---\nBody\n' } });
    expect(fields).toEqual([
      { field: "skills/triage/SKILL.md:description", rule: "invalid_format", message: "must be plain text: no control characters but tab and line breaks" },
    ]);
  });

  it("refuses allowed-tools longer than 1024 characters", async () => {
    const tools = Array.from({ length: 300 }, (_, index) => `Tool${index}`).join(" ");
    const fields = await refused({ id: freshPluginId(), skills: { triage: `---\nname: triage\ndescription: Triage\nallowed-tools: ${tools}\n---\nBody\n` } });
    expect(fields).toEqual([
      { field: "skills/triage/SKILL.md:allowed-tools", rule: "too_big", message: `lists ${tools.length} characters of tool names; at most 1024` },
    ]);
  });

  it("refuses control characters in allowed-tools", async () => {
    const fields = await refused({
      id: freshPluginId(),
      skills: { triage: '---\nname: triage\ndescription: Triage\nallowed-tools: ["Read", "Bash\\0"]\n---\nBody\n' },
    });
    expect(fields).toEqual([{ field: "skills/triage/SKILL.md:allowed-tools.1", rule: "invalid_format", message: "must be plain text: no control characters" }]);
  });

  it("stores a package at every limit at once within D1's 2,000,000-byte row", async () => {
    // Three-byte UTF-8 characters wherever a name or text may hold them: the most bytes per character.
    const wide = (length: number) => "界".repeat(length);
    const id = freshPluginId();
    const skills: Record<string, string> = {};
    for (let index = 0; index < 100; index++) {
      const name = `${String(index).padStart(3, "0")}-${"k".repeat(62 - id.length - 4)}`;
      skills[name] = `---\nname: ${name}\ndescription: ${wide(1024)}\nallowed-tools: ${wide(1024)}\n---\nBody\n`;
    }
    const files: Record<string, string> = {};
    for (let index = 0; index < 399; index++) {
      const prefix = `docs/${index}/`;
      files[prefix + wide(256 - prefix.length)] = "x";
    }
    // 1e20 is stored as 100000000000000000000: JSON numbers grow when plugin.json is written back.
    const bare = manifestOf(id, { numbers: [] });
    const numbers = Array.from({ length: Math.floor((64 * 1024 - bare.length + 1) / 5) }, () => "1e20").join(",");
    const manifest = bare.replace('"numbers":[]', `"numbers":[${numbers}]`);
    expect(new TextEncoder().encode(manifest).byteLength).toBeLessThanOrEqual(64 * 1024);
    const zip = pluginZip({ id, manifest, skills, files });
    const { status, body } = await api("POST", "/plugins/install", { package_base64: base64(zip), comment: wide(1000) });
    expect(status, JSON.stringify(body).slice(0, 500)).toBe(201);
    const row = await env.DB.prepare(
      `SELECT length(CAST(plugin_id AS BLOB)) + length(CAST(manifest AS BLOB)) + length(CAST(files AS BLOB)) + length(CAST(skills AS BLOB))
        + length(CAST(content_digest AS BLOB)) + length(CAST(package_digest AS BLOB)) + length(CAST(author AS BLOB))
        + length(CAST(created_at AS BLOB)) + length(CAST(comment AS BLOB)) + 16 AS bytes
       FROM plugin_revisions WHERE plugin_id = ?`,
    )
      .bind(id)
      .first<{ bytes: number }>();
    console.log(`a revision at every limit: ${row?.bytes} bytes in D1`);
    expect(row?.bytes).toBeGreaterThan(1_000_000);
    expect(row?.bytes).toBeLessThan(2_000_000);
  });
});
