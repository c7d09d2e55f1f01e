// `seizu login` against the OpenID provider the server names (GET /api/v1/ui-config: the one the
// admin UI signs in with, and its public client): OAuth 2.1 authorization code with PKCE, the
// browser sent back to a one-shot listener on a loopback port (RFC 8252), or with --device the
// device authorization grant (RFC 8628) where the provider offers it. openid-client does the
// protocol (discovery, PKCE, state, the token requests); this module only wires it to the
// terminal, the loopback listener and the credentials file.
import { createServer, type Server } from "node:http";
import type { z } from "zod";
import * as oidc from "openid-client";
import type { uiConfigResponse } from "../../worker/api";
import { createTransport } from "../http";
import { LocalFailure, UsageError } from "../errors";
import type { StoredLogin } from "./credentials";

/** Offline access asks the provider for a refresh token, so a login outlives its access token. */
const SCOPE = "openid profile offline_access";
/** A token this close to its expiry is refreshed before it is sent. */
const EXPIRY_MARGIN_S = 30;

export interface Provider {
  issuer: string;
  clientId: string;
}

/** The provider and client the server signs people in with. */
export async function providerOf(server: string): Promise<Provider> {
  const config = await createTransport({ server })<z.output<typeof uiConfigResponse>>("GET", "/ui-config");
  if (!config.oidc_authority || !config.oidc_client_id) {
    throw new UsageError(
      `${server} names no OpenID provider to sign in with (its OIDC_AUTHORITY and OIDC_CLIENT_ID are unset); pass a token with --token or SEIZU_TOKEN`,
    );
  }
  return { issuer: config.oidc_authority, clientId: config.oidc_client_id };
}

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** The provider's configuration; plain http only for a provider on this machine (a development one). */
async function configuration({ issuer, clientId }: Provider): Promise<oidc.Configuration> {
  const url = new URL(issuer);
  const insecure = url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname);
  try {
    return await oidc.discovery(url, clientId, undefined, oidc.None(), insecure ? { execute: [oidc.allowInsecureRequests] } : undefined);
  } catch (error) {
    throw new LocalFailure(`cannot read the OpenID configuration of ${issuer}: ${(error as Error).message}`);
  }
}

function storedFrom(tokens: oidc.TokenEndpointResponse, provider: Provider, previous?: StoredLogin): StoredLogin {
  return {
    access_token: tokens.access_token,
    // A provider that does not rotate refresh tokens sends none with a refresh: the old one stays good.
    refresh_token: tokens.refresh_token ?? previous?.refresh_token,
    expires_at: tokens.expires_in === undefined ? undefined : Math.floor(Date.now() / 1000) + tokens.expires_in,
    issuer: provider.issuer,
    client_id: provider.clientId,
  };
}

/** Where the browser is sent back to: a listener on a free loopback port, answering one callback. */
async function loopbackListener(): Promise<{ server: Server; redirectUri: string; callback: Promise<URL> }> {
  let deliver!: (url: URL) => void;
  const callback = new Promise<URL>((resolve) => (deliver = resolve));
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", redirectUri);
    if (url.pathname !== "/callback") {
      response.writeHead(404).end();
      return;
    }
    response
      .writeHead(200, { "content-type": "text/plain; charset=utf-8" })
      .end("Seizu: this sign-in is done; you can close this tab and return to the terminal.\n");
    deliver(url);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  const redirectUri = `http://127.0.0.1:${port}/callback`;
  return { server, redirectUri, callback };
}

function timeout(seconds: number, what: string): Promise<never> {
  return new Promise((_, reject) =>
    setTimeout(() => reject(new LocalFailure(`${what} did not finish within ${seconds} s; run seizu login again`)), seconds * 1000).unref(),
  );
}

/** Authorization code with PKCE: the user signs in in a browser, which brings the code back to the loopback listener. */
export async function browserLogin(provider: Provider, say: (line: string) => void, timeoutSeconds: number): Promise<StoredLogin> {
  const config = await configuration(provider);
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const { server, redirectUri, callback } = await loopbackListener();
  try {
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: SCOPE,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
      state,
      // OpenID Connect grants offline_access (a refresh token) only with the user's explicit consent.
      prompt: "consent",
    });
    say(`Open this URL in a browser to sign in:\n\n  ${url.href}\n\nWaiting for the browser to come back to ${redirectUri} ...`);
    const returned = await Promise.race([callback, timeout(timeoutSeconds, "the sign-in in the browser")]);
    const refused = returned.searchParams.get("error");
    if (refused) throw new LocalFailure(`the provider refused the sign-in: ${returned.searchParams.get("error_description") ?? refused}`);
    // openid-client checks the state and sends the verifier; the redirect_uri sent must be the one authorized.
    const tokens = await oidc.authorizationCodeGrant(config, returned, { pkceCodeVerifier: verifier, expectedState: state }, { redirect_uri: redirectUri });
    return storedFrom(tokens, provider);
  } finally {
    server.close();
    server.closeAllConnections();
  }
}

/** The device authorization grant: the user enters a code on another device while this polls. */
export async function deviceLogin(provider: Provider, say: (line: string) => void): Promise<StoredLogin> {
  const config = await configuration(provider);
  if (!config.serverMetadata().device_authorization_endpoint) {
    throw new UsageError(`the OpenID provider ${provider.issuer} offers no device authorization; run seizu login without --device`);
  }
  const device = await oidc.initiateDeviceAuthorization(config, { scope: SCOPE });
  say(
    device.verification_uri_complete
      ? `Open this URL in a browser to sign in:\n\n  ${device.verification_uri_complete}\n`
      : `Open ${device.verification_uri} in a browser and enter the code ${device.user_code}\n`,
  );
  return storedFrom(await oidc.pollDeviceAuthorizationGrant(config, device), provider);
}

const expired = (login: StoredLogin) => login.expires_at !== undefined && login.expires_at - EXPIRY_MARGIN_S <= Date.now() / 1000;

/**
 * The stored login's access token, refreshed first when it has expired (the refreshed login is
 * handed to `save`); an expired one that cannot be refreshed is an error telling what to do.
 */
export async function currentToken(login: StoredLogin, server: string, save: (login: StoredLogin) => void): Promise<string> {
  if (!expired(login)) return login.access_token;
  if (!login.refresh_token || !login.issuer || !login.client_id) {
    throw new UsageError(`the login stored for ${server} has expired; run seizu login again`);
  }
  const provider = { issuer: login.issuer, clientId: login.client_id };
  try {
    const refreshed = storedFrom(await oidc.refreshTokenGrant(await configuration(provider), login.refresh_token), provider, login);
    save(refreshed);
    return refreshed.access_token;
  } catch (error) {
    throw new UsageError(`the login stored for ${server} has expired and could not be refreshed (${(error as Error).message}); run seizu login again`);
  }
}
