// Who is using the app: the UI configuration, the signed-in caller from GET /api/v1/me and
// their permissions. Without a usable session it shows the sign-in screen instead of the app.
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";
import { ApiError, UNAUTHENTICATED_EVENT, client, describeError } from "./api";
import { beginSignIn, CALLBACK_PATH } from "./auth/oidc";
import { clearToken, readToken } from "./auth/token-store";
import type { Me, Permission, UiConfig } from "./types";

export interface Session {
  config: UiConfig;
  me: Me;
  can(permission: Permission): boolean;
  signOut(): void;
}

const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession outside SessionGate");
  return session;
}

type State = { kind: "loading" } | { kind: "signed-out"; reason?: string } | { kind: "ready"; me: Me } | { kind: "error"; message: string };

export function SessionGate({ config, children }: { config: UiConfig; children: ReactNode }) {
  const [state, setState] = useState<State>({ kind: "loading" });

  const load = useCallback(async () => {
    if (config.require_auth && !readToken(sessionStorage)) {
      clearToken(sessionStorage);
      setState({ kind: "signed-out" });
      return;
    }
    setState({ kind: "loading" });
    try {
      setState({ kind: "ready", me: await client.call("roles_me") });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return; // the event below signs out
      setState({ kind: "error", message: describeError(error) });
    }
  }, [config]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    const expired = () => {
      clearToken(sessionStorage);
      setState({ kind: "signed-out", reason: "Your session has expired or is no longer valid. Sign in again." });
    };
    window.addEventListener(UNAUTHENTICATED_EVENT, expired);
    return () => window.removeEventListener(UNAUTHENTICATED_EVENT, expired);
  }, []);

  const signOut = useCallback(() => {
    clearToken(sessionStorage);
    setState({ kind: "signed-out", reason: "You have signed out." });
  }, []);

  switch (state.kind) {
    case "loading":
      return <Splash>Loading…</Splash>;
    case "signed-out":
      return <SignIn config={config} reason={state.reason} />;
    case "error":
      return (
        <Splash>
          <p role="alert">Could not load your session: {state.message}</p>
          <button type="button" className="button" onClick={() => void load()}>
            Try again
          </button>
        </Splash>
      );
    case "ready": {
      const permissions = new Set(state.me.permissions);
      const session: Session = { config, me: state.me, can: (permission) => permissions.has(permission), signOut };
      return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
    }
  }
}

export function Splash({ children }: { children: ReactNode }) {
  return (
    <main className="splash">
      <div className="splash-card">
        <p className="brand-mark">Seizu Edge</p>
        {children}
      </div>
    </main>
  );
}

function SignIn({ config, reason }: { config: UiConfig; reason?: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const configured = Boolean(config.oidc_authority && config.oidc_client_id);

  const signIn = async () => {
    setBusy(true);
    setError(null);
    try {
      const url = await beginSignIn(
        {
          authority: config.oidc_authority!,
          clientId: config.oidc_client_id!,
          redirectUri: new URL(CALLBACK_PATH, location.origin).href,
          returnTo: location.pathname + location.search,
        },
        { fetch: window.fetch.bind(window), storage: sessionStorage },
      );
      location.assign(url);
    } catch (caught) {
      setError((caught as Error).message);
      setBusy(false);
    }
  };

  return (
    <Splash>
      <h1>Sign in</h1>
      {reason && <p className="notice">{reason}</p>}
      {configured ? (
        <>
          <p>Sign in with your organisation's account to manage MCP toolsets.</p>
          <button type="button" className="button primary" onClick={() => void signIn()} disabled={busy}>
            {busy ? "Redirecting…" : "Sign in"}
          </button>
        </>
      ) : (
        <p role="alert" className="error-text">
          Sign-in is not configured on this server: set <code>OIDC_AUTHORITY</code> and <code>OIDC_CLIENT_ID</code>.
        </p>
      )}
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
    </Splash>
  );
}
