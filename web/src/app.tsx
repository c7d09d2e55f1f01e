// The app's frame: the sidebar (navigation, the MCP endpoint, health, who is signed in) and the
// page for the current route.
import { useEffect, useRef, useState } from "react";
import { Link, Route, Switch, useLocation } from "wouter";
import { CopyButton } from "./components/CopyButton";
import { PageHeader } from "./components/Page";
import { navigation, routes } from "./routes";
import { useSession } from "./session";
import type { Health } from "./types";

export function App() {
  return (
    <div className="shell">
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <Sidebar />
      <main id="content" className="content" tabIndex={-1}>
        <Switch>
          {routes.map((route) => (
            <Route key={route.path} path={route.path} component={route.component} />
          ))}
          <Route>
            <PageHeader title="Page not found">
              <p>
                There is nothing at this address. <Link href="/toolsets">Go to MCP Toolsets</Link>.
              </p>
            </PageHeader>
          </Route>
        </Switch>
      </main>
    </div>
  );
}

function Sidebar() {
  const session = useSession();
  // A page that needs a permission (the query console) is listed only for callers holding it.
  const items = navigation.filter((item) => !item.permission || session.can(item.permission));
  const [location] = useLocation();
  const [open, setOpen] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes the sidebar whenever the route changes
  useEffect(() => setOpen(false), [location]);
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    // Escape closes the open navigation (phones) and returns focus to the button that opened it.
    const close = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener("keydown", close);
    return () => document.removeEventListener("keydown", close);
  }, [open]);
  return (
    <aside className={open ? "sidebar open" : "sidebar"}>
      <div className="sidebar-top">
        <Link href="/" className="brand">
          <span className="brand-logo" aria-hidden="true">
            ◆
          </span>{" "}
          Seizu Edge
        </Link>
        <button ref={toggle} type="button" className="menu-toggle" aria-expanded={open} aria-controls="sidebar-panel" onClick={() => setOpen(!open)}>
          {open ? "Close" : "Menu"}
        </button>
      </div>
      <div id="sidebar-panel" className="sidebar-panel">
        <nav aria-label="Main" className="nav">
          <ul>
            {items.map((item) => {
              const current = location === item.match || location.startsWith(`${item.match}/`);
              return (
                <li key={item.href}>
                  <Link href={item.href} aria-current={current ? "page" : undefined} className={current ? "active" : undefined} onClick={() => setOpen(false)}>
                    {item.label}
                    {item.badge && <item.badge />}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <SidebarFooter />
      </div>
    </aside>
  );
}

function SidebarFooter() {
  const session = useSession();
  const mcpUrl = new URL("/api/v1/mcp", location.origin).href;
  const health = useHealth();
  return (
    <footer className="sidebar-footer">
      <div className="footer-block">
        <span className="footer-label">MCP endpoint</span>
        <code className="mcp-url" data-testid="mcp-url">
          {mcpUrl}
        </code>
        <CopyButton text={mcpUrl} label="Copy URL" className="button small on-dark" />
      </div>
      <div className="footer-block">
        <span className="footer-label">Health</span>
        <span className="health" data-testid="health" title={health.detail}>
          <span className={`dot ${health.state}`} aria-hidden="true" /> {health.summary}
        </span>
      </div>
      <div className="footer-block user">
        <span className="footer-label">Signed in as</span>
        <span data-testid="subject">{session.me.subject}</span>
        <span className="roles">{session.me.roles.join(", ") || "no roles"}</span>
        {session.config.require_auth ? (
          <button type="button" className="button small on-dark" onClick={session.signOut}>
            Sign out
          </button>
        ) : (
          <span className="dev-note">Development mode: no sign-in</span>
        )}
      </div>
    </footer>
  );
}

function useHealth() {
  const [health, setHealth] = useState<{ state: "checking" | "ok" | "bad"; summary: string; detail: string }>({
    state: "checking",
    summary: "checking…",
    detail: "",
  });
  useEffect(() => {
    let live = true;
    const check = async () => {
      try {
        const response = await fetch("/api/v1/health");
        const body = (await response.json()) as Health;
        const parts = Object.entries(body.checks).map(([name, result]) => `${name}: ${result.ok ? "ok" : `failing (${result.error})`}`);
        const failing = Object.entries(body.checks)
          .filter(([, result]) => !result.ok)
          .map(([name]) => name);
        if (live)
          setHealth({
            state: response.ok ? "ok" : "bad",
            summary: response.ok ? "All systems ok" : `${failing.join(", ") || "server"} failing`,
            detail: parts.join(", "),
          });
      } catch (error) {
        if (live) setHealth({ state: "bad", summary: "Server unreachable", detail: String(error) });
      }
    };
    void check();
    const timer = setInterval(() => void check(), 60_000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  return health;
}
