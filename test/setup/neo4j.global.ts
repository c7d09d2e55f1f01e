// Vitest global setup: one real Neo4j for the whole run. NEO4J_URL (+ NEO4J_USER,
// NEO4J_PASSWORD) reuses a running server; otherwise a throwaway server is started on free
// loopback ports with a fresh data folder and removed afterwards.
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startFaultyNeo4j } from "./faulty-neo4j";
// @ts-expect-error plain ESM helper shared with the npm scripts
import { repoRoot, startNeo4j, stopNeo4j } from "../../scripts/neo4j/server.mjs";

export interface Neo4jConnection {
  url: string;
  boltUrl: string;
  user: string;
  password: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    neo4j: Neo4jConnection;
    faultyNeo4jUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const faulty = await startFaultyNeo4j();
  project.provide("faultyNeo4jUrl", faulty.url);
  if (process.env.NEO4J_URL) {
    project.provide("neo4j", {
      url: process.env.NEO4J_URL,
      boltUrl: process.env.NEO4J_BOLT_URL ?? "",
      user: process.env.NEO4J_USER ?? "neo4j",
      password: process.env.NEO4J_PASSWORD ?? "",
    });
    return faulty.close;
  }
  const home = join(repoRoot, `.local/neo4j/test-${process.pid}`);
  const neo4j = await startNeo4j({ home, heap: "1g", pageCache: "256m" });
  project.provide("neo4j", { url: neo4j.url, boltUrl: neo4j.boltUrl, user: neo4j.user, password: neo4j.password });
  return async () => {
    await faulty.close();
    await stopNeo4j(home);
    rmSync(home, { recursive: true, force: true });
  };
}
