// The official Python MCP client (PyPI `mcp`, pinned), installed on first use into a venv under
// .local, and a call made through it by test/support/python/gated_call.py.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";

/** The release that speaks revision 2026-07-28 (input_required results and their driver). */
export const PYTHON_MCP_VERSION = "2.3.0";

const root = join(import.meta.dirname, "../..");
const venv = join(root, ".local/python-mcp");
const python = join(venv, "bin/python");
const marker = join(venv, `mcp-${PYTHON_MCP_VERSION}.installed`);
const script = join(import.meta.dirname, "python/gated_call.py");

/** Creates the venv and installs the pinned client, unless an earlier run did. */
export function installPythonMcp(): void {
  if (existsSync(marker)) return;
  for (const [cmd, args] of [
    ["python3", ["-m", "venv", venv]],
    [join(venv, "bin/pip"), ["install", "--quiet", "--disable-pip-version-check", `mcp==${PYTHON_MCP_VERSION}`]],
  ] as const) {
    const result = spawnSync(cmd, args, { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed: ${result.stderr || result.error}`);
  }
  writeFileSync(marker, "");
}

export interface PythonOutcome {
  elicitations: number;
  protocol?: string;
  is_error?: boolean;
  structured?: Record<string, any>;
  text?: string;
  error?: string;
  seconds: number;
}

/**
 * Calls `tool` through the Python client; `onElicited` runs (as the person would) for each URL
 * the client is asked to open, while the client's driver goes on.
 */
export async function pythonGatedCall(
  url: string,
  token: string,
  tool: string,
  args: Record<string, unknown>,
  onElicited: (link: string) => void = () => undefined,
): Promise<PythonOutcome> {
  const child = spawn(python, [script, url, tool, JSON.stringify(args)], { env: { ...process.env, SEIZU_TOKEN: token }, stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  let outcome: PythonOutcome | undefined;
  for await (const line of createInterface({ input: child.stdout })) {
    const message = JSON.parse(line);
    if ("elicited" in message) onElicited(message.elicited);
    else outcome = message;
  }
  const code = await new Promise((resolve) => (child.exitCode === null ? child.once("exit", resolve) : resolve(child.exitCode)));
  if (!outcome) throw new Error(`the Python client exited ${code} without an outcome:\n${stderr}`);
  return outcome;
}

export interface PythonOAuthSession {
  /** The authorization URLs the client asked the browser to open. */
  authorizations: string[];
  calls: { call: number; is_error: boolean; structured?: Record<string, any>; text: string }[];
  /** The client id the SDK registered with, and each token set it stored, in order. */
  client_id: string | null;
  tokens: { access_token: string; refresh_token: string | null }[];
  error?: string;
}

/**
 * A session of the Python client's built-in OAuth flow (test/support/python/oauth_session.py):
 * `openBrowser` acts as the person for each authorization URL, while the client waits at its
 * loopback redirect URI; then two calls of `tool`, the second after a refresh.
 */
export async function pythonOAuthSession(
  url: string,
  tool: string,
  args: Record<string, unknown>,
  openBrowser: (authorizationUrl: string) => Promise<unknown>,
): Promise<PythonOAuthSession> {
  const child = spawn(python, [join(import.meta.dirname, "python/oauth_session.py"), url, tool, JSON.stringify(args)], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const session: PythonOAuthSession = { authorizations: [], calls: [], client_id: null, tokens: [] };
  const browsing: Promise<unknown>[] = [];
  for await (const line of createInterface({ input: child.stdout })) {
    const message = JSON.parse(line);
    if ("authorize" in message) {
      session.authorizations.push(message.authorize);
      browsing.push(openBrowser(message.authorize));
    } else if ("call" in message) session.calls.push(message);
    else Object.assign(session, message);
  }
  await Promise.all(browsing);
  const code = await new Promise((resolve) => (child.exitCode === null ? child.once("exit", resolve) : resolve(child.exitCode)));
  if (code !== 0) throw new Error(`the Python client exited ${code}:\n${stderr}`);
  return session;
}
