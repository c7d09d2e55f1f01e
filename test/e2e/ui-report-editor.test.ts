// The report editor and the graph panel in Chromium against `wrangler dev` and the run's Neo4j:
// YAML typed into the code editor with the schema's keys completed and an unknown key marked at
// its line, saved and read back over REST; an editor that scrolls inside its own box under a
// toolbar that stays in view; a preview that runs a draft's queries without saving it; a graph
// whose labels never overlap, zoomed, panned and reset, on a laptop and a phone.
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { LAPTOP, PHONE, screenshot, type TestBrowser } from "../support/browser";
import { rest } from "../support/rest";
import { uiOnWorker } from "../support/ui-stack";
import type { RunningWorker } from "../support/worker";

/** 60 nodes with long names around four hubs: every label drawn beside its node would pile up. */
const GRAPH_CYPHER = [
  "WITH range(1, 60) AS ids",
  "RETURN [i IN ids | {id: 'n' + toString(i), name: 'Service endpoint number ' + toString(i), label: CASE WHEN i <= 4 THEN 'Hub' ELSE 'Leaf' END}] AS nodes,",
  "[i IN range(2, 60) | {source: 'n' + toString(CASE WHEN i <= 4 THEN 1 ELSE 2 + i % 3 END), target: 'n' + toString(i), type: 'CALLS'}] AS links",
].join(" ");

const config = (panels: string[]) => ["name: Editor report", "rows:", "  - name: First row", "    panels:", ...panels, ""].join("\n");
const countPanel = ["      - type: count", "        cypher: RETURN 7 AS total"];

describe("admin UI report editor and graph panel", () => {
  let worker: RunningWorker;
  let browser: TestBrowser;
  let page: Page;
  let reportId: string;
  let graphId: string;

  uiOnWorker(async (stack) => {
    ({ worker, browser, page } = stack);
    const report = await rest(worker.url, "POST", "/reports", { name: "Editor report" });
    reportId = report.body.report_id;
    const graph = await rest(worker.url, "POST", "/reports", { name: "Service map" });
    graphId = graph.body.report_id;
    const saved = await rest(worker.url, "POST", `/reports/${graphId}/versions`, {
      config: { name: "Service map", rows: [{ name: "Calls", panels: [{ type: "graph", caption: "Service calls", cypher: GRAPH_CYPHER, w: 12 }] }] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  });

  const editor = () => page.locator(".yaml-editor .cm-content");
  const scroller = () => page.locator(".yaml-editor .cm-scroller");
  const saveButton = () => page.getByRole("button", { name: "Save version" });

  async function openEditor() {
    await page.goto(`${worker.url}/reports/${reportId}/edit`);
    await editor().waitFor();
  }
  /** Replaces the editor's text as a paste would (no completion while pasting). */
  async function replaceText(text: string) {
    await editor().click();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.insertText(text);
  }
  const noPageScrollX = () => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  async function withinViewport(locator: Locator) {
    const box = (await locator.boundingBox())!;
    const height = await page.evaluate(() => window.innerHeight);
    return box.y >= 0 && box.y + box.height <= height;
  }

  it("completes a schema key, marks an unknown key inline at its line, and saves the YAML read back over REST", async () => {
    await openEditor();
    await page.getByLabel("Config (YAML)").waitFor();
    await replaceText(config([...countPanel, "        "]));
    // The end of the indented line under the panel's keys (the text ends with a newline).
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("End");
    await page.keyboard.type("capt");
    const completion = page.locator(".cm-tooltip-autocomplete");
    await completion.waitFor();
    const offered = await completion.locator("li").allInnerTexts();
    expect(offered[0]).toMatch(/^caption/);
    // Keys the panel has already are not offered again.
    expect(offered.join(" ")).not.toMatch(/cypher/);
    await page.keyboard.press("Enter");
    await page.keyboard.type("Seven");
    // A key the panel schema does not have, on line 8.
    await page.keyboard.insertText("\n        colour: red");
    const marked = page.locator(".cm-lintRange-error");
    await marked.waitFor();
    expect(await marked.innerText()).toBe("colour");
    const line = await marked.evaluate((element) => {
      const lines = [...document.querySelectorAll(".yaml-editor .cm-line")];
      return lines.indexOf(element.closest(".cm-line")!) + 1;
    });
    expect(line).toBe(8);
    expect(await page.locator(".cm-gutter-lint .cm-gutterElement .cm-lint-marker-error").count()).toBe(1);
    const problems = page.getByRole("list", { name: "Problems" });
    expect(await problems.innerText()).toMatch(/Line 8\s+config\.rows\.0\.panels\.0\.colour: colour is not a key here/);
    await screenshot(page, "laptop-report-editor-problem");

    // The problem's button selects the key; deleting that line fixes the config.
    await problems.getByRole("button", { name: "Line 8" }).click();
    await page.keyboard.press("End");
    await page.keyboard.press("Shift+Home");
    await page.keyboard.press("Shift+Home");
    await page.keyboard.press("Backspace");
    await page.keyboard.press("Backspace");
    await marked.waitFor({ state: "detached" });
    await page.getByLabel("Comment").fill("A caption from the schema");
    await saveButton().click();
    await page.getByRole("heading", { level: 1, name: "Editor report" }).waitFor();
    await page.getByTestId("count-value").getByText("7").waitFor();
    const saved = (await rest(worker.url, "GET", `/reports/${reportId}`)).body;
    expect(saved).toMatchObject({ version: 2, comment: "A caption from the schema" });
    expect(saved.config.rows[0].panels[0]).toMatchObject({ type: "count", cypher: "RETURN 7 AS total", caption: "Seven" });
    expect(saved.config.rows[0].panels[0]).not.toHaveProperty("colour");
    expect(browser.problems).toEqual([]);
  });

  it("scrolls long lines and long configs inside the editor while the Save toolbar stays in view", async () => {
    const long = `        markdown: "${"A long line of markdown that goes on and on. ".repeat(12)}"`;
    const many = Array.from({ length: 40 }, (_, i) => [`      - type: markdown`, `        markdown: Note ${i}`]).flat();
    for (const viewport of [LAPTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await openEditor();
      await replaceText(config([...countPanel, "      - type: markdown", long, ...many]));
      const sizes = await scroller().evaluate((element) => ({
        scrollWidth: element.scrollWidth,
        clientWidth: element.clientWidth,
        scrollHeight: element.scrollHeight,
        clientHeight: element.clientHeight,
      }));
      expect(sizes.scrollWidth, "long lines scroll sideways inside the editor").toBeGreaterThan(sizes.clientWidth);
      expect(sizes.scrollHeight, "a long config scrolls inside the editor").toBeGreaterThan(sizes.clientHeight);
      expect(await noPageScrollX()).toBe(true);
      // The page stays about one screen tall: the editor does not grow with its text.
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(viewport.height + 200);

      await page.keyboard.press("ControlOrMeta+Home");
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, viewport === PHONE ? "phone-report-editor" : "laptop-report-editor");
      const box = (await scroller().boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + Math.min(box.height / 2, 100));
      await page.mouse.wheel(0, 400);
      await page.mouse.wheel(300, 0);
      await page.waitForFunction(() => {
        const element = document.querySelector(".yaml-editor .cm-scroller")!;
        return element.scrollTop > 0 && element.scrollLeft > 0;
      });
      expect(await withinViewport(saveButton()), "Save stays in view").toBe(true);
      expect(await withinViewport(page.getByRole("button", { name: "Preview" }))).toBe(true);
      expect(await noPageScrollX()).toBe(true);
    }
    await page.setViewportSize(LAPTOP);
    expect(browser.problems).toEqual([]);
  });

  it("previews a draft's queries with their rows without saving the draft", async () => {
    const before = (await rest(worker.url, "GET", `/reports/${reportId}`)).body;
    await openEditor();
    await replaceText(
      config([
        "      - type: table",
        "        caption: Draft words",
        "        cypher: UNWIND ['alpha', 'beta', 'gamma'] AS word RETURN word, size(word) AS letters",
      ]),
    );
    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByRole("region", { name: "Preview" });
    const table = preview.getByRole("table", { name: "Draft words" });
    await table.waitFor();
    const rows = await table.locator("tbody tr").allInnerTexts();
    expect(rows.map((row) => row.split(/\s+/))).toEqual([
      ["alpha", "5"],
      ["beta", "4"],
      ["gamma", "5"],
    ]);
    await screenshot(page, "laptop-report-editor-preview");

    const after = (await rest(worker.url, "GET", `/reports/${reportId}`)).body;
    expect(after.version).toBe(before.version);
    expect(after.config).toEqual(before.config);
    expect((await rest(worker.url, "GET", `/reports/${reportId}/versions`)).body.versions).toHaveLength(before.version);
    expect(browser.problems).toEqual([]);
  });

  describe("graph panel", () => {
    const graph = () => page.getByRole("region", { name: "Service calls" }).getByRole("img");
    const view = () => graph().locator("g.graph-view");
    const transform = () => view().getAttribute("transform");

    async function openGraph() {
      await page.goto(`${worker.url}/reports/${graphId}`);
      await view().waitFor();
    }
    /** The screen boxes of the labels drawn, and whether any two of them overlap. */
    async function labelBoxes() {
      return graph().evaluate((svg) => {
        const boxes = [...svg.querySelectorAll("text.node-label")].map((label) => label.getBoundingClientRect());
        const overlapping = boxes.flatMap((a, i) =>
          boxes
            .slice(i + 1)
            .flatMap((b) => (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5 ? [[a, b]] : [])),
        );
        return { count: boxes.length, overlapping: overlapping.length };
      });
    }

    it("names the nodes whose labels fit, without any two overlapping", async () => {
      await openGraph();
      expect(await graph().getAttribute("data-nodes")).toBe("60");
      const labels = await labelBoxes();
      expect(labels.count).toBeGreaterThan(4);
      expect(labels.overlapping).toBe(0);
      // Hovering a node names it, still without overlaps.
      const leaf = graph().locator("circle[data-node='n40']");
      await leaf.hover();
      await graph().locator("text.node-label.focus", { hasText: "Service endpoint number 40" }).waitFor();
      expect((await labelBoxes()).overlapping).toBe(0);
      await page.mouse.move(0, 0);
      await screenshot(page, "laptop-report-graph");
      expect(browser.problems).toEqual([]);
    });

    it("zooms with the wheel and the buttons, pans by dragging, and resets the view", async () => {
      await openGraph();
      const initial = await transform();
      const scale = (value: string | null) => Number(/scale\(([^)]+)\)/.exec(value ?? "")?.[1]);
      const translate = (value: string | null) => (/translate\(([^,]+),([^)]+)\)/.exec(value ?? "") ?? []).slice(1).map(Number);

      const named = (await labelBoxes()).count;
      await page.getByRole("button", { name: "Zoom in" }).click();
      await page.waitForFunction((before) => document.querySelector("g.graph-view")?.getAttribute("transform") !== before, initial);
      expect(scale(await transform())).toBeGreaterThan(scale(initial));
      const zoomedIn = await labelBoxes();
      expect(zoomedIn.overlapping).toBe(0);
      expect(zoomedIn.count, "zooming in spreads the nodes, so more are named").toBeGreaterThan(named);

      const box = (await graph().boundingBox())!;
      const before = await transform();
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.wheel(0, 300);
      await page.waitForFunction((value) => document.querySelector("g.graph-view")?.getAttribute("transform") !== value, before);
      expect(scale(await transform())).toBeLessThan(scale(before));

      // Dragging from a corner, where no node is, moves the picture by as much.
      const [x0, y0] = translate(await transform());
      await page.mouse.move(box.x + 10, box.y + 10);
      await page.mouse.down();
      await page.mouse.move(box.x + 90, box.y + 50, { steps: 5 });
      await page.mouse.up();
      const [x1, y1] = translate(await transform());
      expect(x1! - x0!).toBeCloseTo(80, 0);
      expect(y1! - y0!).toBeCloseTo(40, 0);

      await page.getByRole("button", { name: "Reset view" }).click();
      expect(await transform()).toBe(initial);
      expect(browser.problems).toEqual([]);
    });

    it("fits the graph to a phone's width with readable, separate labels", async () => {
      await page.setViewportSize(PHONE);
      try {
        await openGraph();
        expect(await noPageScrollX()).toBe(true);
        const box = (await graph().boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
        const labels = await labelBoxes();
        expect(labels.count).toBeGreaterThan(2);
        expect(labels.overlapping).toBe(0);
        // Labels keep their size on screen: 12px text, not the layout shrunk to fit.
        const height = await graph()
          .locator("text.node-label")
          .first()
          .evaluate((label) => label.getBoundingClientRect().height);
        expect(height).toBeGreaterThan(10);
        // Every node is in the picture.
        const inside = await graph().evaluate((svg) => {
          const frame = svg.getBoundingClientRect();
          return [...svg.querySelectorAll("circle")].every((circle) => {
            const node = circle.getBoundingClientRect();
            return node.left >= frame.left && node.right <= frame.right && node.top >= frame.top && node.bottom <= frame.bottom;
          });
        });
        expect(inside).toBe(true);
        await screenshot(page, "phone-report-graph");
      } finally {
        await page.setViewportSize(LAPTOP);
      }
      expect(browser.problems).toEqual([]);
    });
  });
});
