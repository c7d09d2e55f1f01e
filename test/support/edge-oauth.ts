// The edge authorization server driven by hand inside workerd, as an MCP client and a person's
// browser would: register a client, open /oauth/authorize, answer the consent page, sign in at
// the test run's OpenID provider (test/setup/oidc.global.ts, its development login form posted
// like a browser), come back through /oauth/callback and exchange the code. Cookies are kept per
// origin; nothing follows a redirect by itself, so each hop can be looked at.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { createApp } from "../../worker/app";
import { mcpRequest } from "./mcp-request";

export const BASE = "https://seizu.test";
export const RESOURCE = `${BASE}/api/v1/mcp`;
/** A native client's loopback redirect (RFC 8252): any port is accepted at authorization. */
export const REDIRECT = "http://127.0.0.1:43123/callback";
/** test/support/oidc.ts AUDIENCE: the provider's JWT access tokens are for it. */
const PROVIDER_AUDIENCE = "https://seizu.test/api";

export const EDGE_VARS = {
  DEVELOPMENT_ONLY_REQUIRE_AUTH: "true",
  MCP_AUTHORIZATION_SERVER: "edge",
  OIDC_AUTHORITY: env.TEST_OIDC_ISSUER,
  OIDC_AUDIENCE: PROVIDER_AUDIENCE,
  MCP_EDGE_CLIENT_ID: "seizu-edge",
  MCP_EDGE_CLIENT_SECRET: "seizu-edge-secret",
};

export function edgeEnv(vars: Record<string, string> = {}): Cloudflare.Env {
  return { ...env, ...EDGE_VARS, ...vars } as Cloudflare.Env;
}

const app = createApp();

/** One request to the Worker, its background work finished before the answer is returned. */
export async function callWorker(request: Request, workerEnv: Cloudflare.Env): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.fetch(request, workerEnv, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** Cookies by origin, as a browser keeps them (paths and expiry beyond deletion are not needed here). */
export class CookieJar {
  private readonly jars = new Map<string, Map<string, string>>();

  absorb(url: string, response: Response): void {
    const origin = new URL(url).origin;
    const jar = this.jars.get(origin) ?? new Map<string, string>();
    this.jars.set(origin, jar);
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = cookie.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute) || /^\s*expires=Thu, 01 Jan 1970/i.test(attribute));
      if (expired || pair.slice(at + 1) === "") jar.delete(name);
      else jar.set(name, pair.slice(at + 1));
    }
  }

  header(url: string): string {
    return [...(this.jars.get(new URL(url).origin) ?? [])].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/** A browser: one cookie jar, requests to the Worker go through createApp, anything else over the network. */
export class TestBrowser {
  readonly jar = new CookieJar();
  constructor(readonly workerEnv: Cloudflare.Env) {}

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookies = this.jar.header(url);
    if (cookies) headers.set("cookie", cookies);
    headers.set("host", new URL(url).host);
    const request = new Request(url, { ...init, headers, redirect: "manual" });
    const response = url.startsWith(BASE) ? await callWorker(request, this.workerEnv) : await fetch(request);
    this.jar.absorb(url, response);
    return response;
  }

  /** Posts a form as a browser does, with the Origin of the page it was on. */
  post(url: string, fields: Record<string, string>): Promise<Response> {
    return this.request(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: new URL(url).origin },
      body: new URLSearchParams(fields),
    });
  }
}

export interface RegisteredClient {
  client_id: string;
  client_name?: string;
}

export async function registerClient(workerEnv: Cloudflare.Env, metadata: Record<string, unknown> = {}): Promise<Response> {
  return callWorker(
    new Request(`${BASE}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        client_name: "Test MCP client",
        redirect_uris: [REDIRECT],
        token_endpoint_auth_method: "none",
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        ...metadata,
      }),
    }),
    workerEnv,
  );
}

export async function newClient(workerEnv: Cloudflare.Env, metadata: Record<string, unknown> = {}): Promise<RegisteredClient> {
  const response = await registerClient(workerEnv, metadata);
  if (response.status !== 201) throw new Error(`registration: ${response.status} ${await response.text()}`);
  return (await response.json()) as RegisteredClient;
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replaceAll("=", "");

export async function pkcePair(): Promise<{ verifier: string; challenge: string }> {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const challenge = base64url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))));
  return { verifier, challenge };
}

/** An authorization request URL; `params` overrides or (with undefined) removes any parameter. */
export function authorizeUrl(clientId: string, challenge: string, params: Record<string, string | undefined> = {}): string {
  const all: Record<string, string | undefined> = {
    response_type: "code",
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: challenge,
    code_challenge_method: "S256",
    state: "client-state",
    resource: RESOURCE,
    scope: "mcp",
    ...params,
  };
  const search = new URLSearchParams(Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return `${BASE}/oauth/authorize?${search}`;
}

/** The consent page's form handle. */
export function handleOf(page: string): string {
  const handle = /name="handle" value="([^"]+)"/.exec(page)?.[1];
  if (!handle) throw new Error(`no consent handle in the page: ${page.slice(0, 500)}`);
  return handle;
}

/**
 * At the provider: follow its redirects, post its development login form (any password) and its
 * consent form, until it sends the browser back to the Worker's callback; returns that URL.
 */
export async function signInAtProvider(browser: TestBrowser, start: string, login: string): Promise<string> {
  let url = start;
  for (let hop = 0; hop < 12; hop++) {
    if (url.startsWith(`${BASE}/oauth/callback`)) return url;
    const response = await browser.request(url);
    const location = response.headers.get("location");
    if (location) {
      url = new URL(location, url).toString();
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(page)?.[1];
    if (!action || !prompt) throw new Error(`the provider answered ${response.status} without a form: ${page.slice(0, 500)}`);
    const posted = await browser.post(new URL(action, url).toString(), prompt === "login" ? { prompt, login, password: "any" } : { prompt });
    const next = posted.headers.get("location");
    if (!next) throw new Error(`the provider's ${prompt} form answered ${posted.status}: ${(await posted.text()).slice(0, 500)}`);
    url = new URL(next, url).toString();
  }
  throw new Error("the provider did not send the browser back to /oauth/callback");
}

export interface Connection {
  clientId: string;
  verifier: string;
  /** Where the Worker finally sent the browser: the client's redirect URI with code (or error), state and iss. */
  redirect: URL;
}

/** Register (unless a client is given), consent with `scope`, sign in as `login`: the client's redirect. */
export async function connect(workerEnv: Cloudflare.Env, options: { login?: string; scope?: string; clientId?: string } = {}): Promise<Connection> {
  const clientId = options.clientId ?? (await newClient(workerEnv)).client_id;
  const { verifier, challenge } = await pkcePair();
  const browser = new TestBrowser(workerEnv);
  const consent = await browser.request(authorizeUrl(clientId, challenge));
  if (consent.status !== 200) throw new Error(`consent page: ${consent.status} ${await consent.text()}`);
  const approved = await browser.post(`${BASE}/oauth/authorize`, {
    handle: handleOf(await consent.text()),
    decision: "approve",
    scope: options.scope ?? "mcp",
  });
  const toProvider = approved.headers.get("location");
  if (approved.status !== 302 || !toProvider) throw new Error(`approval: ${approved.status} ${await approved.text()}`);
  const callback = await signInAtProvider(browser, toProvider, options.login ?? "ada");
  const back = await browser.request(callback);
  const location = back.headers.get("location");
  if (back.status !== 302 || !location) throw new Error(`callback: ${back.status} ${await back.text()}`);
  return { clientId, verifier, redirect: new URL(location) };
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  scope: string;
  token_type: string;
}

export function tokenRequest(workerEnv: Cloudflare.Env, fields: Record<string, string>): Promise<Response> {
  return callWorker(
    new Request(`${BASE}/oauth/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) }),
    workerEnv,
  );
}

/** A refresh of the client's grant at the token endpoint, for the MCP resource. */
export function refreshRequest(workerEnv: Cloudflare.Env, clientId: string, refreshToken: string): Promise<Response> {
  return tokenRequest(workerEnv, { grant_type: "refresh_token", refresh_token: refreshToken, client_id: clientId, resource: RESOURCE });
}

export async function exchangeCode(workerEnv: Cloudflare.Env, connection: Connection): Promise<Tokens> {
  const code = connection.redirect.searchParams.get("code");
  if (!code) throw new Error(`no code in ${connection.redirect}`);
  const response = await tokenRequest(workerEnv, {
    grant_type: "authorization_code",
    code,
    redirect_uri: REDIRECT,
    client_id: connection.clientId,
    code_verifier: connection.verifier,
    resource: RESOURCE,
  });
  if (response.status !== 200) throw new Error(`token: ${response.status} ${await response.text()}`);
  return (await response.json()) as Tokens;
}

/** A tools/list or tools/call at the MCP endpoint with this access token. */
export function mcpCall(workerEnv: Cloudflare.Env, token: string, method: string, params: Record<string, unknown> = {}, url = RESOURCE): Promise<Response> {
  const request = mcpRequest(method, params, url);
  request.headers.set("authorization", `Bearer ${token}`);
  request.headers.delete("host");
  return callWorker(request, workerEnv);
}
