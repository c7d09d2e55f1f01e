// Cloudflare Access as the identity step (CF_ACCESS_*): the Worker signs the person in at the
// Access for SaaS application's provider, {team domain}/cdn-cgi/access/sso/oidc/{client id}
// (here the test run's OpenID provider mounted at that path), and the grant records `via: access`.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../worker/config";
import { edgeAuthorizationServer } from "../../../worker/oauth/authorization-server";
import { grantMetadataSchema } from "../../../worker/oauth/grant-props";
import { BASE, connect, edgeEnv, exchangeCode, mcpCall } from "../../support/edge-oauth";

const accessEnv = edgeEnv({ MCP_EDGE_CLIENT_ID: "", CF_ACCESS_CLIENT_ID: "seizu-access", CF_ACCESS_CLIENT_SECRET: "seizu-access-secret" });
Object.assign(accessEnv, { CF_ACCESS_TEAM_DOMAIN: accessEnv.TEST_ACCESS_TEAM_DOMAIN });

describe("signing in through Cloudflare Access", () => {
  it("sends the person to the Access application's provider and calls tools as them", async () => {
    const connection = await connect(accessEnv, { login: "ada" });
    const tokens = await exchangeCode(accessEnv, connection);
    const response = await mcpCall(accessEnv, tokens.access_token, "tools/call", { name: "roles__me", arguments: {} });
    const { result } = (await response.json()) as { result: { structuredContent: { subject: string; roles: string[] } } };
    expect(result.structuredContent).toMatchObject({ subject: "ada", roles: ["seizu-admin"] });
  });

  it("records the grant's metadata as the connected-apps list reads it, via access", async () => {
    const connection = await connect(accessEnv, { login: "dora" });
    await exchangeCode(accessEnv, connection);
    const grants = await edgeAuthorizationServer(loadConfig(accessEnv), BASE).getOAuthApi(accessEnv).listUserGrants("dora");
    const grant = grants.items.find((item) => item.clientId === connection.clientId);
    expect(grantMetadataSchema.parse(grant?.metadata)).toEqual({ clientName: "Test MCP client", subject: "dora", displayName: "Dora Example", via: "access" });
  });
});
