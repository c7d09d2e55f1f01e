import { ConfigError, type Config } from "../config";
import { Neo4jClient } from "./client";

/**
 * The client for the configured server: Bearer when a token is set, Basic otherwise.
 * `background` (the request's waitUntil) keeps the closing of read transactions alive.
 */
export function neo4jClient(config: Config, background?: (work: Promise<unknown>) => void): Neo4jClient {
  const auth = config.NEO4J_BEARER_TOKEN
    ? ({ kind: "bearer", token: config.NEO4J_BEARER_TOKEN } as const)
    : ({ kind: "basic", user: config.NEO4J_USER, password: config.NEO4J_PASSWORD ?? "" } as const);
  if (auth.kind === "basic" && !config.NEO4J_PASSWORD) throw new ConfigError("Invalid configuration: NEO4J_PASSWORD or NEO4J_BEARER_TOKEN must be set");
  return new Neo4jClient({ url: config.NEO4J_URL, database: config.NEO4J_DATABASE, auth, timeoutSeconds: config.NEO4J_QUERY_TIMEOUT_SECONDS, background });
}
