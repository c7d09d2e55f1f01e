// The MCP Inspector's CLI (@modelcontextprotocol/inspector --cli), told only the MCP URL, runs
// its interactive OAuth flow against the edge authorization server headless: it prints the
// authorization URL ("Please navigate to: …") and waits at its loopback callback listener while
// the person answers in a real browser, then makes the tools/call with the token it got.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerInBrowser, type EdgeStack, startEdgeStack } from "../support/edge-stack";
// @ts-expect-error plain ESM helper
import { freePort, repoRoot } from "../../scripts/neo4j/server.mjs";

const INSPECTOR = join(repoRoot as string, "node_modules/.bin/mcp-inspector");

let stack: EdgeStack;
let storage: string;
const toolset = `edge_insp_${Date.now().toString(36)}`;

beforeAll(async () => {
  storage = mkdtempSync(join(tmpdir(), "seizu-inspector-"));
  stack = await startEdgeStack();
  await stack.seedToolset(toolset);
}, 180_000);
afterAll(async () => {
  await stack?.stop();
  rmSync(storage, { recursive: true, force: true });
});

describe("the MCP Inspector CLI against the edge authorization server", () => {
  it("completes its OAuth flow headless (the person in a browser) and calls a saved tool", async () => {
    const callbackUrl = `http://127.0.0.1:${await freePort()}/callback`;
    const args = ["--cli", "--transport", "http", "--server-url", stack.mcpUrl, "--method", "tools/call", "--tool-name", `${toolset}__one`];
    const child = spawn(INSPECTOR, [...args, "--callback-url", callbackUrl, "--format", "json"], {
      // Its own storage, secrets in memory only. MCP_AUTO_OPEN_ENABLED lets the interactive flow run
      // without a TTY; it prints the URL and hands it to xdg-open, which BROWSER=true makes a no-op:
      // the browser that opens it is this test's.
      env: {
        ...process.env,
        MCP_STORAGE_DIR: storage,
        MCP_INSPECTOR_SECRET_STORE: "memory",
        MCP_AUTO_OPEN_ENABLED: "true",
        BROWSER: "true",
        NO_COLOR: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    const stderr: string[] = [];
    const answered: Promise<URL>[] = [];
    for await (const line of createInterface({ input: child.stderr })) {
      stderr.push(line);
      const link = /Please navigate to: (\S+)/.exec(line)?.[1];
      if (link) answered.push(answerInBrowser(stack.browser.page, stack, link));
    }
    const code = await new Promise((resolve) => (child.exitCode === null ? child.once("exit", resolve) : resolve(child.exitCode)));
    expect(answered, stderr.join("\n")).toHaveLength(1);
    const landed = await answered[0]!;
    expect(landed.href.startsWith(callbackUrl)).toBe(true);
    expect(landed.searchParams.get("code")).toBeTruthy();
    expect(code, `${stderr.join("\n")}\n${stdout}`).toBe(0);
    expect(stdout).toMatch(/"one":\s*1/);
    expect(stdout).not.toMatch(/"isError":\s*true/);
  });
});
