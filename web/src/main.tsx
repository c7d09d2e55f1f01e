// Start-up: finish a sign-in when arriving at /auth/callback, read the UI configuration, then
// render the app behind the session gate.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { describeError, get } from "./api";
import { App } from "./app";
import { CALLBACK_PATH, completeSignIn } from "./auth/oidc";
import { SessionGate, Splash } from "./session";
import "./styles.css";
import type { UiConfig } from "./types";

const root = createRoot(document.getElementById("root")!);

async function boot(): Promise<void> {
  if (location.pathname === CALLBACK_PATH) {
    try {
      const returnTo = await completeSignIn(location.href, { fetch: window.fetch.bind(window), storage: sessionStorage });
      history.replaceState(null, "", returnTo);
    } catch (error) {
      history.replaceState(null, "", "/");
      root.render(
        <Splash>
          <h1>Sign-in failed</h1>
          <p role="alert">{(error as Error).message}</p>
          <button type="button" className="button primary" onClick={() => void boot()}>
            Continue
          </button>
        </Splash>,
      );
      return;
    }
  }
  let config: UiConfig;
  try {
    config = await get<UiConfig>("/ui-config");
  } catch (error) {
    root.render(
      <Splash>
        <p role="alert">The server could not be reached: {describeError(error)}</p>
        <button type="button" className="button" onClick={() => void boot()}>
          Try again
        </button>
      </Splash>,
    );
    return;
  }
  root.render(
    <StrictMode>
      <SessionGate config={config}>
        <App />
      </SessionGate>
    </StrictMode>,
  );
}

void boot();
