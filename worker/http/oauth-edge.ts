// The edge authorization server's routes (MCP_AUTHORIZATION_SERVER=edge; 404 otherwise). Ours:
// GET /oauth/authorize shows the consent page, POST /oauth/authorize takes the decision and sends
// the person to the organisation's provider, GET /oauth/callback comes back from it and completes
// the grant. The library serves the rest: registration, token (and refresh, revocation) and its
// RFC 8414 metadata. Errors follow the library's rule: a redirect back to the client only once the
// client and its exact redirect URI are validated, a page here otherwise.
import { AuthorizationError, CimdFetchError, authorizationErrorRedirect, type AuthRequest } from "@cloudflare/workers-oauth-provider";
import { type Context, Hono } from "hono";
import type { AppEnv } from "./app-env";
import { publicBase } from "../auth/public-url";
import { loadConfig } from "../config";
import { edgeAuthorizationServer, edgeEnabled } from "../oauth/authorization-server";
import { AUTHORIZE_PATH, CALLBACK_PATH, TOKEN_PATH } from "../oauth/paths";
import { clientIdUrlProblem } from "../oauth/client-id-url";
import { consentPage, oauthErrorPage } from "../oauth/consent-page";
import type { GrantMetadata } from "../oauth/grant-props";
import { grantUserId } from "../oauth/grant-user";
import { finishSignIn, newUpstreamData, signInUrl, UpstreamSignInError, type UpstreamData, upstreamOf } from "../oauth/upstream";

function serverOf(c: Context<AppEnv>) {
  const config = loadConfig(c.env);
  const base = publicBase(config, c.req.raw);
  return { config, base, server: edgeAuthorizationServer(config, base) };
}

function html(body: string, status: number, headers = new Headers()): Response {
  headers.set("content-type", "text/html; charset=utf-8");
  headers.set("x-frame-options", "DENY");
  headers.set("content-security-policy", "frame-ancestors 'none'");
  headers.set("cache-control", "no-store");
  return new Response(body, { status, headers });
}

function redirect(location: string, headers = new Headers()): Response {
  headers.set("location", location);
  return new Response(null, { status: 302, headers });
}

/** The library's validation failures as the person or the client should see them; anything else is a bug or an outage. */
function refused(error: unknown): Response {
  if (error instanceof AuthorizationError && error.redirectTo) return redirect(error.redirectTo);
  if (error instanceof AuthorizationError) return html(oauthErrorPage(error.description ?? error.message), 400);
  if (error instanceof CimdFetchError) return html(oauthErrorPage(`The app's metadata document ${error.metadataUrl} cannot be used: ${error.detail}`), 400);
  throw error;
}

async function showConsent(c: Context<AppEnv>): Promise<Response> {
  const problem = clientIdUrlProblem(new URL(c.req.url).searchParams.get("client_id") ?? "");
  if (problem) return html(oauthErrorPage(problem), 400);
  const { config, server } = serverOf(c);
  // A deployment that cannot sign anyone in says so before the person is asked to consent.
  upstreamOf(config);
  const oauth = server.getOAuthApi(c.env);
  try {
    const request = await oauth.parseAuthRequest(c.req.raw);
    // The library asks PKCE of public clients only; OAuth 2.1 and MCP ask it of every client.
    if (!request.codeChallenge) return redirect(authorizationErrorRedirect(request, "invalid_request", "code_challenge is required: use PKCE with S256"));
    const details = await oauth.describeConsent(request);
    const consent = await oauth.beginConsent(request);
    return html(consentPage(details, consent.handle), 200, consent.headers);
  } catch (error) {
    return refused(error);
  }
}

async function decide(c: Context<AppEnv>): Promise<Response> {
  const { config, base, server } = serverOf(c);
  const oauth = server.getOAuthApi(c.env);
  const form = await c.req.raw.formData();
  const handle = String(form.get("handle") ?? "");
  try {
    if (form.get("decision") !== "approve") {
      const denied = await oauth.denyConsent(c.req.raw, handle, { description: "The person denied the app access" });
      return new Response(null, { status: 302, headers: denied.headers });
    }
    const scope = form.getAll("scope").map(String);
    if (scope.length !== 1) return html(oauthErrorPage("Choose one access level: Read-only tools, or Everything your roles allow"), 400);
    const approved = await oauth.approveConsent(c.req.raw, handle, { scope });
    const data = newUpstreamData();
    const { state, headers } = await oauth.beginUpstream(approved.request, { data, headers: approved.headers });
    return redirect(await signInUrl(config, base, state, data), headers);
  } catch (error) {
    return refused(error);
  }
}

async function callback(c: Context<AppEnv>): Promise<Response> {
  const { config, base, server } = serverOf(c);
  const oauth = server.getOAuthApi(c.env);
  let resumed: { request: AuthRequest; data: UpstreamData; headers: Headers };
  try {
    resumed = await oauth.finishUpstream<UpstreamData>(c.req.raw);
  } catch (error) {
    return refused(error);
  }
  const { request, data, headers } = resumed;
  const url = new URL(c.req.url);
  const upstreamError = url.searchParams.get("error");
  if (upstreamError) return redirect(authorizationErrorRedirect(request, "access_denied", `The sign-in was not completed: ${upstreamError}`), headers);
  let props: Awaited<ReturnType<typeof finishSignIn>>;
  try {
    props = await finishSignIn(config, base, url, data);
  } catch (error) {
    if (!(error instanceof UpstreamSignInError)) throw error;
    return redirect(authorizationErrorRedirect(request, "access_denied", error.message), headers);
  }
  const client = await oauth.lookupClient(request.clientId);
  const profile = props.profile;
  const displayName = profile.display_name ?? profile.preferred_username ?? profile.email ?? undefined;
  const metadata: GrantMetadata = {
    clientName: client?.clientName ?? request.clientId,
    subject: props.subject,
    ...(displayName ? { displayName } : {}),
    via: props.via,
  };
  const { redirectTo } = await oauth.completeAuthorization({ request, userId: grantUserId(props.subject), metadata, scope: request.scope, props });
  return redirect(redirectTo, headers);
}

/** The client_id of a token request, from its form body or its Basic credentials. */
async function tokenClientId(request: Request): Promise<string> {
  const basic = /^Basic\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "")?.[1];
  if (basic) {
    try {
      return decodeURIComponent(atob(basic).split(":")[0] ?? "");
    } catch {
      return "";
    }
  }
  if (!request.headers.get("content-type")?.includes("application/x-www-form-urlencoded")) return "";
  const form = await request.clone().formData();
  return String(form.get("client_id") ?? "");
}

async function serve(c: Context<AppEnv>): Promise<Response> {
  if (c.req.method === "POST" && c.req.path === TOKEN_PATH) {
    const problem = clientIdUrlProblem(await tokenClientId(c.req.raw));
    if (problem) return c.json({ error: "invalid_client", error_description: problem }, 401);
  }
  return serverOf(c).server.fetch(c.req.raw, c.env, c.executionCtx as ExecutionContext);
}

export const oauthEdge = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (!edgeEnabled(loadConfig(c.env)))
      return c.json({ error: { code: "not_found", message: "The edge authorization server is off: set MCP_AUTHORIZATION_SERVER=edge" } }, 404);
    await next();
  })
  .get(AUTHORIZE_PATH, showConsent)
  .post(AUTHORIZE_PATH, decide)
  .get(CALLBACK_PATH, callback)
  .all("/oauth/*", serve)
  .all("/.well-known/oauth-authorization-server", serve);
