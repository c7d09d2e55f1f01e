// Connected apps on REST: a person lists and revokes the MCP clients they connected through the
// edge authorization server, and the revoked app's access token is refused from the next request
// on; oauth:manage (seizu-admin) lists and revokes everyone's. Grants are made through the
// library as the authorization flow makes them (test/support/edge-grants.ts).
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { LOCAL_ADMIN } from "../../../worker/auth/principal";
import { loadConfig } from "../../../worker/config";
import type { AppEnv } from "../../../worker/http/app-env";
import { errorResponse } from "../../../worker/http/error-response";
import { restRoutes } from "../../../worker/http/rest-routes";
import { edgeAuthorizationServer } from "../../../worker/oauth/authorization-server";
import type { ConnectedApp } from "../../../worker/oauth/connected-app";
import { OPERATIONS } from "../../../worker/operations";
import { permissionsOf } from "../../../worker/roles/permissions-of";
import { type Connection, connectApp } from "../../support/edge-grants";

const BASE = "https://seizu.test";
const RESOURCE = `${BASE}/api/v1/mcp`;
const EDGE = { ...env, MCP_AUTHORIZATION_SERVER: "edge", MCP_RESOURCE_URL: BASE };
const server = edgeAuthorizationServer(loadConfig(EDGE), BASE);

const person = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}`;
const connect = (connection: Connection) => connectApp(server, env, createExecutionContext(), BASE, connection);

/** The REST routes as `subject` holding built-in `role` meets them, with the edge authorization server on (or `vars`' setting). */
async function as(subject: string, role: string, vars: Record<string, string> = {}) {
  const permissions = await permissionsOf(env.DB, [role], 0);
  const app = new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set("db", env.DB);
      c.set("principal", { ...LOCAL_ADMIN, subject, roles: [role], permissions });
      await next();
    })
    .route("/", restRoutes(OPERATIONS));
  app.onError(errorResponse);
  return async (method: string, path: string) => {
    const response = await app.fetch(new Request(`${BASE}${path}`, { method }), { ...EDGE, ...vars });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
}

const grantIds = (apps: ConnectedApp[]) => apps.map((app) => app.grant_id).sort();

describe("a person's connected apps", () => {
  it("lists the apps they connected, with the client, access level, dates and themselves", async () => {
    const alice = person("alice");
    const before = Date.now();
    const full = await connect({ clientName: "Claude", subject: alice, displayName: "Alice A.", scope: "mcp" });
    const readOnly = await connect({ clientName: "ChatGPT", subject: alice, scope: "mcp:read" });
    const { status, body } = await (await as(alice, "seizu-viewer"))("GET", "/connected-apps");
    expect(status).toBe(200);
    expect(grantIds(body.apps)).toEqual([full.grantId, readOnly.grantId].sort());
    const claude = body.apps.find((app: ConnectedApp) => app.grant_id === full.grantId);
    expect(claude).toMatchObject({
      client_id: full.clientId,
      client_name: "Claude",
      scope: ["mcp"],
      access: "full",
      subject: alice,
      display_name: "Alice A.",
      via: "oidc",
    });
    expect(Date.parse(claude.created_at)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    // A grant lives MCP_EDGE_GRANT_SECONDS (30 days by default) from the code's exchange.
    expect(Date.parse(claude.expires_at) - Date.parse(claude.created_at)).toBeGreaterThanOrEqual(2_592_000_000 - 5_000);
    expect(body.apps.find((app: ConnectedApp) => app.grant_id === readOnly.grantId)).toMatchObject({
      client_name: "ChatGPT",
      scope: ["mcp:read"],
      access: "read_only",
    });
    expect(body.next_cursor).toBeNull();
  });

  it("shows nobody else's apps", async () => {
    const [alice, bob] = [person("alice"), person("bob")];
    await connect({ clientName: "Claude", subject: bob, scope: "mcp" });
    const { body } = await (await as(alice, "seizu-viewer"))("GET", "/connected-apps");
    expect(body.apps).toEqual([]);
  });

  it("pages with the cursor it gives", async () => {
    const carol = person("carol");
    const grants = await Promise.all([1, 2, 3].map((n) => connect({ clientName: `App ${n}`, subject: carol, scope: "mcp" })));
    const call = await as(carol, "seizu-viewer");
    const first = await call("GET", "/connected-apps?limit=2");
    expect(first.body.apps).toHaveLength(2);
    const second = await call("GET", `/connected-apps?limit=2&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expect(second.body.next_cursor).toBeNull();
    expect(grantIds([...first.body.apps, ...second.body.apps])).toEqual(grantIds(grants.map(({ grantId }) => ({ grant_id: grantId }) as ConnectedApp)));
  });
});

describe("revoking a connected app", () => {
  it("ends it at once: its access token is refused on the next request, and it is listed no more", async () => {
    const alice = person("alice");
    const app = await connect({ clientName: "Claude", subject: alice, scope: "mcp" });
    expect(await server.validateToken(RESOURCE, app.accessToken, env)).toMatchObject({ userId: alice, clientId: app.clientId, audience: RESOURCE });
    const call = await as(alice, "seizu-viewer");
    expect((await call("DELETE", `/connected-apps/${app.grantId}`)).status).toBe(204);
    expect(await server.validateToken(RESOURCE, app.accessToken, env)).toBeNull();
    expect((await call("GET", "/connected-apps")).body.apps).toEqual([]);
  });

  it("ends its refresh token too: the client cannot get a new access token", async () => {
    const alice = person("alice");
    const app = await connect({ clientName: "Claude", subject: alice, scope: "mcp" });
    await (await as(alice, "seizu-viewer"))("DELETE", `/connected-apps/${app.grantId}`);
    const form = new URLSearchParams({ grant_type: "refresh_token", refresh_token: app.refreshToken, client_id: app.clientId });
    const response = await server.fetch(new Request(`${BASE}/oauth/token`, { method: "POST", body: form }), env, createExecutionContext());
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_grant" });
  });

  it("leaves the person's other apps connected", async () => {
    const alice = person("alice");
    const [gone, kept] = [
      await connect({ clientName: "Old", subject: alice, scope: "mcp" }),
      await connect({ clientName: "Kept", subject: alice, scope: "mcp" }),
    ];
    await (await as(alice, "seizu-viewer"))("DELETE", `/connected-apps/${gone.grantId}`);
    expect(await server.validateToken(RESOURCE, kept.accessToken, env)).not.toBeNull();
  });

  it("works for a person whose subject contains ':' (a URN): listed under it, revoked by it", async () => {
    const urn = `urn:example:${person("ada")}:`;
    const app = await connect({ clientName: "Claude", subject: urn, scope: "mcp" });
    const call = await as(urn, "seizu-viewer");
    expect((await call("GET", "/connected-apps")).body.apps).toEqual([expect.objectContaining({ grant_id: app.grantId, subject: urn })]);
    expect((await call("DELETE", `/connected-apps/${app.grantId}`)).status).toBe(204);
    expect(await server.validateToken(RESOURCE, app.accessToken, env)).toBeNull();
  });

  it("keeps apart subjects that differ only in how ':' is written: 'x:' and 'x%3A' are two people", async () => {
    const id = person("ada");
    await connect({ clientName: "Claude", subject: `${id}:`, scope: "mcp" });
    expect((await (await as(`${id}%3A`, "seizu-viewer"))("GET", "/connected-apps")).body.apps).toEqual([]);
  });

  it("is not found for another person's grant id: a person revokes only their own", async () => {
    const [alice, bob] = [person("alice"), person("bob")];
    const bobs = await connect({ clientName: "Claude", subject: bob, scope: "mcp" });
    const { status, body } = await (await as(alice, "seizu-viewer"))("DELETE", `/connected-apps/${bobs.grantId}`);
    expect(status).toBe(404);
    expect(body.error.message).toContain(bobs.grantId);
    expect(await server.validateToken(RESOURCE, bobs.accessToken, env)).not.toBeNull();
  });
});

describe("oauth:manage", () => {
  it("is held by seizu-admin, who lists everyone's connected apps", async () => {
    const [alice, bob] = [person("alice"), person("bob")];
    const [a, b] = [
      await connect({ clientName: "Claude", subject: alice, scope: "mcp" }),
      await connect({ clientName: "Cursor", subject: bob, scope: "mcp:read" }),
    ];
    const call = await as(person("admin"), "seizu-admin");
    const apps: ConnectedApp[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { apps: ConnectedApp[]; next_cursor: string | null } } = await call(
        "GET",
        `/connected-apps?all=true&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      apps.push(...page.body.apps);
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(apps.find((app) => app.grant_id === a.grantId)).toMatchObject({ subject: alice, client_name: "Claude" });
    expect(apps.find((app) => app.grant_id === b.grantId)).toMatchObject({ subject: bob, client_name: "Cursor", access: "read_only" });
  });

  it("lets an admin list one person's apps and revoke one of them, ending its token", async () => {
    const bob = person("bob");
    const app = await connect({ clientName: "Claude", subject: bob, scope: "mcp" });
    const call = await as(person("admin"), "seizu-admin");
    expect(grantIds((await call("GET", `/connected-apps?subject=${bob}`)).body.apps)).toEqual([app.grantId]);
    expect((await call("DELETE", `/connected-apps/${app.grantId}?subject=${bob}`)).status).toBe(204);
    expect(await server.validateToken(RESOURCE, app.accessToken, env)).toBeNull();
  });

  it.each(["seizu-viewer", "seizu-editor"])("is not held by %s: listing everyone's is refused naming it", async (role) => {
    const { status, body } = await (await as(person("viewer"), role))("GET", "/connected-apps?all=true");
    expect(status).toBe(403);
    expect(body.error.message).toContain("oauth:manage");
  });

  it("is needed to list another person's apps", async () => {
    const { status, body } = await (await as(person("alice"), "seizu-viewer"))("GET", `/connected-apps?subject=${person("bob")}`);
    expect(status).toBe(403);
    expect(body.error.message).toContain("oauth:manage");
  });

  it("is needed to revoke another person's app, and the refused revocation leaves it working", async () => {
    const bob = person("bob");
    const app = await connect({ clientName: "Claude", subject: bob, scope: "mcp" });
    const { status, body } = await (await as(person("alice"), "seizu-editor"))("DELETE", `/connected-apps/${app.grantId}?subject=${bob}`);
    expect(status).toBe(403);
    expect(body.error.message).toContain("oauth:manage");
    expect(await server.validateToken(RESOURCE, app.accessToken, env)).not.toBeNull();
  });

  it("is not needed to name oneself", async () => {
    const alice = person("alice");
    const app = await connect({ clientName: "Claude", subject: alice, scope: "mcp" });
    const call = await as(alice, "seizu-viewer");
    expect(grantIds((await call("GET", `/connected-apps?subject=${alice}`)).body.apps)).toEqual([app.grantId]);
    expect((await call("DELETE", `/connected-apps/${app.grantId}?subject=${alice}`)).status).toBe(204);
  });
});

describe("bad input", () => {
  it.each([
    ["GET", "/connected-apps?all=maybe", "all", "invalid_value"],
    ["GET", "/connected-apps?limit=0", "limit", "too_small"],
    ["GET", "/connected-apps?limit=101", "limit", "too_big"],
    ["GET", "/connected-apps?subject=", "subject", "too_small"],
    ["GET", "/connected-apps?all=true&subject=bob", "subject", "all_or_subject"],
    ["DELETE", "/connected-apps/not-a-grant-id", "grant_id", "invalid_format"],
  ])("%s %s is refused naming %s and %s", async (method, path, field, rule) => {
    const { status, body } = await (await as(person("admin"), "seizu-admin"))(method, path);
    expect(status).toBe(422);
    expect(body.error.fields).toContainEqual(expect.objectContaining({ field, rule }));
  });

  it("answers 404 for a grant id nobody holds", async () => {
    const { status, body } = await (await as(person("alice"), "seizu-viewer"))("DELETE", "/connected-apps/AAAAAAAAAAAAAAAA");
    expect(status).toBe(404);
    expect(body.error.message).toContain("AAAAAAAAAAAAAAAA");
  });
});

describe("with the edge authorization server off", () => {
  it.each([
    ["GET", "/connected-apps"],
    ["DELETE", "/connected-apps/AAAAAAAAAAAAAAAA"],
  ])("%s %s answers 404 naming MCP_AUTHORIZATION_SERVER", async (method, path) => {
    const { status, body } = await (await as(person("alice"), "seizu-viewer", { MCP_AUTHORIZATION_SERVER: "provider" }))(method, path);
    expect(status).toBe(404);
    expect(body.error.message).toContain("MCP_AUTHORIZATION_SERVER");
  });
});
