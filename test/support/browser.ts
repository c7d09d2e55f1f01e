// Headless Chromium for the admin UI's end-to-end tests: Debian's /usr/bin/chromium driven by
// playwright-core (no browser download), each launch with a fresh profile directory.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
// @ts-expect-error plain ESM helper
import { repoRoot } from "../../scripts/neo4j/server.mjs";

export const CHROMIUM = "/usr/bin/chromium";
export const SCREENSHOTS = join(repoRoot as string, "test-artifacts/screenshots");

export const LAPTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

const ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface TestBrowser {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and console errors seen so far (the app should produce none). */
  problems: string[];
  close(): Promise<void>;
}

/**
 * Launches Chromium headless with a fresh --user-data-dir (playwright passes it for a
 * persistent context) and opens one page at the given viewport.
 */
export async function launchBrowser({ viewport = LAPTOP, ignoreConsole = [] as RegExp[] } = {}): Promise<TestBrowser> {
  const userDataDir = mkdtempSync(join(tmpdir(), "seizu-chromium-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport,
    locale: "en-GB",
    timezoneId: "UTC",
  });
  context.setDefaultTimeout(20_000);
  const page = context.pages()[0] ?? (await context.newPage());
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  // Chromium logs every 4xx answer to fetch; the app shows those (validation errors, 401s) itself.
  const ignored = [/^Failed to load resource: the server responded with a status of 4\d\d/, ...ignoreConsole];
  page.on("console", (message) => {
    if (message.type() === "error" && !ignored.some((pattern) => pattern.test(message.text()))) problems.push(`console: ${message.text()}`);
  });
  return {
    context,
    page,
    problems,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Saves a full-page screenshot as test-artifacts/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** Makes the app start signed in with this access token (before any of its scripts run). */
export async function signInWithToken(context: BrowserContext, accessToken: string): Promise<void> {
  await context.addInitScript(
    ({ key, token }) => {
      if (!sessionStorage.getItem(key)) sessionStorage.setItem(key, JSON.stringify({ access_token: token, expires_at: Date.now() + 5 * 60_000 }));
    },
    { key: "seizu.auth.token", token: accessToken },
  );
}
