// Try it with results that are wide or large, in Chromium against `wrangler dev` and the run's
// Neo4j: maps and long values stay inside their cells (with the whole value one click away), and
// 50,000 rows render at once, a page at a time, with the count and a way to the last rows.
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshot, type TestBrowser } from "../support/browser";
import { rest } from "../support/rest";
import { uiOnWorker } from "../support/ui-stack";
import { rowsOf } from "../support/ui";
import type { RunningWorker } from "../support/worker";

const WIDE =
  "RETURN {name: 'wide', blob: reduce(s = '', i IN range(1, 200) | s + 'abcdefgh'), nested: {list: range(1, 60)}} AS map, reduce(s = '', i IN range(1, 100) | s + 'xyz') AS text, 1 AS n";
const MANY = "UNWIND range(1, 50000) AS n RETURN n, n * n AS square";
const LISTS = "RETURN ['web', 'prod', null] AS tags, range(1, 20) AS numbers, [{a: 1}] AS maps, [] AS none";

/** Cells and table wraps whose content is wider than they are (each as "tag: scroll > client"). */
function overflowing(scope: Locator) {
  return scope.evaluate((root) =>
    Array.from(root.querySelectorAll<HTMLElement>(".table-wrap, td"))
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}: ${element.scrollWidth} > ${element.clientWidth}`),
  );
}

describe("Try it with wide and large results", () => {
  let worker: RunningWorker;
  let browser: TestBrowser;
  let page: Page;

  uiOnWorker(async (stack) => {
    ({ worker, browser, page } = stack);
    expect((await rest(worker.url, "POST", "/toolsets", { id: "results", name: "Results" })).status).toBe(201);
    for (const [id, cypher] of [
      ["wide", WIDE],
      ["many", MANY],
      ["lists", LISTS],
    ])
      expect((await rest(worker.url, "POST", "/toolsets/results/tools", { id, name: id, cypher })).status).toBe(201);
  });

  it("keeps maps and long values inside their cells, with the whole value a click away", async () => {
    await page.goto(`${worker.url}/toolsets/results/tools/wide`);
    const tryIt = page.getByRole("region", { name: "Try it" });
    await tryIt.getByRole("button", { name: "Run" }).click();
    await tryIt.getByText("1 row in").waitFor();
    expect(await overflowing(tryIt)).toEqual([]);
    await screenshot(page, "laptop-try-it-wide");

    await tryIt.getByRole("button", { name: "Show the whole value of map in row 1" }).click();
    const whole = tryIt.getByRole("region", { name: "Whole value of map in row 1" });
    expect(await whole.innerText()).toContain("abcdefgh".repeat(200));
    expect(await overflowing(tryIt)).toEqual([]);
    await screenshot(page, "laptop-try-it-wide-open");
  });

  it("renders 50,000 rows well under a second and a half after the answer, with the count and the last rows reachable", async () => {
    await page.goto(`${worker.url}/toolsets/results/tools/many`);
    const tryIt = page.getByRole("region", { name: "Try it" });
    const answered = page.waitForResponse((response) => response.url().endsWith("/tools/many/call"));
    await tryIt.getByRole("button", { name: "Run" }).click();
    await (await answered).finished();
    const started = Date.now();
    await tryIt.getByText(/^50,000 rows in/).waitFor();
    await tryIt.locator("table.results tbody tr").first().waitFor();
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(1_500);
    expect((await rowsOf(page, tryIt))[0]).toBe("1\t1");

    await tryIt.getByRole("button", { name: "Last page" }).click();
    const rows = await rowsOf(page, tryIt);
    expect(rows.at(-1)).toBe("50000\t2500000000");
    await tryIt.getByText(/Rows 49,901–50,000 of 50,000/).waitFor();
    await screenshot(page, "laptop-try-it-many");
  });

  it("shows a list of scalars as chips, the first twelve then a button for the rest, and other lists as JSON", async () => {
    await page.goto(`${worker.url}/toolsets/results/tools/lists`);
    const tryIt = page.getByRole("region", { name: "Try it" });
    await tryIt.getByRole("button", { name: "Run" }).click();
    await tryIt.getByText("1 row in").waitFor();
    expect(await tryIt.getByRole("list", { name: "List of tags in row 1" }).getByRole("listitem").allInnerTexts()).toEqual(["web", "prod", "null"]);
    const numbers = tryIt.getByRole("list", { name: "List of numbers in row 1" }).getByRole("listitem");
    expect(await numbers.count()).toBe(12);
    await tryIt.getByRole("button", { name: "All items of numbers in row 1" }).click();
    expect(await numbers.allInnerTexts()).toEqual(Array.from({ length: 20 }, (_, index) => String(index + 1)));
    await tryIt.getByRole("button", { name: "Show the whole value of maps in row 1" }).waitFor();
    expect(await tryIt.locator("td", { hasText: "empty list" }).count()).toBe(1);
    expect(await overflowing(tryIt)).toEqual([]);
    await screenshot(page, "laptop-try-it-lists");
  });

  it("narrows 50,000 rows to those matching the search, with the count of matches", async () => {
    await page.goto(`${worker.url}/toolsets/results/tools/many`);
    const tryIt = page.getByRole("region", { name: "Try it" });
    await tryIt.getByRole("button", { name: "Run" }).click();
    await tryIt.getByText(/^50,000 rows in/).waitFor();
    await tryIt.getByRole("searchbox", { name: "Search tool result" }).fill("4999");
    // 4999, 49990–49999 and 14999, 24999, 34999 (as n), and squares containing 4999.
    await tryIt.getByText(/^\d+ of 50,000$/).waitFor();
    const rows = await rowsOf(page, tryIt);
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) expect(row).toContain("4999");
    expect(rows).toContain("4999\t24990001");
    expect(await tryIt.getByText(/^\d+ of 50,000$/).innerText()).toBe(`${rows.length} of 50,000`);
    await tryIt.getByRole("searchbox", { name: "Search tool result" }).fill("");
    await tryIt.getByText(/Rows 1–100 of 50,000/).waitFor();
  });

  it("raised no page errors", () => {
    expect(browser.problems).toEqual([]);
  });
});
