// Plain Agent Plugins and Claude Code's plugin layout: a plugin.json with only name, version and
// description installs under an id derived from its name, and .claude-plugin/plugin.json is read
// as plugin.json is; two manifests that disagree are refused, and hostile paths still are.
import { describe, expect, it } from "vitest";
import { derivedId } from "../../../worker/plugins/manifest";
import { api } from "../../support/api";
import { approvedCall, callTool } from "../../support/mcp-app";
import { base64, blobKeys, freshPluginId, pluginZip, skillMarkdown, type PackageSpec } from "../../support/plugins";

const install = (spec: PackageSpec) => api("POST", "/plugins/install", { package_base64: base64(pluginZip(spec)) });
const plain = (name: string) => JSON.stringify({ name, version: "0.3.0", description: "A plain Agent Plugin" });
/** A name unique to this run whose derived id is `${prefix}_<suffix>`. */
const freshName = (prefix: string) => `${prefix} ${freshPluginId().replace(/_/g, "-")}`;
const claudeLayout = (manifest: string, extra: Record<string, string> = {}): PackageSpec => ({
  id: "unused",
  manifest: null,
  files: { ".claude-plugin/plugin.json": manifest, ...extra },
});

describe("plugin manifests: plain Agent Plugins and Claude Code's layout", () => {
  it("derives the id from the name: accents dropped, lowercase, other characters one underscore", () => {
    expect(derivedId("Incident-Kit 2")).toBe("incident_kit_2");
    expect(derivedId("  Café  Tools!! ")).toBe("cafe_tools");
    expect(derivedId("my__plugin")).toBe("my_plugin");
    expect(derivedId("---")).toBe("");
  });

  it("installs a plain plugin.json (name, version, description only) under the id derived from its name", async () => {
    const name = freshName("Incident Kit");
    const id = derivedId(name);
    const { status, body } = await install({ id: "unused", manifest: plain(name) });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({ id, name, package_version: "0.3.0", revision: 1, skills: [{ name: "triage", prompt_name: `${id}__triage` }] });
    expect((await api("GET", `/plugins/${id}`)).body.manifest).toEqual(JSON.parse(plain(name)));
  });

  it("validates a plain plugin and reports the derived id, writing nothing", async () => {
    const name = freshName("Write Up");
    const { status, body } = await api("POST", "/plugins/validate", { package_base64: base64(pluginZip({ id: "unused", manifest: plain(name) })) });
    expect(status).toBe(200);
    expect(body.plugin_id).toBe(derivedId(name));
    expect((await api("GET", `/plugins/${derivedId(name)}`)).status).toBe(404);
  });

  it.each([
    ["3D Tools", "3d_tools must be lower_snake_case"],
    ["!!!", "it holds no letters or digits"],
    ["Install", "install is reserved"],
    ["A plugin whose name is far too long for an id", "must be at most 31 characters"],
  ])("refuses a name %j it cannot derive an id from, naming the field, and installs nothing", async (name, reason) => {
    const before = (await api("GET", "/plugins")).body.plugins.length;
    const { status, body } = await install({ id: "unused", manifest: plain(name) });
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([{ field: "plugin.json:name", rule: "underivable_id", message: expect.stringContaining(reason) }]);
    expect(body.error.fields[0].message).toContain('declare its id as extensions."com.mappedsky.seizu".skillsetId');
    expect((await api("GET", "/plugins")).body.plugins.length).toBe(before);
  });

  it("prefers the Seizu extension's skillsetId to the name", async () => {
    const id = freshPluginId();
    const { body } = await install({ id, name: "Some Other Name" });
    expect(body.id).toBe(id);
  });

  it("reads Claude Code's layout: .claude-plugin/plugin.json with skills/ at the top", async () => {
    const name = freshName("Claude Kit");
    const id = derivedId(name);
    const { status, body } = await install(claudeLayout(plain(name)));
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({ id, name, skills: [{ name: "triage" }] });
    const files = (await api("GET", `/plugins/${id}/versions/1/files`)).body.files.map((file: { path: string }) => file.path);
    expect(files).toEqual([".claude-plugin/plugin.json", "skills/triage/SKILL.md"]);
  });

  it("takes the Seizu extension's id from .claude-plugin/plugin.json too", async () => {
    const id = freshPluginId();
    const manifest = JSON.stringify({ name: "Claude Kit", extensions: { "com.mappedsky.seizu": { skillsetId: id } } });
    expect((await install(claudeLayout(manifest))).body.id).toBe(id);
  });

  it("names .claude-plugin/plugin.json in the problems of that manifest", async () => {
    const { status, body } = await install(claudeLayout(JSON.stringify({ version: "1" })));
    expect(status).toBe(422);
    expect(body.error.fields[0]).toMatchObject({ field: ".claude-plugin/plugin.json:name" });
  });

  it("requires a manifest in one of the two places", async () => {
    const { body } = await install({ id: "unused", manifest: null });
    expect(body.error.fields).toEqual([
      {
        field: "plugin.json",
        rule: "missing_manifest",
        message: "is required at the top of the package (or as .claude-plugin/plugin.json, Claude Code's layout)",
      },
    ]);
  });

  it("refuses a package whose two manifests disagree, installing nothing", async () => {
    const name = freshName("Two Faces");
    const keys = await blobKeys();
    const other = freshPluginId();
    const spec: PackageSpec = {
      id: "unused",
      manifest: plain(name),
      files: { ".claude-plugin/plugin.json": JSON.stringify({ name, extensions: { "com.mappedsky.seizu": { skillsetId: other } } }) },
    };
    const { status, body } = await install(spec);
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([
      {
        field: ".claude-plugin/plugin.json",
        rule: "conflicting_manifests",
        message: "differs from plugin.json; a package may carry both only when they hold the same manifest: keep one of them",
      },
    ]);
    expect((await api("GET", `/plugins/${derivedId(name)}`)).status).toBe(404);
    expect((await api("GET", `/plugins/${other}`)).status).toBe(404);
    expect(await blobKeys()).toEqual(keys);
  });

  it("accepts both manifests when they hold the same manifest, however spaced", async () => {
    const name = freshName("Twins");
    const same = JSON.parse(plain(name));
    const spec: PackageSpec = { id: "unused", manifest: JSON.stringify(same), files: { ".claude-plugin/plugin.json": JSON.stringify(same, null, 4) } };
    const { status, body } = await install(spec);
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.id).toBe(derivedId(name));
  });

  it.each([".claude-plugin/../plugin.json", "../.claude-plugin/plugin.json", ".claude-plugin/./plugin.json"])(
    "still refuses the path %s as walking out of the package",
    async (path) => {
      const { status, body } = await install(claudeLayout(plain(freshName("Escape")), { [path]: plain("Evil") }));
      expect(status).toBe(422);
      expect(body.error.fields[0]).toMatchObject({ field: "package", rule: "unsafe_path", message: expect.stringContaining(path) });
    },
  );

  it("refuses publishing a plain package whose name derives another id, naming the name", async () => {
    const name = freshName("Keep Me");
    const id = derivedId(name);
    expect((await install({ id: "unused", manifest: plain(name) })).status).toBe(201);
    const { status, body } = await api("POST", `/plugins/${id}/publish`, {
      package_base64: base64(pluginZip({ id: "unused", manifest: plain(`${name} renamed`) })),
      base_revision: 1,
    });
    expect(status).toBe(422);
    expect(body.error.fields[0]).toMatchObject({
      field: "plugin.json:name",
      rule: "id_mismatch",
      message: expect.stringContaining(`gives the plugin id ${id}_renamed`),
    });
  });

  it("publishes the next revision of a plain plugin from the same name", async () => {
    const name = freshName("Grow Me");
    const id = derivedId(name);
    expect((await install({ id: "unused", manifest: plain(name) })).status).toBe(201);
    const next = pluginZip({
      id: "unused",
      manifest: plain(name),
      skills: { triage: skillMarkdown("triage", "Triage"), later: skillMarkdown("later", "Later") },
    });
    const { status, body } = await api("POST", `/plugins/${id}/publish`, { package_base64: base64(next), base_revision: 1 });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ id, revision: 2, skills: [{ name: "later" }, { name: "triage" }] });
  });

  it("installs a plain plugin in Claude Code's layout over MCP too (plugins__install, approved)", async () => {
    const name = freshName("Mcp Kit");
    const result = await approvedCall("plugins__install", { package_base64: base64(pluginZip(claudeLayout(plain(name)))) });
    expect(result.structuredContent, JSON.stringify(result)).toMatchObject({ id: derivedId(name), name, revision: 1 });
  });

  it("refuses over MCP a package whose two manifests disagree, naming the file", async () => {
    const name = freshName("Mcp Twins");
    const spec: PackageSpec = { id: "unused", manifest: plain(name), files: { ".claude-plugin/plugin.json": plain(`${name} 2`) } };
    const result = await callTool("plugins__validate", { package_base64: base64(pluginZip(spec)) });
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([
      {
        type: "text",
        text: "Invalid input: .claude-plugin/plugin.json: differs from plugin.json; a package may carry both only when they hold the same manifest: keep one of them",
      },
    ]);
  });
});
