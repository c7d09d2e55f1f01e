// Who reads the audit log, and what a bad filter gets: audit:read (admins) alone reads it, a
// viewer and an editor are refused; agents find no audit tool on MCP; every bad filter is a 422
// naming its field and rule.
import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { LOCAL_ADMIN } from "../../../worker/auth/principal";
import type { AppEnv } from "../../../worker/http/app-env";
import { errorResponse } from "../../../worker/http/error-response";
import { restRoutes } from "../../../worker/http/rest-routes";
import { OPERATIONS } from "../../../worker/operations";
import { permissionsOf } from "../../../worker/roles/permissions-of";
import { api } from "../../support/api";
import { mcp } from "../../support/mcp-app";

/** The REST routes as a caller holding `role` (a built-in role, its permissions resolved as sign-in resolves them) meets them. */
async function routesAs(role: string) {
  const permissions = await permissionsOf(env.DB, [role], 0);
  const app = new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set("db", env.DB);
      c.set("principal", { ...LOCAL_ADMIN, subject: `a-${role}`, roles: [role], permissions });
      await next();
    })
    .route("/", restRoutes(OPERATIONS));
  app.onError(errorResponse);
  return app;
}

const AUDIT_PATHS = ["/audit", "/audit/export", "/audit/stats", `/audit/events/${crypto.randomUUID()}`];

describe("audit:read", () => {
  it.each(["seizu-viewer", "seizu-editor"])("is not held by %s: every audit route answers 403 naming it", async (role) => {
    const app = await routesAs(role);
    for (const path of AUDIT_PATHS) {
      const response = await app.fetch(new Request(`http://seizu.test${path}`), env);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(response.status, path).toBe(403);
      expect(body.error.message, path).toContain("audit:read");
    }
  });

  it("is held by seizu-admin, who reads every audit route", async () => {
    const app = await routesAs("seizu-admin");
    for (const path of AUDIT_PATHS.slice(0, 3)) expect((await app.fetch(new Request(`http://seizu.test${path}`), env)).status, path).toBe(200);
  });
});

describe("MCP", () => {
  it("lists no audit tool: agents do not read the audit log", async () => {
    const { result } = await mcp("tools/list");
    const names: string[] = result.tools.map((tool: { name: string }) => tool.name);
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name) => name.startsWith("audit"))).toEqual([]);
  });

  it("lists no audit tool when every built-in group is enabled by name", async () => {
    const { result } = await mcp("tools/list", {}, { MCP_ENABLED_BUILTINS: "graph,audit" });
    const names: string[] = result.tools.map((tool: { name: string }) => tool.name);
    expect(names).toContain("graph__query");
    expect(names.filter((name) => name.startsWith("audit"))).toEqual([]);
  });
});

describe("a bad filter", () => {
  it.each([
    ["/audit?since=yesterday", "since", "iso_8601"],
    ["/audit?until=2026-13-45T00:00:00Z", "until", "iso_8601"],
    ["/audit?since=2026-01-31T12:00:00", "since", "iso_8601"],
    ["/audit?limit=0", "limit", "too_small"],
    ["/audit?limit=501", "limit", "too_big"],
    ["/audit?limit=ten", "limit", "invalid_type"],
    ["/audit?outcome=fine", "outcome", "invalid_value"],
    ["/audit?kind=tool", "kind", "invalid_value"],
    ["/audit?via=email", "via", "invalid_value"],
    ["/audit?format=xml", "format", "invalid_value"],
    ["/audit?principal=", "principal", "too_small"],
    ["/audit?since=2026-02-01&until=2026-01-01", "since", "since_after_until"],
    ["/audit?cursor=not-ours", "cursor", "invalid_cursor"],
    [`/audit?cursor=${btoa("2026-01-01T00:00:00.000Z|x' OR 1=1 --").replaceAll("=", "")}`, "cursor", "invalid_cursor"],
    ["/audit/export?format=xlsx", "format", "invalid_value"],
    ["/audit/export?since=2026-02-01&until=2026-01-01", "since", "since_after_until"],
    ["/audit/stats?since=2026-01-01&until=2026-03-01", "since", "window_too_long"],
    ["/audit/stats?since=2026-02-01&until=2026-01-01", "since", "since_after_until"],
    ["/audit/stats?kind=everything", "kind", "invalid_value"],
  ])("%s answers 422 naming %s and the rule %s", async (path, field, rule) => {
    const { status, body } = await api("GET", path);
    expect(status, JSON.stringify(body)).toBe(422);
    expect(body.error.fields).toEqual([expect.objectContaining({ field, rule, message: expect.any(String) })]);
  });

  it("names every bad field at once", async () => {
    const { status, body } = await api("GET", "/audit?limit=0&outcome=fine&since=soon");
    expect(status).toBe(422);
    expect(body.error.fields.map((issue: { field: string }) => issue.field).sort()).toEqual(["limit", "outcome", "since"]);
  });
});
