import { discoverAuthorizationServerMetadata, discoverOAuthProtectedResourceMetadata, extractWWWAuthenticateParams } from "@modelcontextprotocol/client";
import { SignJWT, base64url } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authenticatedRoutes } from "../../worker/app";
import type { PermissionMiddleware } from "../../worker/http/authorize";
import { connectV2 } from "../support/mcp-clients";
import { AUDIENCE, signingKey, TestIdentityProvider } from "../support/oidc";
import { rest } from "../support/rest";
import { startWorker, type RunningWorker } from "../support/worker";

const CALLERS = [
  { clientId: "viewer", roles: ["seizu-viewer"] },
  { clientId: "editor", roles: ["seizu-editor"] },
  { clientId: "admin", roles: ["seizu-admin"] },
  { clientId: "auditor", roles: ["toolset-auditor"] },
  { clientId: "reader", roles: ["report-reader"] },
  { clientId: "nobody", roles: [] },
];
const AUDITOR_PERMISSIONS = ["toolsets:read", "tools:read"];

let idp: TestIdentityProvider;
let worker: RunningWorker;
let key1: Awaited<ReturnType<typeof signingKey>>;
const tokens: Record<string, string> = {};
const suffix = Date.now().toString(36);

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  key1 = await signingKey("key-1");
  idp = await TestIdentityProvider.start(CALLERS, [key1.privateJwk]);
  worker = await startWorker({ DEVELOPMENT_ONLY_REQUIRE_AUTH: "true", OIDC_AUTHORITY: idp.issuer, OIDC_AUDIENCE: AUDIENCE });
  for (const caller of CALLERS) tokens[caller.clientId] = await idp.token(caller.clientId);
  const role = await rest(
    worker.url,
    "POST",
    "/roles",
    { id: "toolset-auditor", description: "Reads toolsets", permissions: AUDITOR_PERMISSIONS },
    bearer(tokens.admin!),
  );
  expect(role.status, JSON.stringify(role.body)).toBe(201);
  const reader = await rest(worker.url, "POST", "/roles", { id: "report-reader", permissions: ["reports:read"] }, bearer(tokens.admin!));
  expect(reader.status, JSON.stringify(reader.body)).toBe(201);
  const toolset = await rest(worker.url, "POST", "/toolsets", { id: `auth_${suffix}`, name: "Auth" }, bearer(tokens.admin!));
  expect(toolset.status).toBe(201);
  await rest(worker.url, "POST", `/toolsets/auth_${suffix}/tools`, { id: "one", name: "One", cypher: "RETURN 1 AS one" }, bearer(tokens.admin!));
});
afterAll(async () => {
  await worker?.stop();
  await idp?.stop();
});

describe("tokens from a real OpenID provider", () => {
  it.each([
    ["viewer", ["seizu-viewer"], "tools:call", "toolsets:write"],
    ["editor", ["seizu-editor"], "roles:read", "toolsets:write"],
    ["admin", ["seizu-admin"], "toolsets:write", undefined],
    ["auditor", ["toolset-auditor"], "toolsets:read", "tools:call"],
  ])("%s: identity and permissions derived from the token", async (client, roles, has, lacks) => {
    const { status, body } = await rest(worker.url, "GET", "/me", undefined, bearer(tokens[client]!));
    expect(status).toBe(200);
    expect(body).toMatchObject({ subject: client, roles });
    expect(body.permissions).toContain(has);
    if (lacks) expect(body.permissions).not.toContain(lacks);
  });

  it("answers 401 with a Bearer challenge pointing at the resource metadata when no token is sent", async () => {
    const { status, headers } = await rest(worker.url, "GET", "/toolsets");
    expect(status).toBe(401);
    expect(headers.get("www-authenticate")).toBe(`Bearer resource_metadata="${worker.url}/.well-known/oauth-protected-resource"`);
    const mcp = await fetch(`${worker.url}/api/v1/mcp`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(mcp.status).toBe(401);
    expect(mcp.headers.get("www-authenticate")).toContain(`resource_metadata="${worker.url}/.well-known/oauth-protected-resource/api/v1/mcp"`);
  });
});

describe("forged and unacceptable tokens all get 401", () => {
  const now = () => Math.floor(Date.now() / 1000);
  const claims = () => ({ sub: "admin", roles: ["seizu-admin"] });
  const signed = (
    overrides: { iss?: string; aud?: string; sub?: string; iat?: number; exp?: number; nbf?: number; kid?: string | null; key?: CryptoKey } = {},
  ) => {
    const header: { alg: string; kid?: string } = { alg: "RS256" };
    if (overrides.kid !== null) header.kid = overrides.kid ?? "key-1";
    return new SignJWT({ ...claims(), ...(overrides.sub === undefined ? {} : { sub: overrides.sub }) })
      .setProtectedHeader(header)
      .setIssuer(overrides.iss ?? idp.issuer)
      .setAudience(overrides.aud ?? AUDIENCE)
      .setIssuedAt(overrides.iat)
      .setExpirationTime(overrides.exp ?? now() + 300)
      .setNotBefore(overrides.nbf ?? now() - 5)
      .sign(overrides.key ?? key1.privateKey);
  };
  const unsigned = (header: object) =>
    `${base64url.encode(JSON.stringify(header))}.${base64url.encode(JSON.stringify({ ...claims(), iss: idp.issuer, aud: AUDIENCE, exp: now() + 300 }))}`;

  const cases: [string, () => Promise<string>][] = [
    ["alg none", async () => `${unsigned({ alg: "none", kid: "key-1" })}.`],
    ["a key the provider does not publish", async () => signed({ key: (await signingKey("key-1")).privateKey })],
    [
      "HS256 keyed with the provider's public key",
      async () =>
        new SignJWT(claims())
          .setProtectedHeader({ alg: "HS256", kid: "key-1" })
          .setIssuer(idp.issuer)
          .setAudience(AUDIENCE)
          .setExpirationTime("5m")
          .sign(new TextEncoder().encode(JSON.stringify(key1.publicJwk))),
    ],
    ["the wrong issuer", () => signed({ iss: "http://127.0.0.1:1/not-the-issuer" })],
    ["the wrong audience", () => signed({ aud: "https://someone-else.example" })],
    ["an expired token", () => signed({ exp: now() - 120 })],
    ["a token not yet valid", () => signed({ nbf: now() + 600 })],
    ["no kid", () => signed({ kid: null })],
    ["an empty sub", () => signed({ sub: "" })],
    ["a blank sub", () => signed({ sub: "   " })],
    ["an iat ten minutes in the future", () => signed({ iat: now() + 600 })],
    [
      "a tampered payload",
      async () => {
        const [header, , signature] = (await signed()).split(".");
        return `${header}.${base64url.encode(JSON.stringify({ ...claims(), sub: "someone-else", iss: idp.issuer, aud: AUDIENCE, exp: now() + 300 }))}.${signature}`;
      },
    ],
    ["not a JWT at all", async () => "opaque-token"],
  ];

  it("accepts the control token signed like the provider's", async () => {
    expect((await rest(worker.url, "GET", "/me", undefined, bearer(await signed()))).status).toBe(200);
  });

  it.each(cases)("rejects %s", async (_name, make) => {
    const { status, body, headers } = await rest(worker.url, "GET", "/toolsets", undefined, bearer(await make()));
    expect(status).toBe(401);
    expect(body.error.code).toBe("unauthenticated");
    expect(headers.get("www-authenticate")).toMatch(/^Bearer resource_metadata=".*", error="invalid_token"/);
  });
});

describe("permissions", () => {
  it("answers 403 naming the missing permission", async () => {
    const { status, body } = await rest(worker.url, "POST", "/toolsets", { id: `nope_${suffix}`, name: "Nope" }, bearer(tokens.viewer!));
    expect(status).toBe(403);
    expect(body.error).toMatchObject({ code: "forbidden", permission: "toolsets:write" });
    expect((await rest(worker.url, "GET", `/toolsets/nope_${suffix}`, undefined, bearer(tokens.admin!))).status).toBe(404);
  });

  it("walks every REST route for every identity: 0 escalations", async () => {
    const routes = new Map<string, string | undefined>();
    for (const route of authenticatedRoutes.routes) {
      if (route.method === "ALL") continue;
      const key = `${route.method} ${route.path}`;
      const permission = (route.handler as Partial<PermissionMiddleware>).permission;
      if (!routes.has(key) || permission) routes.set(key, permission ?? routes.get(key));
    }
    expect(routes.size).toBeGreaterThan(25);
    const grants: Record<string, string[]> = {};
    for (const caller of CALLERS)
      grants[caller.clientId] = (await rest(worker.url, "GET", "/me", undefined, bearer(tokens[caller.clientId]!))).body.permissions;
    const escalations: string[] = [];
    for (const [key, permission] of routes) {
      const [method, template] = key.split(" ") as [string, string];
      const path = template
        .replace(":toolset_id", "matrix_missing")
        .replace(":tool_id", "missing")
        .replace(":role_id", "missing-role")
        .replace(":report_id", "missing-report")
        .replace(":subspace_id", "missing-subspace")
        .replace(":space_id", "missing-space")
        .replace(":skillset_id", "matrix_missing")
        .replace(":skill_id", "missing")
        .replace(":plugin_id", "matrix_missing")
        .replace(":skill_name", "missing")
        .replace(":revision", "1")
        .replace(":version", "1");
      const body = method === "GET" || method === "DELETE" ? undefined : {};
      const anonymous = await rest(worker.url, method, path, body);
      if (anonymous.status !== 401) escalations.push(`anonymous ${key}: ${anonymous.status}`);
      for (const caller of CALLERS) {
        const { status } = await rest(worker.url, method, path, body, bearer(tokens[caller.clientId]!));
        const allowed = permission === undefined || grants[caller.clientId]!.includes(permission);
        if (allowed && (status === 401 || status === 403)) escalations.push(`${caller.clientId} ${key} wrongly denied: ${status}`);
        if (!allowed && status !== 403) escalations.push(`${caller.clientId} ${key} (${permission}) escalated: ${status}`);
      }
    }
    expect(escalations).toEqual([]);
  });

  it("shows MCP tools only to callers who may call them", async () => {
    const name = `auth_${suffix}__one`;
    const visible: Record<string, boolean> = {};
    for (const caller of CALLERS) {
      const client = await connectV2(`${worker.url}/api/v1/mcp`, { headers: bearer(tokens[caller.clientId]!) });
      visible[caller.clientId] = (await client.listTools()).tools.some((tool) => tool.name === name);
      if (!visible[caller.clientId]) await expect(client.callTool({ name, arguments: {} })).rejects.toThrow(/requires the permission tools:call/);
      else expect((await client.callTool({ name, arguments: {} })).structuredContent).toEqual({ results: [{ one: 1 }] });
    }
    expect(visible).toEqual({ viewer: true, editor: true, admin: true, auditor: false, reader: false, nobody: false });
  });
});

describe("report queries through signed capabilities", () => {
  /** A public report with one panel taking a parameter from an input, created by the admin. */
  async function publicReport() {
    const admin = bearer(tokens.admin!);
    const { report_id } = (await rest(worker.url, "POST", "/reports", { name: `Auth report ${suffix}` }, admin)).body;
    const config = {
      inputs: [{ input_id: "word", label: "Word", type: "text" }],
      rows: [{ name: "r", panels: [{ type: "table", cypher: "RETURN $word AS word", params: [{ name: "word", input_id: "word" }] }] }],
    };
    expect((await rest(worker.url, "POST", `/reports/${report_id}/versions`, { config }, admin)).status).toBe(201);
    expect((await rest(worker.url, "PUT", `/reports/${report_id}/visibility`, { access: { scope: "public" } }, admin)).status).toBe(200);
    return report_id as string;
  }
  const PANEL = "rows.0.panels.0.cypher";

  it("lets a caller holding only reports:read run a report's query, but no Cypher of their own", async () => {
    const reportId = await publicReport();
    const reader = bearer(tokens.reader!);
    const report = await rest(worker.url, "GET", `/reports/${reportId}?include_query_capabilities=true`, undefined, reader);
    expect(report.status).toBe(200);
    const capability = report.body.query_capabilities[PANEL];
    const ran = await rest(worker.url, "POST", "/query/report", { capability, params: { word: "hello" } }, reader);
    expect(ran.body).toEqual({ results: [{ word: "hello" }] });
    expect((await rest(worker.url, "POST", "/graph/query", { query: "RETURN 1 AS one" }, reader)).status).toBe(403);
    expect((await rest(worker.url, "POST", `/reports/${reportId}/versions`, { config: { name: "x" } }, reader)).status).toBe(403);
  });

  it("refuses a capability issued to another caller (403)", async () => {
    const reportId = await publicReport();
    const capability = (await rest(worker.url, "GET", `/reports/${reportId}?include_query_capabilities=true`, undefined, bearer(tokens.admin!))).body
      .query_capabilities[PANEL];
    const refused = await rest(worker.url, "POST", "/query/report", { capability, params: {} }, bearer(tokens.reader!));
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain("was issued to someone else");
  });

  it("hides a private report from everyone but its owner, and lets only the owner unpublish", async () => {
    const editor = bearer(tokens.editor!);
    const { report_id } = (await rest(worker.url, "POST", "/reports", { name: "Editor's own" }, editor)).body;
    expect((await rest(worker.url, "GET", `/reports/${report_id}`, undefined, bearer(tokens.admin!))).status).toBe(404);
    expect((await rest(worker.url, "PUT", `/reports/${report_id}/visibility`, { access: { scope: "public" } }, editor)).status).toBe(200);
    const notOwner = await rest(worker.url, "PUT", `/reports/${report_id}/visibility`, { access: { scope: "private" } }, bearer(tokens.admin!));
    expect(notOwner.status).toBe(403);
    expect(notOwner.body.error.code).toBe("forbidden");
  });
});

describe("OAuth discovery for MCP clients", () => {
  it("lets the MCP client find the authorization server from the 401", async () => {
    const unauthorized = await fetch(`${worker.url}/api/v1/mcp`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    const { resourceMetadataUrl } = extractWWWAuthenticateParams(unauthorized);
    expect(resourceMetadataUrl?.href).toBe(`${worker.url}/.well-known/oauth-protected-resource/api/v1/mcp`);
    const resource = await discoverOAuthProtectedResourceMetadata(`${worker.url}/api/v1/mcp`, { resourceMetadataUrl: resourceMetadataUrl! });
    expect(resource).toMatchObject({ resource: `${worker.url}/api/v1/mcp`, authorization_servers: [idp.issuer] });
    const server = await discoverAuthorizationServerMetadata(resource.authorization_servers![0]!);
    expect(server).toMatchObject({ issuer: idp.issuer, token_endpoint: `${idp.issuer}/token` });
  });

  it("serves the authorization server metadata under the MCP endpoint", async () => {
    const response = await fetch(`${worker.url}/api/v1/mcp/.well-known/oauth-authorization-server`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ issuer: idp.issuer, jwks_uri: expect.stringContaining(idp.issuer) });
  });

  it("points at its own metadata when the endpoints are configured explicitly", async () => {
    const explicit = await startWorker({
      DEVELOPMENT_ONLY_REQUIRE_AUTH: "true",
      OIDC_AUTHORITY: idp.issuer,
      OIDC_AUDIENCE: AUDIENCE,
      MCP_OAUTH_AUTHORIZATION_ENDPOINT: "https://login.example/authorize",
      MCP_OAUTH_TOKEN_ENDPOINT: "https://login.example/token",
    });
    try {
      const resource = await discoverOAuthProtectedResourceMetadata(`${explicit.url}/api/v1/mcp`);
      expect(resource.authorization_servers).toEqual([`${explicit.url}/api/v1/mcp`]);
      const server = await discoverAuthorizationServerMetadata(resource.authorization_servers![0]!);
      expect(server).toMatchObject({
        issuer: `${explicit.url}/api/v1/mcp`,
        authorization_endpoint: "https://login.example/authorize",
        token_endpoint: "https://login.example/token",
      });
    } finally {
      await explicit.stop();
    }
  });
});

describe("key rotation", () => {
  it("picks up a new signing key the provider starts using", async () => {
    const key2 = await signingKey("key-2");
    await idp.rotate([key2.privateJwk, key1.privateJwk]);
    const rotated = await idp.token("viewer");
    expect(JSON.parse(Buffer.from(rotated.split(".")[0]!, "base64url").toString()).kid).toBe("key-2");
    // The Worker re-fetches the key set for an unknown kid at most once per 5 s cooldown.
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    const { status, body } = await rest(worker.url, "GET", "/me", undefined, bearer(rotated));
    expect(status).toBe(200);
    expect(body.subject).toBe("viewer");
    expect((await rest(worker.url, "GET", "/me", undefined, bearer(tokens.viewer!))).status).toBe(200);
  });
});
