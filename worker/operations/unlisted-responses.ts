// Responses of the two public routes that are no operations (no permission, no OpenAPI entry),
// typed all the same so the UI reads every shape it shows from one place. They sit apart from
// responses.ts so the routes that answer them (http/health.ts, http/ui-config.ts) reach no
// resource's schemas.
import { z } from "zod";

const healthCheck = z.union([z.object({ ok: z.literal(true), latency_ms: z.number() }), z.object({ ok: z.literal(false), error: z.string() })]);
export type HealthCheck = z.output<typeof healthCheck>;
/** GET /health: whether D1 and Neo4j answer. */
export const healthResponse = z.object({ status: z.enum(["ok", "unavailable"]), checks: z.object({ d1: healthCheck, neo4j: healthCheck }) });
/** GET /ui-config (public): whether the UI must sign in, and with which OpenID provider and client. */
export const uiConfigResponse = z.object({ require_auth: z.boolean(), oidc_authority: z.string().nullable(), oidc_client_id: z.string().nullable() });
