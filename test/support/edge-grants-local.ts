// Connected apps written into a `wrangler dev` Worker's local OAUTH_KV before it starts, made by
// the library itself (test/support/edge-grants.ts) running in Node: the Worker's modules are
// bundled by importWorker, and the KV is Miniflare's over the directory `wrangler dev` will
// persist to, so the Worker then reads the very records the library wrote.
import { join } from "node:path";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { inject } from "vitest";
// @ts-expect-error plain ESM helper of the scripts
import { importWorker } from "../../scripts/definitions/operations.mjs";
import type { Connection, ConnectedGrant } from "./edge-grants";

/** wrangler.toml's OAUTH_KV id, under which `wrangler dev` keeps the namespace locally. */
const OAUTH_KV_ID = "00000000000000000000000000000000";

export async function connectAppsLocally(persistTo: string, connections: Connection[]): Promise<ConnectedGrant[]> {
  const { edgeAuthorizationServer, loadConfig, connectApp } = await importWorker(
    `export { edgeAuthorizationServer } from "./worker/oauth/authorization-server.ts";
     export { loadConfig } from "./worker/config.ts";
     export { connectApp } from "./test/support/edge-grants.ts";`,
  );
  const miniflare = new Miniflare(
    convertV4MiniflareOptions({ modules: true, script: "", resourcePersistencePath: join(persistTo, "v3"), kvNamespaces: { OAUTH_KV: OAUTH_KV_ID } }),
  );
  try {
    const env = { OAUTH_KV: await miniflare.getKVNamespace("OAUTH_KV") };
    const base = "http://localhost";
    // The Worker's settings as startWorker gives them; only the edge's are read here.
    const config = loadConfig({ NEO4J_URL: inject("neo4j").url, MCP_AUTHORIZATION_SERVER: "edge" });
    const server = edgeAuthorizationServer(config, base);
    // The token endpoint may hand work to waitUntil; it is awaited before the KV closes.
    const pending: Promise<unknown>[] = [];
    const ctx = { waitUntil: (work: Promise<unknown>) => pending.push(work), passThroughOnException() {}, props: {} };
    const grants: ConnectedGrant[] = [];
    for (const connection of connections) grants.push(await connectApp(server, env, ctx, base, connection));
    await Promise.all(pending);
    return grants;
  } finally {
    await miniflare.dispose();
  }
}
