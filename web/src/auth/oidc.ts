// Signing in with OpenID Connect: the authorization code flow with PKCE (RFC 7636, S256) for a
// public client. The app only needs an access token for the API — who the caller is and what
// they may do comes from GET /api/v1/me, which verifies the token — so no ID token is read.
//
// beginSignIn discovers the provider, remembers {state, verifier, return path} in session
// storage and returns the authorization URL to go to; completeSignIn, at /auth/callback,
// checks the state, exchanges the code at the token endpoint and stores the access token.
import { writeToken, type KeyValueStore } from "./token-store";

export const CALLBACK_PATH = "/auth/callback";
const PENDING_KEY = "seizu.auth.pending";
const SCOPE = "openid profile";

export interface ProviderMetadata {
  issuer?: string;
  authorization_endpoint: string;
  token_endpoint: string;
  end_session_endpoint?: string;
}

interface PendingSignIn {
  state: string;
  verifier: string;
  client_id: string;
  redirect_uri: string;
  token_endpoint: string;
  return_to: string;
}

export interface OidcDeps {
  fetch: typeof fetch;
  storage: KeyValueStore;
  /** Random bytes; crypto.getRandomValues by default. */
  randomBytes?: (length: number) => Uint8Array;
  now?: () => number;
}

export function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

const defaultRandom = (length: number) => crypto.getRandomValues(new Uint8Array(length));

/** A code verifier: 32 random bytes, 43 base64url characters (RFC 7636 §4.1). */
export function createVerifier(randomBytes: (length: number) => Uint8Array = defaultRandom): string {
  return base64url(randomBytes(32));
}

/** The S256 code challenge of a verifier: base64url(SHA-256(verifier)). */
export async function codeChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

/** Only a path on this origin may be returned to after sign-in (no open redirect). */
export function safeReturnPath(path: string | null | undefined): string {
  if (!path?.startsWith("/") || path.startsWith("//") || path.startsWith("/\\") || path.startsWith(CALLBACK_PATH)) return "/";
  return path;
}

export async function discover(authority: string, fetchFn: typeof fetch): Promise<ProviderMetadata> {
  const url = `${authority.replace(/\/+$/, "")}/.well-known/openid-configuration`;
  let response: Response;
  try {
    response = await fetchFn(url, { headers: { accept: "application/json" } });
  } catch (error) {
    throw new Error(`The sign-in provider at ${authority} could not be reached (${(error as Error).message}).`);
  }
  if (!response.ok) throw new Error(`The sign-in provider's configuration (${url}) answered ${response.status}.`);
  const metadata = (await response.json()) as ProviderMetadata;
  if (!metadata.authorization_endpoint || !metadata.token_endpoint)
    throw new Error(`The sign-in provider's configuration (${url}) names no authorization or token endpoint.`);
  return metadata;
}

export interface SignInRequest {
  authority: string;
  clientId: string;
  /** Absolute URL of CALLBACK_PATH on this origin. */
  redirectUri: string;
  /** Path (with query) to come back to once signed in. */
  returnTo: string;
}

/** Prepares a sign-in and returns the provider's authorization URL to navigate to. */
export async function beginSignIn(request: SignInRequest, deps: OidcDeps): Promise<string> {
  const metadata = await discover(request.authority, deps.fetch);
  const random = deps.randomBytes ?? defaultRandom;
  const verifier = createVerifier(random);
  const state = base64url(random(16));
  const pending: PendingSignIn = {
    state,
    verifier,
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    token_endpoint: metadata.token_endpoint,
    return_to: safeReturnPath(request.returnTo),
  };
  deps.storage.setItem(PENDING_KEY, JSON.stringify(pending));
  const url = new URL(metadata.authorization_endpoint);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", request.clientId);
  url.searchParams.set("redirect_uri", request.redirectUri);
  url.searchParams.set("scope", SCOPE);
  url.searchParams.set("state", state);
  url.searchParams.set("code_challenge", await codeChallenge(verifier));
  url.searchParams.set("code_challenge_method", "S256");
  return url.href;
}

/**
 * Finishes a sign-in at the callback URL: checks the state against the pending sign-in,
 * exchanges the code for tokens and stores the access token. Returns the path to go back to.
 */
export async function completeSignIn(callbackUrl: string, deps: OidcDeps): Promise<string> {
  const params = new URL(callbackUrl).searchParams;
  const raw = deps.storage.getItem(PENDING_KEY);
  deps.storage.removeItem(PENDING_KEY);
  if (params.get("error")) throw new Error(`Sign-in failed: ${params.get("error_description") || params.get("error")}`);
  if (!raw) throw new Error("This sign-in was not started in this tab, or was already completed. Sign in again.");
  const pending = JSON.parse(raw) as PendingSignIn;
  const code = params.get("code");
  if (!code) throw new Error("The sign-in provider returned no authorization code.");
  if (params.get("state") !== pending.state)
    throw new Error("The sign-in response does not match the sign-in this tab started (state mismatch). Sign in again.");
  let response: Response;
  try {
    response = await deps.fetch(pending.token_endpoint, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: pending.redirect_uri,
        client_id: pending.client_id,
        code_verifier: pending.verifier,
      }).toString(),
    });
  } catch (error) {
    throw new Error(`The sign-in provider's token endpoint could not be reached (${(error as Error).message}).`);
  }
  const body = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: number; error?: string; error_description?: string };
  if (!response.ok || !body.access_token) throw new Error(`The sign-in provider refused the code: ${body.error_description || body.error || response.status}`);
  writeToken(deps.storage, body.access_token, typeof body.expires_in === "number" ? body.expires_in : undefined, deps.now?.());
  return pending.return_to;
}
