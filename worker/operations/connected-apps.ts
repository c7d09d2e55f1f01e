// Operations of the `connected_apps` group: the MCP clients people connected through the edge
// authorization server (MCP_AUTHORIZATION_SERVER=edge), listed and revoked. Anyone signed in
// sees and revokes their own; oauth:manage sees and revokes everyone's. REST only
// (definitions/connected_apps.yaml): an agent does not manage the grants it runs on.
import { ForbiddenError } from "../auth/errors";
import { publicBase } from "../auth/public-url";
import { NotFoundError } from "../errors/domain";
import { edgeAuthorizationServer, edgeEnabled } from "../oauth/authorization-server";
import { connectedAppList, connectedAppsQuery, revokeConnectedAppParams } from "../oauth/connected-app";
import { ConnectedApps } from "../oauth/grants";
import { defineOperation, type OperationContext } from "./operation";

/** The service, when the edge authorization server is on; a 404 naming the setting otherwise. */
function connectedApps(ctx: OperationContext): ConnectedApps {
  if (!edgeEnabled(ctx.config))
    throw new NotFoundError(
      `Connected apps are the grants of the edge authorization server, which is off: MCP_AUTHORIZATION_SERVER is ${ctx.config.MCP_AUTHORIZATION_SERVER} (set it to edge)`,
    );
  const server = edgeAuthorizationServer(ctx.config, publicBase(ctx.config, ctx.request));
  return new ConnectedApps(server.getOAuthApi(ctx.env), ctx.env.OAUTH_KV);
}

/** Everyone's connected apps, or another person's, need oauth:manage; the caller's own never do. */
function requireManage(ctx: OperationContext, what: string) {
  if (!ctx.principal.permissions.has("oauth:manage")) throw new ForbiddenError("oauth:manage", what);
}

export const connectedAppOperations = [
  defineOperation({
    operationId: "connected_apps_list",
    group: "connected_apps",
    method: "get",
    path: "/connected-apps",
    summary: "The MCP clients connected through the edge authorization server: the caller's, one person's (subject) or everyone's (all=true)",
    params: connectedAppsQuery,
    validatesQuery: true,
    response: connectedAppList,
    run: async (ctx, { params: { all, subject, limit, cursor } }) => {
      if (all) requireManage(ctx, "Listing everyone's connected apps (all=true)");
      else if (subject !== undefined && subject !== ctx.principal.subject) requireManage(ctx, `Listing the connected apps of ${subject}`);
      const service = connectedApps(ctx);
      return all ? service.everyone({ limit, cursor }) : service.ofPerson(subject ?? ctx.principal.subject, { limit, cursor });
    },
  }),
  defineOperation({
    operationId: "connected_apps_revoke",
    group: "connected_apps",
    method: "delete",
    path: "/connected-apps/{grant_id}",
    summary: "Revoke a connected app: its grant and every token of it, refused from the next request on (another person's with subject)",
    params: revokeConnectedAppParams,
    validatesQuery: true,
    response: null,
    run: async (ctx, { params: { grant_id, subject } }) => {
      const owner = subject ?? ctx.principal.subject;
      if (owner !== ctx.principal.subject) requireManage(ctx, `Revoking a connected app of ${owner}`);
      await connectedApps(ctx).revoke(owner, grant_id);
    },
  }),
];
