// Section 11: what the edge authorization server's tokens cost a tools/call beside today's
// provider tokens. A Seizu Edge of its own (MCP_AUTHORIZATION_SERVER=edge, sign-in required,
// over a copy of the bench's D1, so the same saved tools) and an OpenID provider on loopback
// (test/support/edge-provider.mjs); the edge token is got as a desktop client gets it: the MCP
// SDK's discovery, dynamic registration, PKCE and code exchange, the person's consent and
// sign-in in Chromium. Then the same saved tool with each token, in alternating chunks: p50 and
// the Worker's CPU per call. An edge token's record is read from KV on every call (its grant's
// props are unwrapped and decrypted the first time only: worker/oauth/token-verdicts.ts); a
// provider token is a JWT checked against the provider's cached keys. Two controls run in the
// same chunks, the bare Worker and the bare Worker plus one KV read (bench/kv-worker.js): locally
// the KV simulator runs inside the Worker's workerd, so its cost is the local runtime's, and what
// is left of the edge token's extra cost beyond it is Seizu Edge's own (the token's hash and the
// record's comparison, against the JWT's signature check that a provider token costs instead).
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { discoverOAuthServerInfo, exchangeAuthorization, registerClient, startAuthorization } from "@modelcontextprotocol/client";
import { chromium } from "playwright-core";
import { freePort, repoRoot } from "../../scripts/neo4j/server.mjs";
import { answerInBrowser, edgeWorkerVars, startEdgeProvider } from "../../test/support/edge-provider.mjs";
import { cpuSeconds } from "./processes.mjs";
import { pidServing } from "./sockets.mjs";
import { exchange, seizuCall } from "./mcp.mjs";
import { basicAuth, seizuVars } from "./stack.mjs";
import { alternate, ms } from "./stats.mjs";
import { startBare, startKvControl, startSeizu } from "./workers.mjs";

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

export async function edgeOAuthSection({ stack, tool, args, rounds, chunk, warmup, controlBody }) {
  console.log(`\n11. MCP authorization at the edge: a saved tool's tools/call with an edge-issued token vs a provider token`);
  if (stack.target) {
    console.log("   not on a running stack: it needs a Seizu Edge with MCP_AUTHORIZATION_SERVER=edge; run the fresh bench for it");
    return;
  }
  const state = join(repoRoot, ".local/bench-wrangler-edge");
  const kvState = join(repoRoot, ".local/bench-wrangler-kv-control");
  for (const dir of [state, kvState]) rmSync(dir, { recursive: true, force: true });
  cpSync(stack.state, state, { recursive: true });
  const issuer = `http://127.0.0.1:${await freePort()}`;
  const seizu = await startSeizu({
    persistTo: state,
    vars: { ...seizuVars(stack.neo4j), ...edgeWorkerVars(issuer, AUDIENCE) },
  });
  const provider = await startEdgeProvider({ issuer, workerUrl: seizu.socket, audience: AUDIENCE });
  const authorization = basicAuth(stack.neo4j);
  const bare = await startBare({ neo4jUrl: stack.neo4j.url, authorization });
  const kv = await startKvControl({ neo4jUrl: stack.neo4j.url, authorization, persistTo: kvState });
  try {
    const bearer = (token) => ({ authorization: `Bearer ${token}` });
    const edge = bearer(await edgeToken(`${seizu.socket}/api/v1/mcp`, issuer));
    const today = bearer(await provider.providerToken());
    const worker = (socket) => {
      const pid = pidServing(socket);
      return { worker: () => cpuSeconds(pid) };
    };
    const forward = (socket) => exchange(socket, { method: "POST", body: controlBody });
    const figures = await alternate(
      {
        edge: () => seizuCall(seizu.socket, tool, args, edge),
        provider: () => seizuCall(seizu.socket, tool, args, today),
        bare: () => forward(bare.socket),
        kv: () => forward(kv.socket),
      },
      { rounds, chunk, warmup, cpu: { edge: worker(seizu.socket), provider: worker(seizu.socket), bare: worker(bare.socket), kv: worker(kv.socket) } },
    );
    const line = (label, { p50, cpu }) => `     ${label.padEnd(44)} p50 ${ms(p50).padStart(9)}  Worker CPU ${ms(cpu.worker)}/call`;
    console.log(`   ${rounds * chunk} calls of ${tool} each, in alternating chunks of ${chunk}, one Worker`);
    console.log(line("edge token (its KV record read)", figures.edge));
    console.log(line("provider token (JWT, provider's keys cached)", figures.provider));
    console.log(line("bare Worker", figures.bare));
    console.log(line("bare Worker + one KV read", figures.kv));
    const addedP50 = figures.edge.p50 - figures.provider.p50;
    const addedCpu = figures.edge.cpu.worker - figures.provider.cpu.worker;
    const kvP50 = figures.kv.p50 - figures.bare.p50;
    const kvCpu = figures.kv.cpu.worker - figures.bare.cpu.worker;
    console.log(`     edge over provider: p50 ${ms(addedP50)}, Worker CPU ${ms(addedCpu)}/call (target: no more than a provider token)`);
    console.log(
      `     of which the local runtime's own cost of one KV read (the control over the bare Worker: the KV simulator in the same workerd): p50 ${ms(kvP50)}, CPU ${ms(kvCpu)}/call`,
    );
    console.log(`     Seizu Edge's own share: p50 ${ms(addedP50 - kvP50)}, CPU ${ms(addedCpu - kvCpu)}/call`);
  } finally {
    await provider.stop();
    await seizu.stop();
    await bare.stop();
    await kv.stop();
    for (const dir of [state, kvState]) rmSync(dir, { recursive: true, force: true });
  }
}
