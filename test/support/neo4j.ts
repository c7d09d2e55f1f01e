// A client for the test run's Neo4j, with write access for fixtures.
import { env } from "cloudflare:workers";
import { Neo4jClient, type Neo4jSettings } from "../../worker/neo4j/client";

export function testNeo4jSettings(overrides: Partial<Neo4jSettings> = {}): Neo4jSettings {
  return {
    url: env.NEO4J_URL,
    database: "neo4j",
    auth: { kind: "basic", user: env.NEO4J_USER, password: env.NEO4J_PASSWORD },
    timeoutSeconds: 30,
    ...overrides,
  };
}

export function testNeo4j(overrides: Partial<Neo4jSettings> = {}): Neo4jClient {
  return new Neo4jClient(testNeo4jSettings(overrides));
}

/** A label no other test uses, so tests can share one database. */
export function uniqueLabel(prefix: string): string {
  return `${prefix}_${crypto.randomUUID().replaceAll("-", "")}`;
}
