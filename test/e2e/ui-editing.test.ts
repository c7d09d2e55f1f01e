// Editing in the admin UI, in Chromium against `wrangler dev` and the run's Neo4j: a draft is
// not thrown away by Escape without asking, the server's Cypher error markers stay in the
// editor however quickly Save is pressed, and history shows Cypher changes as text lines.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshot, type TestBrowser } from "../support/browser";
import { rest } from "../support/rest";
import { uiOnWorker } from "../support/ui-stack";
import { dialog, field, setCypher } from "../support/ui";
import type { RunningWorker } from "../support/worker";

const TOOLSET = "editing";

describe("editing in the admin UI", () => {
  let worker: RunningWorker;
  let browser: TestBrowser;
  let page: Page;

  uiOnWorker(async (stack) => {
    ({ worker, browser, page } = stack);
    expect((await rest(worker.url, "POST", "/toolsets", { id: TOOLSET, name: "Editing" })).status).toBe(201);
  });

  async function openNewToolset() {
    await page.goto(`${worker.url}/toolsets`);
    await page.getByRole("button", { name: "New toolset" }).click();
    const form = dialog(page).filter({ hasText: "New toolset" });
    await form.getByRole("heading", { name: "New toolset" }).waitFor();
    return form;
  }

  it("asks before Escape discards an edited draft, and keeps the draft when the person keeps editing", async () => {
    const form = await openNewToolset();
    await field(form, "name").locator("input").fill("Half-written toolset");
    await page.keyboard.press("Escape");
    const prompt = page.getByRole("dialog", { name: "Discard your changes?" });
    await prompt.waitFor();
    await screenshot(page, "laptop-discard-prompt");
    await prompt.getByRole("button", { name: "Keep editing" }).click();
    await prompt.waitFor({ state: "detached" });
    expect(await field(form, "name").locator("input").inputValue()).toBe("Half-written toolset");

    // Escape again, and this time discard.
    await page.keyboard.press("Escape");
    await prompt.getByRole("button", { name: "Discard changes" }).click();
    await form.waitFor({ state: "detached" });
  });

  it("closes an untouched form on Escape without asking", async () => {
    const form = await openNewToolset();
    await page.keyboard.press("Escape");
    await form.waitFor({ state: "detached" });
    expect(await page.getByRole("dialog").count()).toBe(0);
  });

  it("keeps the server's Cypher error markers when Save is pressed right after typing", async () => {
    await page.goto(`${worker.url}/toolsets/${TOOLSET}`);
    await page.getByRole("button", { name: "New tool" }).click();
    const form = dialog(page);
    await field(form, "id").locator("input").fill("quick");
    await field(form, "name").locator("input").fill("Quick");
    const save = form.getByRole("button", { name: "Create tool" });
    const errors = field(form, "cypher").locator(".field-error");
    // A first save warms Neo4j up, so the next answer arrives within the editor's lint delay.
    await setCypher(page, "MATCH (n) RETRN n");
    await save.click();
    await errors.getByText(/RETRN/).waitFor();
    await setCypher(page, "MATCH (n) RETURN n LIMT 1");
    await save.click();
    await errors.getByText(/LIMT/).waitFor();
    // The editor's own linter runs 750 ms after the last keystroke; the markers must outlive it.
    await page.waitForTimeout(1_500);
    const markers = field(form, "cypher").locator(".cm-lintRange-error");
    expect(await markers.count()).toBeGreaterThan(0);
    expect(await markers.first().innerText()).toBe("LIMT");
  });

  it("sets a tool's cache TTL in the tool form, and shows the server's rule for a bad one beside the field", async () => {
    await page.goto(`${worker.url}/toolsets/${TOOLSET}`);
    await page.getByRole("button", { name: "New tool" }).click();
    const form = dialog(page);
    await field(form, "id").locator("input").fill("cached");
    await field(form, "name").locator("input").fill("Cached");
    await setCypher(page, "RETURN 1 AS one");
    const ttl = field(form, "cache_ttl_seconds").locator("input");
    await ttl.fill("90000");
    await form.getByRole("button", { name: "Create tool" }).click();
    await field(form, "cache_ttl_seconds").locator(".field-error").getByText("must be at most 86400").waitFor();
    await ttl.fill("120");
    await form.getByRole("button", { name: "Create tool" }).click();
    await form.waitFor({ state: "detached" });
    expect((await rest(worker.url, "GET", `/toolsets/${TOOLSET}/tools/cached`)).body.cache_ttl_seconds).toBe(120);
  });

  it("shows a changed line of a multi-line Cypher query as removed and added text lines", async () => {
    const cypher = (limit: number) => `MATCH (n)\nWHERE n.name IS NOT NULL\nRETURN n.name AS name\nLIMIT ${limit}`;
    expect((await rest(worker.url, "POST", `/toolsets/${TOOLSET}/tools`, { id: "lines", name: "Lines", cypher: cypher(5) })).status).toBe(201);
    expect((await rest(worker.url, "PATCH", `/toolsets/${TOOLSET}/tools/lines`, { cypher: cypher(10), base_version: 1 })).status).toBe(200);
    await page.goto(`${worker.url}/toolsets/${TOOLSET}/tools/lines/history`);
    const diff = page.getByLabel("Diff of version 1 against the current version");
    await diff.waitFor();
    // Each changed line reads "removed: ..." or "added: ..." to screen readers; the text follows.
    const changed = async (kind: "removed" | "added") =>
      (await diff.locator(`.diff-line.${kind}`).allInnerTexts()).map((line) => line.replace(/^[^:]*:\s*/, "").trim());
    expect(await changed("removed")).toEqual(["LIMIT 5"]);
    expect(await changed("added")).toEqual(["LIMIT 10"]);
    expect(await diff.innerText()).toContain("WHERE n.name IS NOT NULL");
    expect(await diff.innerText()).not.toContain("\\n");
    await screenshot(page, "laptop-cypher-diff");
  });

  it("raised no page errors", () => {
    expect(browser.problems).toEqual([]);
  });
});
