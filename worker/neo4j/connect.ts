import { ConfigError, type Config } from "../config";
import { Neo4jClient, type Neo4jSettings } from "./client";

/** What a client borrows from the request it serves. */
export interface ClientScope {
  /** The request's waitUntil: keeps the closing (or terminating) of transactions alive. */
  background?: (work: Promise<unknown>) => void;
  /** The request's signal: the caller hanging up cancels its queries, on the server too. */
  signal?: AbortSignal;
  /** Told how long each query took, as the Worker saw it (the audit log's neo4j_ms). */
  timed?: (ms: number) => void;
}

/** What a client needs of the configuration, derived once per configuration (one per isolate in practice). */
const servers = new WeakMap<Config, Omit<Neo4jSettings, keyof ClientScope>>();

function serverOf(config: Config): Omit<Neo4jSettings, keyof ClientScope> {
  const known = servers.get(config);
  if (known) return known;
  const auth = config.NEO4J_BEARER_TOKEN
    ? ({ kind: "bearer", token: config.NEO4J_BEARER_TOKEN } as const)
    : ({ kind: "basic", user: config.NEO4J_USER, password: config.NEO4J_PASSWORD ?? "" } as const);
  if (auth.kind === "basic" && !config.NEO4J_PASSWORD) throw new ConfigError("Invalid configuration: NEO4J_PASSWORD or NEO4J_BEARER_TOKEN must be set");
  const server = {
    url: config.NEO4J_URL,
    database: config.NEO4J_DATABASE,
    auth,
    timeoutSeconds: config.NEO4J_QUERY_TIMEOUT_SECONDS,
    explainTimeoutSeconds: config.NEO4J_EXPLAIN_TIMEOUT_SECONDS,
    maxConcurrentRequests: config.NEO4J_MAX_CONCURRENT_REQUESTS,
  };
  servers.set(config, server);
  return server;
}

/** The client for the configured server: Bearer when a token is set, Basic otherwise. */
export function neo4jClient(config: Config, { background, signal, timed }: ClientScope = {}): Neo4jClient {
  return new Neo4jClient({ ...serverOf(config), background, signal, timed });
}
