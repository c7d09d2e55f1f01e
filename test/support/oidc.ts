// A real OpenID provider (oidc-provider) on loopback for authentication tests. Each test
// client stands for one caller: its roles ride in the access token's `roles` claim, and
// tokens are JWTs for the configured audience, obtained with the client_credentials grant.
import { createServer, type Server } from "node:http";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import Provider, { type Configuration } from "oidc-provider";
// @ts-expect-error plain ESM helper
import { freePort } from "../../scripts/neo4j/server.mjs";

export const AUDIENCE = "https://seizu.test/api";

/** Access tokens as the Worker takes them: RS256 JWTs for AUDIENCE, through resource indicators. */
export const JWT_ACCESS_TOKENS: NonNullable<Configuration["features"]>["resourceIndicators"] = {
  enabled: true,
  defaultResource: () => AUDIENCE,
  useGrantedResource: () => true,
  getResourceServerInfo: () => ({ scope: "api", audience: AUDIENCE, accessTokenFormat: "jwt", accessTokenTTL: 300, jwt: { sign: { alg: "RS256" } } }),
};

/** Serves `provider` on loopback `port`. */
export async function serveProvider(provider: Provider, port: number): Promise<Server> {
  provider.proxy = false;
  const server = createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return server;
}

export interface TestCaller {
  clientId: string;
  roles: string[];
}

export async function signingKey(kid: string): Promise<{ privateJwk: JWK; publicJwk: JWK; privateKey: CryptoKey }> {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  return {
    privateJwk: { ...(await exportJWK(privateKey)), kid, alg: "RS256", use: "sig" },
    publicJwk: { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" },
    privateKey: privateKey as CryptoKey,
  };
}

export class TestIdentityProvider {
  private server: Server | undefined;
  private constructor(
    readonly port: number,
    private readonly callers: TestCaller[],
  ) {}

  get issuer(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  static async start(callers: TestCaller[], keys: JWK[]): Promise<TestIdentityProvider> {
    const idp = new TestIdentityProvider(await freePort(), callers);
    await idp.listen(keys);
    return idp;
  }

  /** Restarts on the same port with another key set: how a provider rotates its keys. */
  async rotate(keys: JWK[]): Promise<void> {
    await this.stop();
    await this.listen(keys);
  }

  private async listen(keys: JWK[]): Promise<void> {
    const rolesOf = new Map(this.callers.map((caller) => [caller.clientId, caller.roles]));
    const provider = new Provider(this.issuer, {
      jwks: { keys },
      clients: this.callers.map((caller) => ({
        client_id: caller.clientId,
        client_secret: `${caller.clientId}-secret`,
        grant_types: ["client_credentials"],
        redirect_uris: [],
        response_types: [],
        scope: "api",
      })),
      scopes: ["api"],
      features: {
        clientCredentials: { enabled: true },
        resourceIndicators: JWT_ACCESS_TOKENS,
      },
      extraTokenClaims: (_ctx, token) => ({ roles: rolesOf.get((token as { clientId: string }).clientId) ?? [] }),
    });
    this.server = await serveProvider(provider, this.port);
  }

  /** An access token for the client, from the provider's token endpoint. */
  async token(clientId: string): Promise<string> {
    try {
      return await this.requestToken(clientId);
    } catch {
      // After a restart the client's pooled keep-alive socket points at the old server.
      return this.requestToken(clientId);
    }
  }

  private async requestToken(clientId: string): Promise<string> {
    const response = await fetch(`${this.issuer}/token`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${Buffer.from(`${clientId}:${clientId}-secret`).toString("base64")}`,
      },
      body: new URLSearchParams({ grant_type: "client_credentials", scope: "api", resource: AUDIENCE }),
    });
    const body = (await response.json()) as { access_token?: string; error_description?: string };
    if (!body.access_token) throw new Error(`token for ${clientId}: ${response.status} ${JSON.stringify(body)}`);
    return body.access_token;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise((resolve) => server.close(resolve).closeAllConnections());
  }
}
