// The signed-in session: the access token kept in sessionStorage (one tab, gone when it
// closes), with its expiry. Only the API client and the sign-in flow read or write it.

export type KeyValueStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export const TOKEN_KEY = "seizu.auth.token";

export interface StoredToken {
  access_token: string;
  /** Milliseconds since the epoch; null when the provider did not say. */
  expires_at: number | null;
}

/** Tokens this close to expiry are treated as expired, so a request never races the clock. */
const EXPIRY_MARGIN_MS = 30_000;

export function readToken(store: KeyValueStore, now = Date.now()): string | null {
  const raw = store.getItem(TOKEN_KEY);
  if (!raw) return null;
  try {
    const token = JSON.parse(raw) as StoredToken;
    if (typeof token.access_token !== "string" || !token.access_token) return null;
    if (typeof token.expires_at === "number" && token.expires_at - EXPIRY_MARGIN_MS <= now) return null;
    return token.access_token;
  } catch {
    return null;
  }
}

export function writeToken(store: KeyValueStore, accessToken: string, expiresInSeconds: number | undefined, now = Date.now()): void {
  const token: StoredToken = { access_token: accessToken, expires_at: typeof expiresInSeconds === "number" ? now + expiresInSeconds * 1000 : null };
  store.setItem(TOKEN_KEY, JSON.stringify(token));
}

export function clearToken(store: KeyValueStore): void {
  store.removeItem(TOKEN_KEY);
}
