// Where the edge authorization server answers: the library serves token and registration, and
// http/oauth-edge.ts the authorization endpoint and the provider's callback.
export const AUTHORIZE_PATH = "/oauth/authorize";
export const CALLBACK_PATH = "/oauth/callback";
export const TOKEN_PATH = "/oauth/token";
export const REGISTER_PATH = "/oauth/register";
