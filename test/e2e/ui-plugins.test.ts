// The Plugins pages of the admin UI in Chromium against `wrangler dev`: browsing a plugin
// installed through the API, its skills with the SKILL.md rendered (and its markup kept inert),
// its revisions, and switching a skill off, which takes its prompt off MCP.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshot } from "../support/browser";
import { connectV2 } from "../support/mcp-clients";
import { base64, pluginZip, skillMarkdown } from "../support/plugin-zip";
import { rest } from "../support/rest";
import { uiOnWorker } from "../support/ui-stack";
import type { RunningWorker } from "../support/worker";

const id = `ui_plugin_${Date.now().toString(36)}`;
const BODY = "# Triage\n\nCheck the **alert** with `graph__query`.\n\n- look\n- decide\n\n<script>window.injected = true</script>\n";

describe("admin UI: plugins", () => {
  let worker: RunningWorker;
  let page: Page;

  uiOnWorker(async (stack) => {
    ({ worker, page } = stack);
    const skills = { triage: skillMarkdown("triage", "Triage an alert", BODY), "write-up": skillMarkdown("write-up", "Write it up") };
    const installed = await rest(worker.url, "POST", "/plugins/install", { package_base64: base64(pluginZip({ id, name: "Incident kit", skills })) });
    expect(installed.status, JSON.stringify(installed.body)).toBe(201);
    const published = await rest(worker.url, "POST", `/plugins/${id}/publish`, {
      package_base64: base64(pluginZip({ id, name: "Incident kit", version: "1.1.0", skills })),
      base_revision: 1,
      comment: "second",
    });
    expect(published.status).toBe(200);
  });

  it("lists the plugin from the navigation", async () => {
    await page.goto(`${worker.url}/toolsets`);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Plugins" }).click();
    await page.getByRole("heading", { level: 1, name: "Plugins" }).waitFor();
    const row = page.locator("main table tbody tr", { hasText: id });
    expect(await row.innerText()).toMatch(/Incident kit[\s\S]*r2 \(1\.1\.0\)[\s\S]*triage, write-up/);
  });

  it("shows the plugin's skills and revisions", async () => {
    await page.getByRole("link", { name: "Incident kit" }).click();
    await page.getByRole("heading", { level: 1, name: "Incident kit" }).waitFor();
    await page.getByRole("heading", { name: "Revisions" }).waitFor();
    const revisions = page.getByRole("table", { name: "Revisions of Incident kit" });
    await revisions.locator("tbody tr").first().waitFor();
    expect(await revisions.locator("tbody tr").allInnerTexts()).toEqual([
      expect.stringMatching(/^r2\s+1\.1\.0[\s\S]*second$/),
      expect.stringMatching(/^r1\s+1\.0\.0/),
    ]);
    expect(await page.getByRole("table", { name: "Skills of Incident kit" }).innerText()).toContain(`${id}__triage`);
    await screenshot(page, "laptop-plugin");
  });

  it("renders a skill's SKILL.md without running its markup", async () => {
    await page.getByRole("link", { name: "triage", exact: true }).click();
    const article = page.getByRole("article", { name: "triage SKILL.md" });
    await article.waitFor();
    expect(await article.getByRole("heading", { level: 2, name: "Triage" }).count()).toBe(1);
    expect(await article.locator("strong").innerText()).toBe("alert");
    expect(await article.locator("code").innerText()).toBe("graph__query");
    expect(await article.locator("li").allInnerTexts()).toEqual(["look", "decide"]);
    expect(await article.innerText()).toContain("<script>window.injected = true</script>");
    expect(await page.evaluate(() => (window as { injected?: boolean }).injected)).toBeUndefined();
  });

  it("switches a skill off, which takes its prompt off MCP", async () => {
    await page.goto(`${worker.url}/plugins/${id}`);
    const checkbox = page.getByRole("checkbox", { name: "Skill write-up enabled" });
    await checkbox.waitFor();
    expect(await checkbox.isChecked()).toBe(true);
    // The box shows the server's state: it changes once the PATCH is answered and the plugin reloaded.
    await checkbox.click();
    await page.waitForFunction(() => !(document.querySelector('input[aria-label="Skill write-up enabled"]') as HTMLInputElement | null)?.checked);
    expect((await rest(worker.url, "GET", `/plugins/${id}/skills/write-up`)).body.enabled).toBe(false);
    const client = await connectV2(`${worker.url}/api/v1/mcp`);
    const names = (await client.listPrompts()).prompts.map((prompt) => prompt.name);
    expect(names).toContain(`${id}__triage`);
    expect(names).not.toContain(`${id}__write-up`);
  });
});
