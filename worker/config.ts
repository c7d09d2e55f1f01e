// The only reader of the Worker's environment: vars and secrets parsed once per env object
// by one zod schema, with the defaults of the specification. An invalid value fails the
// request that first needs it, naming the setting and the rule.
import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" })
  .transform((value) => value === "true" || value === "1" || value === "yes");

const int = (min: number) => z.coerce.number({ error: "must be a number" }).int("must be an integer").min(min, `must be at least ${min}`);

const list = z.string().transform((value) =>
  value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean),
);

const optionalUrl = z.union([z.literal(""), z.url("must be an absolute URL")]).transform((value) => value || undefined);

/** An allowlisted webhook host: a name or IPv4 address, optionally :port, or a *. wildcard of a domain. */
const WEBHOOK_HOST_ENTRY = /^(?:\*\.)?[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::\d{1,5})?$/;

/** Read-only schema introspection; everything else must be allowed explicitly. */
const DEFAULT_ALLOWED_PROCEDURES =
  "db.labels,db.relationshipTypes,db.propertyKeys,db.schema.visualization,db.schema.nodeTypeProperties,db.schema.relTypeProperties";

export const configSchema = z.object({
  NEO4J_URL: z.url("must be an absolute URL").transform((value) => value.replace(/\/+$/, "")),
  NEO4J_DATABASE: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9.-]*$/, "must be a Neo4j database name")
    .default("neo4j"),
  NEO4J_USER: z.string().default("neo4j"),
  NEO4J_PASSWORD: z.string().optional(),
  NEO4J_BEARER_TOKEN: z.string().optional(),
  NEO4J_QUERY_TIMEOUT_SECONDS: int(1).default(30),
  NEO4J_EXPLAIN_TIMEOUT_SECONDS: int(1).default(10),
  NEO4J_MAX_CONCURRENT_REQUESTS: int(1).default(32),

  MCP_ENABLED: bool.default(true),
  MCP_ENABLED_BUILTINS: z.string().default("all"),
  // How long an isolate may serve the tool definitions and roles it read, when another isolate
  // changed them (its own changes show at once); 0 reads D1 on every call. Bounded so that a
  // change never takes longer than a minute to reach every isolate.
  TOOL_DEFINITION_CACHE_SECONDS: int(0).max(60, "must be at most 60").default(5),
  MCP_TOOL_RESULT_MAX_ROWS: int(1).default(50_000),
  MCP_TOOL_RESULT_MAX_BYTES: int(1).default(25_000_000),
  MCP_GRAPH_QUERY_UNINDEXED_MAX_ESTIMATED_ROWS: int(0).default(100_000),
  MCP_GRAPH_QUERY_REJECT_PERFORMANCE_WARNINGS: bool.default(true),
  MCP_RESOURCE_URL: optionalUrl.prefault(""),
  MCP_OAUTH_AUTHORIZATION_ENDPOINT: optionalUrl.prefault(""),
  MCP_OAUTH_TOKEN_ENDPOINT: optionalUrl.prefault(""),
  MCP_SIGNED_STATE_KEY: z.string().min(32, "must be at least 32 bytes").optional(),

  MCP_CONFIRMATION_ELICITATION_MODE: z.enum(["url", "form", "permission", "off"]).default("url"),
  ACTION_CONFIRMATION_TTL_SECONDS: int(1).default(1800),
  ACTION_CONFIRMATION_DENIAL_RETRIES: int(0).default(1),
  ACTION_CONFIRMATION_SESSION_DENIAL_LIMIT: int(1).default(5),
  // How long a URL-mode continuation waits for the person's decision after the client accepted
  // the link; under the official clients' 60 s request timeout.
  ACTION_CONFIRMATION_URL_WAIT_SECONDS: int(0).max(55, "must be at most 55 (MCP clients time a request out after 60 s)").default(40),
  // How long a report's signed query capabilities stay valid after the report was read.
  REPORT_QUERY_CAPABILITY_TTL_SECONDS: int(1).default(3600),

  QUERY_VALIDATOR_ALLOWED_PROCEDURES: list.prefault(DEFAULT_ALLOWED_PROCEDURES),

  // The MCP authorization server (worker/oauth/): "provider" advertises OIDC_AUTHORITY and takes
  // its tokens, as before; "edge" makes this Worker the authorization server MCP clients register
  // with and get tokens from, signing people in at the organisation's provider (or Cloudflare
  // Access). Provider tokens are still taken beside edge tokens while OIDC_AUDIENCE is set.
  MCP_AUTHORIZATION_SERVER: z.enum(["provider", "edge"], { error: "must be provider or edge" }).default("provider"),
  // The Worker as a confidential client of OIDC_AUTHORITY (authorization code + PKCE), redirect
  // URI {origin}/oauth/callback. MCP_EDGE_CLIENT_SECRET is a secret.
  MCP_EDGE_CLIENT_ID: z.string().default(""),
  MCP_EDGE_CLIENT_SECRET: z.string().optional(),
  // Lifetimes of the edge's access tokens and of a grant (its rotating refresh tokens).
  MCP_EDGE_ACCESS_TOKEN_SECONDS: int(60).max(86_400, "must be at most 86400 (a day)").default(900),
  MCP_EDGE_GRANT_SECONDS: int(3600).default(2_592_000),
  // Cloudflare Access (an Access for SaaS OIDC application) as the identity step instead of
  // OIDC_AUTHORITY: the team domain (https://<team>.cloudflareaccess.com) and the application's
  // client id; CF_ACCESS_CLIENT_SECRET is a secret.
  CF_ACCESS_TEAM_DOMAIN: optionalUrl.prefault(""),
  CF_ACCESS_CLIENT_ID: z.string().default(""),
  CF_ACCESS_CLIENT_SECRET: z.string().optional(),

  OIDC_AUTHORITY: optionalUrl.prefault(""),
  OIDC_AUDIENCE: z.string().default(""),
  OIDC_CLIENT_ID: z.string().default(""),
  RBAC_ROLE_CLAIM: z.string().min(1).default("roles"),
  DEVELOPMENT_ONLY_REQUIRE_AUTH: bool.default(true),
  // false turns the per-caller rate limits off (the test suite and the benchmarks); the limits are the bindings' in wrangler.toml.
  RATE_LIMITS_ENABLED: bool.default(true),

  // The audit log (worker/audit/): false records nothing; arguments are stored whole (each value
  // capped), by name only, or not at all; events older than the retention are deleted by the cron.
  AUDIT_ENABLED: bool.default(true),
  AUDIT_ARGUMENTS: z.enum(["full", "keys", "none"], { error: "must be full, keys or none" }).default("full"),
  AUDIT_RETENTION_DAYS: int(1).default(90),

  // Workflow activities
  WORKFLOW_QUERY_MAX_ROWS: int(1).default(200),
  // Hosts a webhook activity may POST to: exact hosts, host:port, or *.example.com (https only).
  WORKFLOW_WEBHOOK_ALLOWED_HOSTS: list
    .pipe(z.array(z.string().regex(WEBHOOK_HOST_ENTRY, "entries must be host, host:port or *.domain (lower case)")))
    .prefault(""),
  SLACK_API_URL: z
    .url("must be an absolute URL")
    .transform((value) => value.replace(/\/+$/, ""))
    .default("https://slack.com/api"),
  SLACK_OAUTH_BOT_TOKEN: z.string().optional(),
  // Empty: the AWS endpoint of AWS_REGION.
  SQS_URL: optionalUrl.prefault(""),
  AWS_REGION: z
    .string()
    .regex(/^[a-z]{2}(-[a-z]+)+-\d+$/, "must be an AWS region such as us-east-1")
    .default("us-east-1"),
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  AWS_SESSION_TOKEN: z.string().optional(),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

const parsed = new WeakMap<object, Config>();
let warnedAboutDevelopmentAuth = false;

export function loadConfig(env: object): Config {
  const cached = parsed.get(env);
  if (cached) return cached;
  const vars = Object.fromEntries(Object.entries(env).filter(([, value]) => typeof value === "string"));
  const result = configSchema.safeParse(vars);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join("; ")}`);
  }
  // Once per isolate, i.e. on every start of the Worker.
  if (!result.data.DEVELOPMENT_ONLY_REQUIRE_AUTH && !warnedAboutDevelopmentAuth) {
    warnedAboutDevelopmentAuth = true;
    console.warn("WARNING: DEVELOPMENT_ONLY_REQUIRE_AUTH=false: every request runs as the local admin. Never deploy this way.");
  }
  parsed.set(env, result.data);
  return result.data;
}
