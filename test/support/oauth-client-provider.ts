// What a desktop MCP client keeps for the v2 TypeScript SDK's built-in OAuth flow: its
// registration, tokens, PKCE verifier and discovery state, in memory. The SDK does the protocol
// (discovery, registration, PKCE, token exchange, refresh); this only stores and, where the SDK
// would open a browser, hands the authorization URL to the test acting as the person.
import type {
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from "@modelcontextprotocol/client";

export class MemoryOAuthClient implements OAuthClientProvider {
  registration: StoredOAuthClientInformation | undefined;
  stored: StoredOAuthTokens | undefined;
  /** Every token set the SDK saved, in order: the first from the code, the rest from refreshes. */
  readonly saved: StoredOAuthTokens[] = [];
  private verifier: string | undefined;
  private discovery: OAuthDiscoveryState | undefined;

  constructor(
    readonly redirectUrl: string,
    private readonly openBrowser: (authorizationUrl: URL) => void,
    private readonly name = "Seizu e2e desktop client",
  ) {}

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.name,
      redirect_uris: [this.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }

  clientInformation() {
    return this.registration;
  }

  saveClientInformation(information: StoredOAuthClientInformation) {
    this.registration = information;
  }

  tokens() {
    return this.stored;
  }

  saveTokens(tokens: StoredOAuthTokens) {
    this.stored = tokens;
    this.saved.push(tokens);
  }

  redirectToAuthorization(authorizationUrl: URL) {
    this.openBrowser(authorizationUrl);
  }

  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }

  codeVerifier() {
    if (!this.verifier) throw new Error("no PKCE verifier saved: the authorization was not started by this client");
    return this.verifier;
  }

  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.discovery = state;
  }

  discoveryState() {
    return this.discovery;
  }

  /**
   * Makes the stored access token one the server no longer takes, keeping the refresh token: what
   * a client holds once its access token has expired, without waiting out its lifetime.
   */
  spoilAccessToken() {
    if (!this.stored) throw new Error("no tokens to spoil");
    this.stored = { ...this.stored, access_token: `${this.stored.access_token}-expired` };
  }
}
