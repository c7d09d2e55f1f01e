// The Connected apps page in Chromium against `wrangler dev` with the edge authorization server
// on, as the development admin (local-admin, who holds oauth:manage): their own apps in a table
// (client, access, dates), Revoke with a confirmation, and the Everyone view with another
// person's app. The apps were connected through the library before the Worker started
// (test/support/edge-grants-local.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, type TestBrowser } from "../support/browser";
import { connectAppsLocally } from "../support/edge-grants-local";
import { dialog } from "../support/ui";
import { type RunningWorker, startWorker } from "../support/worker";

let worker: RunningWorker;
let browser: TestBrowser;

beforeAll(async () => {
  [worker, browser] = await Promise.all([
    startWorker({ MCP_AUTHORIZATION_SERVER: "edge" }, async (persistTo) => {
      await connectAppsLocally(persistTo, [
        { clientName: "Claude", subject: "local-admin", scope: "mcp" },
        { clientName: "ChatGPT", subject: "local-admin", scope: "mcp:read" },
        { clientName: "Cursor", subject: "bob", displayName: "Bob B.", scope: "mcp" },
      ]);
    }),
    launchBrowser(),
  ]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await worker?.stop();
});

const rows = () => browser.page.getByRole("table", { name: "Connected apps" }).locator("tbody tr");

describe("Connected apps", () => {
  it("is in the sidebar and lists the person's own apps with their access", async () => {
    const { page } = browser;
    await page.goto(worker.url);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Connected apps" }).click();
    await expect.poll(() => rows().count()).toBe(2);
    const texts = await rows().allTextContents();
    expect(texts.find((text) => text.includes("Claude"))).toContain("Full");
    expect(texts.find((text) => text.includes("ChatGPT"))).toContain("Read-only");
    expect(texts.join("\n")).not.toContain("Cursor");
  });

  it("revokes an app after confirming, and it leaves the list", async () => {
    const { page } = browser;
    await page.getByRole("button", { name: "Revoke ChatGPT" }).click();
    await expect.poll(() => dialog(page).getByRole("heading").innerText()).toBe("Revoke ChatGPT?");
    await dialog(page).getByRole("button", { name: "Revoke" }).click();
    await expect.poll(() => rows().count()).toBe(1);
    expect(await rows().first().textContent()).toContain("Claude");
  });

  it("shows everyone's apps to an admin, who revokes another person's", async () => {
    const { page } = browser;
    await page.getByRole("checkbox", { name: "Everyone" }).check();
    await expect.poll(async () => (await rows().allTextContents()).some((text) => text.includes("Cursor"))).toBe(true);
    expect((await rows().allTextContents()).find((text) => text.includes("Cursor"))).toContain("Bob B. (bob)");
    await page.getByRole("button", { name: "Revoke Cursor" }).click();
    await expect.poll(() => dialog(page).innerText()).toContain("connected by Bob B. (bob)");
    await dialog(page).getByRole("button", { name: "Revoke" }).click();
    await expect.poll(async () => (await rows().allTextContents()).some((text) => text.includes("Cursor"))).toBe(false);
    expect(browser.problems).toEqual([]);
  });
});
