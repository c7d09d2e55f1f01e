// Who sees a plugin's MCP server configuration (mcp.json, plugin.json's mcpServers), which often
// carries credentials: holders of plugins:write. A viewer (plugins:read) still sees the plugin
// and its skills, over REST and through the plugins__* tools, but never the configuration, and
// cannot download a package holding it nor make the Worker inflate packages (validate). Real
// tokens from a real OpenID provider, the Worker under wrangler dev.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectV2 } from "../support/mcp-clients";
import { AUDIENCE, signingKey, TestIdentityProvider } from "../support/oidc";
import { base64, pluginZip } from "../support/plugin-zip";
import { rest } from "../support/rest";
import { startWorker, type RunningWorker } from "../support/worker";

const CALLERS = [
  { clientId: "viewer", roles: ["seizu-viewer"] },
  { clientId: "admin", roles: ["seizu-admin"] },
];
const suffix = Date.now().toString(36);
const CONFIGURED = `configured_${suffix}`;
const PLAIN = `plain_${suffix}`;
const SECRET = `s3cret-${suffix}`;

let idp: TestIdentityProvider;
let worker: RunningWorker;
const headers: Record<string, Record<string, string>> = {};

const as = (caller: string, method: string, path: string, body?: unknown) => rest(worker.url, method, path, body, headers[caller]);

const manifest = JSON.stringify({
  name: "Configured",
  version: "1.0.0",
  mcpServers: { inline: { url: "https://mcp.example/inline", headers: { Authorization: `Bearer ${SECRET}` } } },
  extensions: { "com.mappedsky.seizu": { skillsetId: CONFIGURED } },
});
const mcpJson = JSON.stringify({ mcpServers: { ticketing: { command: "ticketing-mcp", env: { TICKETING_TOKEN: SECRET } } } });

beforeAll(async () => {
  idp = await TestIdentityProvider.start(CALLERS, [(await signingKey("key-1")).privateJwk]);
  worker = await startWorker({ DEVELOPMENT_ONLY_REQUIRE_AUTH: "true", OIDC_AUTHORITY: idp.issuer, OIDC_AUDIENCE: AUDIENCE });
  for (const caller of CALLERS) headers[caller.clientId] = { authorization: `Bearer ${await idp.token(caller.clientId)}` };
  for (const zip of [pluginZip({ id: CONFIGURED, manifest, files: { "mcp.json": mcpJson } }), pluginZip({ id: PLAIN })]) {
    const installed = await as("admin", "POST", "/plugins/install", { package_base64: base64(zip) });
    expect(installed.status, JSON.stringify(installed.body)).toBe(201);
  }
});
afterAll(async () => {
  await worker?.stop();
  await idp?.stop();
});

describe("a viewer (plugins:read)", () => {
  it("is refused POST /plugins/validate with 403 naming plugins:write", async () => {
    const { status, body } = await as("viewer", "POST", "/plugins/validate", { package_base64: base64(pluginZip({ id: PLAIN })) });
    expect(status).toBe(403);
    expect(body.error).toMatchObject({ code: "forbidden", permission: "plugins:write" });
  });

  it("sees the plugin and its skills without mcpServers", async () => {
    const { status, body } = await as("viewer", "GET", `/plugins/${CONFIGURED}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: CONFIGURED, name: "Configured", skills: [{ name: "triage", prompt_name: `${CONFIGURED}__triage` }] });
    expect(body.manifest).not.toHaveProperty("mcpServers");
    const list = await as("viewer", "GET", "/plugins");
    expect(list.body.plugins.map((plugin: { id: string }) => plugin.id)).toContain(CONFIGURED);
    expect(JSON.stringify([body, list.body])).not.toContain(SECRET);
    expect((await as("viewer", "GET", `/plugins/${CONFIGURED}/skills/triage`)).status).toBe(200);
  });

  it("lists a revision's files without mcp.json, and counts them so", async () => {
    const { body } = await as("viewer", "GET", `/plugins/${CONFIGURED}/versions/1/files`);
    expect(body.files.map((file: { path: string }) => file.path)).toEqual(["plugin.json", "skills/triage/SKILL.md"]);
    expect((await as("viewer", "GET", `/plugins/${CONFIGURED}/versions`)).body.versions[0].file_count).toBe(2);
  });

  it("cannot download a package holding server configuration: 403 naming plugins:write", async () => {
    const { status, body } = await as("viewer", "GET", `/plugins/${CONFIGURED}/versions/1/download`);
    expect(status).toBe(403);
    expect(body.error).toEqual({
      code: "forbidden",
      permission: "plugins:write",
      message: `Revision 1 of plugin ${CONFIGURED} holds MCP server configuration (mcp.json or mcpServers); downloading it requires the permission plugins:write, which your roles do not grant`,
    });
  });

  it("downloads a package without server configuration", async () => {
    const { status, body } = await as("viewer", "GET", `/plugins/${PLAIN}/versions/1/download`);
    expect(status).toBe(200);
    expect(body.package_base64).toBe(base64(pluginZip({ id: PLAIN })));
  });

  it("gets the same through the plugins__* tools, and no plugins__validate", async () => {
    const client = await connectV2(`${worker.url}/api/v1/mcp`, { headers: headers.viewer });
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(["plugins__get", "plugins__list_files", "plugins__download"]));
    expect(names).not.toContain("plugins__validate");
    await expect(client.callTool({ name: "plugins__validate", arguments: { package_base64: base64(pluginZip({ id: PLAIN })) } })).rejects.toThrow(
      /requires the permission plugins:write/,
    );
    const plugin = await client.callTool({ name: "plugins__get", arguments: { plugin_id: CONFIGURED } });
    const files = await client.callTool({ name: "plugins__list_files", arguments: { plugin_id: CONFIGURED, revision: 1 } });
    expect(plugin.structuredContent).toMatchObject({ id: CONFIGURED, skills: [{ name: "triage" }] });
    expect((files.structuredContent as { files: { path: string }[] }).files.map((file) => file.path)).toEqual(["plugin.json", "skills/triage/SKILL.md"]);
    expect(JSON.stringify([plugin, files])).not.toContain(SECRET);
    await expect(client.callTool({ name: "plugins__download", arguments: { plugin_id: CONFIGURED, revision: 1 } })).rejects.toThrow(
      /holds MCP server configuration .*; downloading it requires the permission plugins:write/,
    );
    await client.close();
  });
});

describe("a writer (plugins:write)", () => {
  it("validates a package", async () => {
    const { status, body } = await as("admin", "POST", "/plugins/validate", {
      package_base64: base64(pluginZip({ id: CONFIGURED, files: { "mcp.json": mcpJson } })),
    });
    expect(status).toBe(200);
    expect(body.files.map((file: { path: string }) => file.path)).toContain("mcp.json");
  });

  it("sees mcpServers, mcp.json and downloads the package", async () => {
    const plugin = await as("admin", "GET", `/plugins/${CONFIGURED}`);
    expect(plugin.body.manifest.mcpServers.inline.headers.Authorization).toBe(`Bearer ${SECRET}`);
    const files = await as("admin", "GET", `/plugins/${CONFIGURED}/versions/1/files`);
    expect(files.body.files.map((file: { path: string }) => file.path)).toEqual(["mcp.json", "plugin.json", "skills/triage/SKILL.md"]);
    const download = await as("admin", "GET", `/plugins/${CONFIGURED}/versions/1/download`);
    expect(download.status).toBe(200);
    expect(Buffer.from(download.body.package_base64, "base64").toString("latin1")).toContain("mcp.json");
  });
});
