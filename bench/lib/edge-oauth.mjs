// Section 11: what the edge authorization server's tokens cost a tools/call beside today's
// provider tokens. A Seizu Edge of its own (MCP_AUTHORIZATION_SERVER=edge, sign-in required,
// over a copy of the bench's D1, so the same saved tools) and an OpenID provider on loopback
// (test/support/edge-provider.mjs); the edge token is got as a desktop client gets it: the MCP
// SDK's discovery, dynamic registration, PKCE and code exchange, the person's consent and
// sign-in in Chromium. Then the same saved tool with each token, in alternating chunks: p50 and
// the Worker's CPU per call. An edge token is looked up in KV (and its grant's props decrypted);
// a provider token is a JWT checked against the provider's cached keys.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { discoverOAuthServerInfo, exchangeAuthorization, registerClient, startAuthorization } from "@modelcontextprotocol/client";
import { chromium } from "playwright-core";
import { freePort, repoRoot } from "../../scripts/neo4j/server.mjs";
import { answerInBrowser, EDGE_CLIENT, startEdgeProvider } from "../../test/support/edge-provider.mjs";
import { seizuCall } from "./mcp.mjs";
import { cpuSeconds } from "./processes.mjs";
import { pidServing } from "./sockets.mjs";
import { seizuVars } from "./stack.mjs";
import { alternate, ms } from "./stats.mjs";
import { startSeizu } from "./workers.mjs";

const AUDIENCE = "https://seizu.bench/api";
/** Never listened on: the browser's arrival there is intercepted, as a desktop client's loopback server would take it. */
const REDIRECT_URI = "http://127.0.0.1:9/callback";

/** An edge access token for `mcpUrl`, through the SDK's steps and the person's answers in Chromium. */
async function edgeToken(mcpUrl, issuer) {
  const { authorizationServerUrl, authorizationServerMetadata: metadata } = await discoverOAuthServerInfo(mcpUrl);
  const clientInformation = await registerClient(authorizationServerUrl, {
    metadata,
    clientMetadata: {
      client_name: "Seizu bench",
      redirect_uris: [REDIRECT_URI],
      grant_types: ["authorization_code", "refresh_token"],
      token_endpoint_auth_method: "none",
    },
  });
  const { authorizationUrl, codeVerifier } = await startAuthorization(authorizationServerUrl, {
    metadata,
    clientInformation,
    redirectUrl: REDIRECT_URI,
    scope: "mcp",
    resource: mcpUrl,
  });
  const profile = mkdtempSync(join(tmpdir(), "seizu-bench-chromium-"));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    await page.route(`${REDIRECT_URI}**`, (route) => route.fulfill({ body: "done" }));
    const landed = await answerInBrowser(page, issuer, authorizationUrl.href);
    const code = landed.searchParams.get("code");
    if (!code) throw new Error(`bench: the edge sign-in ended without a code: ${landed.href}`);
    const tokens = await exchangeAuthorization(authorizationServerUrl, {
      metadata,
      clientInformation,
      authorizationCode: code,
      iss: landed.searchParams.get("iss") ?? undefined,
      codeVerifier,
      redirectUri: REDIRECT_URI,
      resource: mcpUrl,
    });
    return tokens.access_token;
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

export async function edgeOAuthSection({ stack, tool, args, rounds, chunk }) {
  console.log(`\n11. MCP authorization at the edge: a saved tool's tools/call with an edge-issued token vs a provider token`);
  if (stack.target) {
    console.log("   not on a running stack: it needs a Seizu Edge with MCP_AUTHORIZATION_SERVER=edge; run the fresh bench for it");
    return;
  }
  const state = join(repoRoot, ".local/bench-wrangler-edge");
  rmSync(state, { recursive: true, force: true });
  cpSync(stack.state, state, { recursive: true });
  const issuer = `http://127.0.0.1:${await freePort()}`;
  const seizu = await startSeizu({
    persistTo: state,
    vars: {
      ...seizuVars(stack.neo4j),
      DEVELOPMENT_ONLY_REQUIRE_AUTH: "true",
      MCP_AUTHORIZATION_SERVER: "edge",
      OIDC_AUTHORITY: issuer,
      OIDC_AUDIENCE: AUDIENCE,
      MCP_EDGE_CLIENT_ID: EDGE_CLIENT.id,
      MCP_EDGE_CLIENT_SECRET: EDGE_CLIENT.secret,
    },
  });
  const provider = await startEdgeProvider({ issuer, workerUrl: seizu.socket, audience: AUDIENCE });
  try {
    const bearer = (token) => ({ authorization: `Bearer ${token}` });
    const edge = bearer(await edgeToken(`${seizu.socket}/api/v1/mcp`, issuer));
    const today = bearer(await provider.providerToken());
    const pid = pidServing(seizu.socket);
    const worker = { worker: () => cpuSeconds(pid) };
    const figures = await alternate(
      { edge: () => seizuCall(seizu.socket, tool, args, edge), provider: () => seizuCall(seizu.socket, tool, args, today) },
      { rounds, chunk, cpu: { edge: worker, provider: worker } },
    );
    const line = (label, { p50, cpu }) => `     ${label.padEnd(44)} p50 ${ms(p50).padStart(9)}  Worker CPU ${ms(cpu.worker)}/call`;
    console.log(`   ${rounds * chunk} calls of ${tool} each, in alternating chunks of ${chunk}, one Worker`);
    console.log(line("edge token (KV lookup, grant props decrypted)", figures.edge));
    console.log(line("provider token (JWT, provider's keys cached)", figures.provider));
    console.log(
      `     edge over provider: p50 ${ms(figures.edge.p50 - figures.provider.p50)}, Worker CPU ${ms(figures.edge.cpu.worker - figures.provider.cpu.worker)}/call`,
    );
  } finally {
    await provider.stop();
    await seizu.stop();
    rmSync(state, { recursive: true, force: true });
  }
}
