// Counting the requests the Worker under test sends to Neo4j: the test's own isolate runs the
// Worker, so its fetch is the one to watch.
import { env } from "cloudflare:workers";

export interface Neo4jRequest {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
}

/** Runs `work` with every request to Neo4j recorded: method, path under /query/v2, body. */
export async function recordingNeo4j<T>(work: () => Promise<T>): Promise<{ result: T; requests: Neo4jRequest[] }> {
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

/** The requests that ran `cypher` itself (not its EXPLAIN, nor a transaction's close). */
export const runsOf = (requests: Neo4jRequest[], cypher: string) => requests.filter((request) => request.body?.statement === cypher).length;
