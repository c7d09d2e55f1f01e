// GET /api/v1/health: whether D1 and Neo4j answer, 200 when both do, 503 naming what failed.
// GET /healthcheck is upstream Seizu's path for the same check (its `success` field, which
// upstream's probes read, beside this server's status and checks).
import { type Context, Hono } from "hono";
import type { z } from "zod";
import { loadConfig } from "../config";
import type { AppEnv } from "./app-env";
import { neo4jClient } from "../neo4j/connect";
import { backgroundOf } from "./operation-context";
import type { HealthCheck, healthResponse } from "../operations/unlisted-responses";

const PROBE_TIMEOUT_SECONDS = 5;

async function check(probe: () => Promise<unknown>): Promise<HealthCheck> {
  const started = Date.now();
  try {
    await probe();
    return { ok: true, latency_ms: Date.now() - started };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

async function probe(c: Context<AppEnv>) {
  const [d1, neo4j] = await Promise.all([
    check(() => c.env.DB.prepare("SELECT 1").first()),
    check(() => neo4jClient(loadConfig(c.env), { background: backgroundOf(c) }).query("RETURN 1", {}, { timeoutSeconds: PROBE_TIMEOUT_SECONDS })),
  ]);
  const ok = d1.ok && neo4j.ok;
  return { ok, body: { status: ok ? "ok" : "unavailable", checks: { d1, neo4j } } satisfies z.input<typeof healthResponse> };
}

export const health = new Hono<AppEnv>().get("/health", async (c) => {
  const { ok, body } = await probe(c);
  return c.json(body, ok ? 200 : 503);
});

export const upstreamHealthcheck = new Hono<AppEnv>().get("/healthcheck", async (c) => {
  const { ok, body } = await probe(c);
  return c.json({ success: ok, ...body }, ok ? 200 : 503);
});
