// Responses of the public routes that are no operations (no permission, no OpenAPI entry),
// typed all the same so the UI reads every shape it shows from one place. They sit apart from
// responses.ts so the routes that answer them (http/health.ts, http/ui-config.ts, http/upstream-config.ts) reach no
// resource's schemas but the activity types' form fields.
import { z } from "zod";
import { configFieldView } from "../workflows/activities/views";

const healthCheck = z.union([z.object({ ok: z.literal(true), latency_ms: z.number() }), z.object({ ok: z.literal(false), error: z.string() })]);
export type HealthCheck = z.output<typeof healthCheck>;
/** GET /health: whether D1 and Neo4j answer. */
export const healthResponse = z.object({ status: z.enum(["ok", "unavailable"]), checks: z.object({ d1: healthCheck, neo4j: healthCheck }) });
/** GET /ui-config (public): whether the UI must sign in, and with which OpenID provider and client. */
export const uiConfigResponse = z.object({ require_auth: z.boolean(), oidc_authority: z.string().nullable(), oidc_client_id: z.string().nullable() });

const fieldsByType = z.record(z.string(), z.array(configFieldView));
/**
 * GET /config (public): upstream Seizu's frontend and CLI configuration — whether to sign in and
 * with which OpenID client, and the activity types with their form fields. Nothing secret.
 */
export const upstreamConfigResponse = z.object({
  auth_required: z.boolean(),
  oidc: z.object({ authority: z.string(), client_id: z.string(), redirect_uri: z.string(), scope: z.string() }).nullable(),
  scheduled_query_action_types: z.array(z.string()),
  scheduled_query_action_schemas: fieldsByType,
  scheduled_query_action_dependent_schemas: z.object({}),
  workflow_activity_types: z.array(z.string()),
  workflow_activity_schemas: fieldsByType,
  workflow_activity_definitions: z.record(
    z.string(),
    z.object({
      description: z.string(),
      input_required: z.boolean(),
      input_schema: z.record(z.string(), z.unknown()),
      output_schema: z.record(z.string(), z.unknown()),
      config_fields: z.array(configFieldView),
    }),
  ),
  features: z.object({ chat: z.boolean(), chat_schedules: z.boolean() }),
  config: z.object({}),
});
