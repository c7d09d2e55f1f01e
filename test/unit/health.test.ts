import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../worker/app";
import { api } from "../support/api";

describe("GET /api/v1/health", () => {
  it("answers 200 when D1 and Neo4j both answer", async () => {
    const { status, body } = await api("GET", "/health");
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: "ok", checks: { d1: { ok: true }, neo4j: { ok: true } } });
  });
});

describe("GET /api/v1/health when Neo4j is down", () => {
  it("answers 503 and names the failing part", async () => {
    const { status, body } = await api("GET", "/health", undefined, { vars: { NEO4J_URL: "http://127.0.0.1:9" } });
    expect(status).toBe(503);
    expect(body.status).toBe("unavailable");
    expect(body.checks.d1.ok).toBe(true);
    expect(body.checks.neo4j).toMatchObject({ ok: false, error: expect.stringContaining("unreachable") });
  });
});

describe("GET /healthcheck, upstream Seizu's probe path", () => {
  const probe = (vars: Record<string, string> = {}) => createApp().fetch(new Request("http://seizu.test/healthcheck"), { ...env, ...vars });

  it("answers 200 with success: true when D1 and Neo4j answer", async () => {
    const response = await probe();
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true, status: "ok" });
  });

  it("answers 503 with success: false when Neo4j is down", async () => {
    const response = await probe({ NEO4J_URL: "http://127.0.0.1:9" });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ success: false, status: "unavailable", checks: { neo4j: { ok: false } } });
  });
});
