// The Plugins pages of the admin UI in Chromium against `wrangler dev`: browsing a plugin
// installed through the API, its skills with the SKILL.md rendered (and its markup kept inert),
// its revisions, and switching a skill off, which takes its prompt off MCP; then managing
// plugins from the UI: installing a zip chosen with the file picker or dropped on the drop zone,
// the server's per-file problems of a bad one, publishing a revision, downloading a revision's
// zip, allowed-tools, dates, deleting, at the laptop and phone sizes.
import { readFileSync } from "node:fs";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { LAPTOP, PHONE, screenshot, type TestBrowser } from "../support/browser";
import { connectV2 } from "../support/mcp-clients";
import { base64, pluginZip, skillMarkdown } from "../support/plugin-zip";
import { rest } from "../support/rest";
import { uiOnWorker } from "../support/ui-stack";
import type { RunningWorker } from "../support/worker";

const suffix = Date.now().toString(36);
const id = `ui_plugin_${suffix}`;
const BODY = "# Triage\n\nCheck the **alert** with `graph__query`.\n\n- look\n- decide\n\n<script>window.injected = true</script>\n";

// Plain Agent Plugins (no Seizu extension): their ids are derived from their names.
const pickedName = `Picker Kit ${suffix}`;
const pickedId = `picker_kit_${suffix}`;
const droppedName = `Dropped Kit ${suffix}`;
const droppedId = `dropped_kit_${suffix}`;
const plainManifest = (name: string, version: string) => JSON.stringify({ name, version, description: "A plain Agent Plugin uploaded in the UI" });
const TRIAGE = "---\nname: triage\ndescription: Triage an alert\nallowed-tools: graph__query, Read\n---\n# Triage\n";
const pickedZip = pluginZip({ id: "unused", manifest: plainManifest(pickedName, "1.0.0"), skills: { triage: TRIAGE } });
const pickedZip2 = pluginZip({
  id: "unused",
  manifest: plainManifest(pickedName, "2.0.0"),
  skills: { triage: TRIAGE, later: skillMarkdown("later", "Follow up later") },
});
/** Claude Code's layout: the manifest at .claude-plugin/plugin.json. */
const droppedZip = pluginZip({ id: "unused", manifest: null, files: { ".claude-plugin/plugin.json": plainManifest(droppedName, "0.1.0") } });
const badZip = pluginZip({
  id: "unused",
  manifest: plainManifest(`Bad Kit ${suffix}`, "1.0.0"),
  skills: { a: "no frontmatter", b: skillMarkdown("c", "Mismatch") },
});

const zipFile = (name: string, bytes: Uint8Array) => ({ name, mimeType: "application/zip", buffer: Buffer.from(bytes) });

/** Drops a file on the element as a person dragging it from their desktop would: dragover, then drop, carrying a DataTransfer. */
async function dropFile(zone: Locator, name: string, bytes: Uint8Array) {
  await zone.evaluate(
    (element, { name, encoded }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0))], name, { type: "application/zip" }));
      for (const type of ["dragenter", "dragover", "drop"])
        element.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
    },
    { name, encoded: base64(bytes) },
  );
}

/** No horizontal page scroll; on failure, the elements that stick out say why. */
async function fitsWidth(page: Page) {
  const wide = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    return [...document.querySelectorAll("body *")]
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .slice(0, 8)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className} ${Math.round(element.getBoundingClientRect().right)}`);
  });
  expect(wide).toEqual([]);
}

/** The raw bytes the Worker serves at an API path. */
async function served(base: string, path: string, accept = "application/zip"): Promise<Buffer> {
  const response = await fetch(`${base}/api/v1${path}`, { headers: { accept } });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe("admin UI: plugins", () => {
  let worker: RunningWorker;
  let page: Page;
  let browser: TestBrowser;

  uiOnWorker(async (stack) => {
    ({ worker, page, browser } = stack);
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
      expect.stringMatching(/^r2\s+1\.1\.0[\s\S]*second\s+Download$/),
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

  it("installs a plain Agent Plugin from a zip chosen with the file picker, under the id derived from its name", async () => {
    await page.goto(`${worker.url}/plugins`);
    await page.getByRole("button", { name: "Install plugin" }).click();
    const dialog = page.getByRole("dialog", { name: "Install a plugin" });
    await dialog.getByLabel("Plugin package (zip)").setInputFiles(zipFile("picker.zip", pickedZip));
    const summary = dialog.locator(".package-summary");
    await summary.waitFor();
    expect(await summary.innerText()).toBe(`${pickedName} ${pickedId} version 1.0.0: 2 files, skills triage.`);
    await screenshot(page, "laptop-plugin-upload");
    await dialog.getByLabel("Comment").fill("from the file picker");
    await dialog.getByRole("button", { name: "Install plugin" }).click();
    await page.getByRole("heading", { level: 1, name: pickedName }).waitFor();
    const { status, body } = await rest(worker.url, "GET", `/plugins/${pickedId}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: pickedId, name: pickedName, revision: 1, package_version: "1.0.0" });
    expect((await rest(worker.url, "GET", `/plugins/${pickedId}/versions`)).body.versions[0]).toMatchObject({ revision: 1, comment: "from the file picker" });
  });

  it("installs a zip dropped on the drop zone, read in Claude Code's layout", async () => {
    await page.goto(`${worker.url}/plugins`);
    await page.getByRole("button", { name: "Install plugin" }).click();
    const dialog = page.getByRole("dialog", { name: "Install a plugin" });
    await dropFile(dialog.getByRole("group", { name: "Drop zone for the plugin package" }), "dropped.zip", droppedZip);
    await dialog.getByText(`${droppedName} ${droppedId} version 0.1.0`).waitFor();
    expect(await dialog.getByText("dropped.zip").count()).toBe(1);
    await dialog.getByRole("button", { name: "Install plugin" }).click();
    await page.getByRole("heading", { level: 1, name: droppedName }).waitFor();
    const files = (await rest(worker.url, "GET", `/plugins/${droppedId}/versions/1/files`)).body.files.map((file: { path: string }) => file.path);
    expect(files).toEqual([".claude-plugin/plugin.json", "skills/triage/SKILL.md"]);
  });

  it("shows the server's per-file problems of a bad zip, installs nothing, and fits the phone", async () => {
    const before = (await rest(worker.url, "GET", "/plugins")).body.plugins.length;
    await page.goto(`${worker.url}/plugins`);
    await page.getByRole("button", { name: "Install plugin" }).click();
    const dialog = page.getByRole("dialog", { name: "Install a plugin" });
    await dialog.getByLabel("Plugin package (zip)").setInputFiles(zipFile("bad.zip", badZip));
    const problems = dialog.getByRole("list", { name: "Problems in the package" });
    await problems.waitFor();
    const refused = await rest(worker.url, "POST", "/plugins/validate", { package_base64: base64(badZip) });
    expect(refused.status).toBe(422);
    const fields: { field: string; message: string }[] = refused.body.error.fields;
    expect(fields.map((issue) => issue.field).sort()).toEqual(["skills/a/SKILL.md", "skills/b/SKILL.md:name"]);
    expect((await problems.getByRole("listitem").allInnerTexts()).sort()).toEqual(fields.map((issue) => `${issue.field} ${issue.message}`).sort());
    expect(await dialog.getByRole("button", { name: "Install plugin" }).isDisabled()).toBe(true);
    await page.setViewportSize(PHONE);
    try {
      await screenshot(page, "phone-plugin-upload");
      await fitsWidth(page);
    } finally {
      await page.setViewportSize(LAPTOP);
    }

    // Bytes that are no zip at all: the package as a whole is refused.
    await dialog.getByLabel("Plugin package (zip)").setInputFiles({ name: "notes.zip", mimeType: "application/zip", buffer: Buffer.from("just text") });
    await problems.getByText("package is not a readable zip archive").waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect((await rest(worker.url, "GET", "/plugins")).body.plugins.length).toBe(before);
  });

  it("shows each skill's allowed-tools on the plugin's page and the skill's", async () => {
    await page.goto(`${worker.url}/plugins/${pickedId}`);
    const tools = page.getByRole("list", { name: "Allowed tools of triage" });
    await tools.waitFor();
    expect(await tools.getByRole("listitem").allInnerTexts()).toEqual(["graph__query", "Read"]);
    expect((await rest(worker.url, "GET", `/plugins/${pickedId}`)).body.skills[0].allowed_tools).toEqual(["graph__query", "Read"]);
    await page.getByRole("link", { name: "triage", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "triage" }).waitFor();
    expect(await page.getByRole("list", { name: "Allowed tools of triage" }).getByRole("listitem").allInnerTexts()).toEqual(["graph__query", "Read"]);
  });

  it("shows dates as the rest of the UI does", async () => {
    await page.goto(`${worker.url}/plugins/${pickedId}`);
    const updated = page.locator("dl.details time").first();
    await updated.waitFor();
    expect(await updated.getAttribute("datetime")).toBe((await rest(worker.url, "GET", `/plugins/${pickedId}`)).body.updated_at);
    // en-GB, UTC (the test browser's locale): "3 Dec 2026, 09:50", as History and Workflows show times.
    expect(await updated.innerText()).toMatch(/^\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2}$/);
    const created = page
      .getByRole("table", { name: `Revisions of ${pickedName}` })
      .locator("tbody tr time")
      .first();
    expect(await created.innerText()).toMatch(/^\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2}$/);
  });

  it("publishes a new revision from an uploaded zip, refusing another plugin's package, read back over REST", async () => {
    await page.goto(`${worker.url}/plugins/${pickedId}`);
    await page.getByRole("button", { name: "Publish revision" }).click();
    const dialog = page.getByRole("dialog", { name: `Publish a new revision of ${pickedName}` });
    await dialog.getByLabel("Plugin package (zip)").setInputFiles(zipFile("other.zip", droppedZip));
    await dialog.getByText(`This package is plugin ${droppedId}; a revision of ${pickedId} must carry its id.`).waitFor();
    expect(await dialog.getByRole("button", { name: "Publish revision" }).isDisabled()).toBe(true);

    await dialog.getByLabel("Plugin package (zip)").setInputFiles(zipFile("picker-2.zip", pickedZip2));
    await dialog.getByText(`${pickedName} ${pickedId} version 2.0.0: 3 files, skills later, triage.`).waitFor();
    await dialog.getByLabel("Comment").fill("second, from the UI");
    await dialog.getByRole("button", { name: "Publish revision" }).click();
    await dialog.waitFor({ state: "detached" });
    const revisions = page.getByRole("table", { name: `Revisions of ${pickedName}` });
    await revisions.locator("tbody tr", { hasText: "r2" }).waitFor();
    const { body } = await rest(worker.url, "GET", `/plugins/${pickedId}/versions`);
    expect(body.versions[0]).toMatchObject({ revision: 2, package_version: "2.0.0", comment: "second, from the UI", skills: ["later", "triage"] });
    expect((await rest(worker.url, "GET", `/plugins/${pickedId}`)).body.revision).toBe(2);
  });

  it("downloads a revision's zip and the current one: the bytes the server holds", async () => {
    await page.goto(`${worker.url}/plugins/${pickedId}`);
    const [first] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download r1" }).click()]);
    expect(first.suggestedFilename()).toBe(`${pickedId}-1.zip`);
    const firstBytes = readFileSync(await first.path());
    const revision1 = await served(worker.url, `/plugins/${pickedId}/versions/1/download`, "application/json");
    expect(firstBytes.equals(Buffer.from(JSON.parse(revision1.toString()).package_base64, "base64"))).toBe(true);
    expect(firstBytes.equals(Buffer.from(pickedZip))).toBe(true);

    const [current] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download zip" }).click()]);
    expect(current.suggestedFilename()).toBe(`${pickedId}-2.zip`);
    const currentBytes = readFileSync(await current.path());
    expect(currentBytes.equals(await served(worker.url, `/plugins/${pickedId}/download`))).toBe(true);
    expect(currentBytes.equals(Buffer.from(pickedZip2))).toBe(true);
  });

  it("fits the phone: the list, a plugin's page and the upload dialog", async () => {
    await page.goto(`${worker.url}/plugins`);
    await page.locator("main table tbody tr", { hasText: pickedId }).waitFor();
    await screenshot(page, "laptop-plugins");
    await page.setViewportSize(PHONE);
    try {
      await page.reload();
      await page.locator("main table tbody tr", { hasText: pickedId }).waitFor();
      await screenshot(page, "phone-plugins");
      await fitsWidth(page);
      await page.goto(`${worker.url}/plugins/${pickedId}`);
      await page.getByRole("heading", { name: "Revisions" }).waitFor();
      await page
        .getByRole("table", { name: `Revisions of ${pickedName}` })
        .locator("tbody tr")
        .first()
        .waitFor();
      await screenshot(page, "phone-plugin");
      await fitsWidth(page);
      await page.getByRole("button", { name: "Publish revision" }).click();
      const dialog = page.getByRole("dialog", { name: `Publish a new revision of ${pickedName}` });
      await dialog.getByLabel("Plugin package (zip)").setInputFiles(zipFile("picker-2.zip", pickedZip2));
      await dialog.locator(".package-summary").waitFor();
      await screenshot(page, "phone-plugin-publish");
      await fitsWidth(page);
      await dialog.getByRole("button", { name: "Cancel" }).click();
    } finally {
      await page.setViewportSize(LAPTOP);
    }
  });

  it("deletes a plugin from its page after confirming", async () => {
    await page.goto(`${worker.url}/plugins/${droppedId}`);
    await page.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("dialog", { name: `Delete plugin ${droppedName}?` });
    expect(await confirm.innerText()).toContain(`${droppedId}__triage`);
    await confirm.getByRole("button", { name: "Delete plugin" }).click();
    await page.getByRole("heading", { level: 1, name: "Plugins" }).waitFor();
    expect((await rest(worker.url, "GET", `/plugins/${droppedId}`)).status).toBe(404);
    const client = await connectV2(`${worker.url}/api/v1/mcp`);
    expect((await client.listPrompts()).prompts.map((prompt) => prompt.name)).not.toContain(`${droppedId}__triage`);
  });

  it("deletes a plugin from the list's menu after confirming", async () => {
    await page.goto(`${worker.url}/plugins`);
    await page.getByRole("button", { name: `Actions for plugin ${pickedName}` }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await page
      .getByRole("dialog", { name: `Delete plugin ${pickedName}?` })
      .getByRole("button", { name: "Delete plugin" })
      .click();
    await page.locator("main table tbody tr", { hasText: pickedId }).waitFor({ state: "detached" });
    expect((await rest(worker.url, "GET", `/plugins/${pickedId}`)).status).toBe(404);
    expect(await page.locator("main table tbody tr", { hasText: id }).count()).toBe(1);
  });

  it("logs no console errors", () => {
    expect(browser.problems).toEqual([]);
  });
});
