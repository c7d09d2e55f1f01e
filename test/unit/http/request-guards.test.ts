import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../../worker/app";
import { api } from "../../support/api";
import { freshId } from "../../support/toolsets";

const app = createApp();

/** A request as a browser or client sends it: its own Host and headers, with settings overridden. */
async function send(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}, vars: Record<string, string> = {}) {
  const response = await app.fetch(
    new Request(`http://127.0.0.1:8080/api/v1${path}`, { method: init.method ?? "GET", headers: { host: "127.0.0.1:8080", ...init.headers }, body: init.body }),
    { ...env, ...vars },
  );
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

const authRequired = { DEVELOPMENT_ONLY_REQUIRE_AUTH: "true", OIDC_AUTHORITY: "http://127.0.0.1:9", OIDC_AUDIENCE: "seizu" };

describe("writes must be JSON", () => {
  it("refuses a text/plain body with 415 naming the rule, and writes nothing", async () => {
    const id = freshId("plain");
    const { status, body } = await send("/toolsets", { method: "POST", headers: { "content-type": "text/plain" }, body: JSON.stringify({ id, name: "CSRF" }) });
    expect(status).toBe(415);
    expect(body.error).toMatchObject({ code: "unsupported_media_type", message: expect.stringContaining("Content-Type: application/json") });
    expect((await api("GET", `/toolsets/${id}`)).status).toBe(404);
  });

  it("refuses a form post and a body without Content-Type", async () => {
    const form = await send("/toolsets", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "id=x&name=y" });
    expect(form.status).toBe(415);
    const bare = await app.fetch(new Request("http://127.0.0.1/api/v1/toolsets", { method: "POST", body: new Blob(['{"id":"x","name":"y"}']) }), env);
    expect(bare.status).toBe(415);
  });

  it("accepts application/json with a charset", async () => {
    const id = freshId("charset");
    const { status } = await send("/toolsets", {
      method: "POST",
      headers: { "content-type": "application/json; charset=utf-8" },
      body: JSON.stringify({ id, name: "Fine" }),
    });
    expect(status).toBe(201);
  });

  it("accepts a write without a body: DELETE", async () => {
    const id = freshId("bodiless");
    await api("POST", "/toolsets", { id, name: "Doomed" });
    expect((await send(`/toolsets/${id}`, { method: "DELETE" })).status).toBe(204);
  });
});

describe("the Host and Origin must name this server", () => {
  it("refuses a foreign Host with 403 naming the header and the rule", async () => {
    const { status, body } = await send("/toolsets", { headers: { host: "evil.example" } });
    expect(status).toBe(403);
    expect(body.error).toMatchObject({ code: "forbidden_host", message: expect.stringMatching(/Host header "evil.example" must be a loopback name/) });
  });

  it.each(["evil.example@127.0.0.1:8080", "%6cocalhost:8080", "127.0.0.1:8080/path", "localhost:8080 x"])(
    "refuses a Host header that is not a plain host and port, %j, with 400",
    async (host) => {
      const { status, body } = await send("/health", { headers: { host } });
      expect(status).toBe(400);
      expect(body.error).toMatchObject({ code: "bad_request", message: expect.stringContaining("is not a host name or address with an optional port") });
    },
  );

  it("refuses a foreign Origin with 403, and writes nothing", async () => {
    const id = freshId("crosssite");
    const { status, body } = await send("/toolsets", {
      method: "POST",
      headers: { origin: "http://evil.example", "content-type": "application/json" },
      body: JSON.stringify({ id, name: "CSRF" }),
    });
    expect(status).toBe(403);
    expect(body.error.message).toContain('Origin header "http://evil.example"');
    expect((await api("GET", `/toolsets/${id}`)).status).toBe(404);
  });

  it("refuses an opaque null Origin", async () => {
    expect((await send("/toolsets", { headers: { origin: "null" } })).status).toBe(403);
  });

  it("guards every route, not only the API: health, OpenAPI, OAuth metadata", async () => {
    for (const path of ["/api/v1/health", "/api/v1/openapi.json", "/.well-known/oauth-protected-resource"]) {
      const response = await app.fetch(new Request(`http://evil.example${path}`, { headers: { host: "evil.example" } }), env);
      expect(response.status, path).toBe(403);
    }
  });

  it("accepts a same-origin write from the admin UI on a loopback name", async () => {
    const id = freshId("sameorigin");
    const browsers = [
      ["127.0.0.1:8080", "http://127.0.0.1:8080"],
      ["localhost:5173", "http://localhost:5173"],
      ["[::1]:8080", "http://[::1]:8080"],
    ] as const;
    for (const [index, [host, origin]] of browsers.entries()) {
      const { status } = await send("/toolsets", {
        method: "POST",
        headers: { host, origin, "content-type": "application/json" },
        body: JSON.stringify({ id: `${id}_${index}`, name: "UI" }),
      });
      expect(status, host).toBe(201);
    }
  });

  it("accepts the host of MCP_RESOURCE_URL and still refuses others", async () => {
    const vars = { MCP_RESOURCE_URL: "https://seizu.example.com" };
    expect((await send("/toolsets", { headers: { host: "seizu.example.com", origin: "https://seizu.example.com" } }, vars)).status).toBe(200);
    expect((await send("/toolsets", { headers: { host: "evil.example" } }, vars)).status).toBe(403);
    expect((await send("/toolsets", { headers: { host: "evil.example" } }, { ...vars, ...authRequired })).status).toBe(403);
  });

  it("keeps a deployment without MCP_RESOURCE_URL reachable under its own host when authentication is required", async () => {
    const own = await send("/toolsets", { headers: { host: "seizu.example.com", origin: "https://seizu.example.com" } }, authRequired);
    expect(own.status).toBe(401);
    const crossSite = await send("/toolsets", { headers: { host: "seizu.example.com", origin: "https://evil.example" } }, authRequired);
    expect(crossSite.status).toBe(403);
  });
});

describe("request bodies are bounded", () => {
  it("refuses a body over 4 MiB with 413 naming the limit, and writes nothing", async () => {
    const id = freshId("huge");
    const body = JSON.stringify({ id, name: "Huge", description: "x".repeat(4 * 1024 * 1024) });
    const { status, body: reply } = await send("/toolsets", { method: "POST", headers: { "content-type": "application/json" }, body });
    expect(status).toBe(413);
    expect(reply.error).toMatchObject({ code: "payload_too_large", message: expect.stringContaining("4 MiB") });
    expect((await api("GET", `/toolsets/${id}`)).status).toBe(404);
  });

  it("refuses an MCP message that is not JSON with 415, as the SDK's handler does for the endpoint", async () => {
    const { status } = await send("/mcp", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json, text/event-stream" },
      body: "jsonrpc=2.0&method=tools/list",
    });
    expect(status).toBe(415);
  });

  it("refuses an MCP message over 4 MiB with 413", async () => {
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "x", arguments: { pad: "x".repeat(4 * 1024 * 1024) } } });
    const { status } = await send("/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body,
    });
    expect(status).toBe(413);
  });

  it("answers an MCP message that is not valid JSON with the JSON-RPC parse error", async () => {
    const { status, body } = await send("/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: '{"jsonrpc": "2.0", "id": 1, "method": ',
    });
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: -32700, message: expect.stringMatching(/^Parse error/) });
  });

  it("refuses Cypher over 100,000 characters with 422 naming the field", async () => {
    const { status, body } = await api("POST", "/graph/validate", { cypher: `RETURN 1 AS one ${"/* pad */".repeat(12_000)}` });
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([expect.objectContaining({ field: "cypher", rule: "too_big", message: "must be at most 100000 characters" })]);
  });
});
