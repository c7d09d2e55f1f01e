// The requests the Worker sends to the test run's Neo4j while some work runs, as sent: which
// endpoint (the auto-commit /query/v2 or a transaction's /query/v2/tx...) and what body.
import { env } from "cloudflare:workers";

export interface Neo4jRequest {
  method: string;
  /** The path under /db/{database}/query/v2: "" for an auto-commit query, "/tx" to open a transaction. */
  path: string;
  body: Record<string, unknown> | undefined;
}

/** Runs `work` with every request to Neo4j recorded. */
export async function recordNeo4jRequests<T>(work: () => Promise<T>): Promise<{ result: T; requests: Neo4jRequest[] }> {
  const requests: Neo4jRequest[] = [];
  const original = globalThis.fetch;
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.startsWith(env.NEO4J_URL)) {
      requests.push({
        method: init?.method ?? "GET",
        path: url.replace(/^.*\/query\/v2/, ""),
        body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
      });
    }
    return original(input, init);
  }) as typeof fetch;
  try {
    return { result: await work(), requests };
  } finally {
    globalThis.fetch = original;
  }
}

/** The requests that ran a statement, leaving out the client's own (reading the server's settings, terminating). */
export function statementRequests(requests: Neo4jRequest[], statement: string): Neo4jRequest[] {
  return requests.filter((request) => request.method === "POST" && request.body?.statement === statement);
}

/** How many times `cypher` itself ran (not its EXPLAIN, nor the client's own queries). */
export const runsOf = (requests: Neo4jRequest[], cypher: string) => statementRequests(requests, cypher).length;
