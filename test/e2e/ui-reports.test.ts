// The reports area of the admin UI in Chromium against `wrangler dev`: the demo dashboard that
// `npm start` seeds (scripts/demo-graph/dashboard.mjs) over the demo graph, every panel type
// drawn with the data Neo4j holds; inputs re-running panels; a panel's error and empty states;
// the reports list grouped pinned first and by space. The demo graph gets a Neo4j of its own, as
// in test/node/demo-graph.test.ts: loading it needs an empty database.
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import neo4j, { type Driver } from "neo4j-driver";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error plain ESM demo shared with npm start
import { DEMO_DASHBOARD_ID, demoDashboard } from "../../scripts/demo-graph/dashboard.mjs";
// @ts-expect-error plain ESM loader shared with npm start
import { loadDemoGraph } from "../../scripts/demo-graph/load.mjs";
// @ts-expect-error plain ESM helper shared with the npm scripts
import { repoRoot, startNeo4j, stopNeo4j } from "../../scripts/neo4j/server.mjs";
import { LAPTOP, launchBrowser, PHONE, screenshot, type TestBrowser } from "../support/browser";
import { rest } from "../support/rest";
import { startWorker, type RunningWorker } from "../support/worker";

const home = join(repoRoot, `.local/neo4j/ui-reports-${process.pid}`);

describe("admin UI reports", () => {
  let worker: RunningWorker;
  let browser: TestBrowser;
  let page: Page;
  let driver: Driver;

  /** The first column of each row Neo4j returns for `cypher`: the ground truth the panels must show. */
  async function read(cypher: string, parameters: Record<string, unknown> = {}) {
    const { records } = await driver.executeQuery(cypher, parameters, { routing: neo4j.routing.READ });
    return records.map((record) => record.toObject());
  }
  const panels = (type: string) => page.locator(`main [data-panel-type="${type}"]`);
  const panel = (caption: string) => page.getByRole("region", { name: caption, exact: true });
  /** Waits until the report is shown, none of its queries is still running and the lazily loaded graph is drawn. */
  async function settle() {
    await page.getByTestId("report").waitFor();
    await page.waitForFunction(() => document.querySelector('main [data-state="loading"], main .state.loading') === null);
  }

  beforeAll(async () => {
    const server = await startNeo4j({ home, heap: "512m", pageCache: "128m" });
    driver = neo4j.driver(server.boltUrl, neo4j.auth.basic(server.user, server.password), { disableLosslessIntegers: true });
    await loadDemoGraph({ boltUrl: server.boltUrl, user: server.user, password: server.password, nodes: 600, log: () => {} });
    [worker, browser] = await Promise.all([startWorker({ NEO4J_URL: server.url, NEO4J_USER: server.user, NEO4J_PASSWORD: server.password }), launchBrowser()]);
    page = browser.page;
    // As npm start seeds it.
    const seeded = await rest(worker.url, "POST", "/reports/import", { reports: { [DEMO_DASHBOARD_ID]: { ...demoDashboard, dashboard: true } } });
    expect(seeded.status, JSON.stringify(seeded.body)).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await worker?.stop();
    await driver?.close();
    await stopNeo4j(home);
    rmSync(home, { recursive: true, force: true });
  });

  it("opens the demo dashboard as the home page with every panel type drawn from the graph", async () => {
    await page.goto(`${worker.url}/`);
    await page.getByRole("heading", { level: 1, name: "Security overview" }).waitFor();
    await settle();
    expect(await page.locator('main [data-state="error"]').count()).toBe(0);
    for (const type of ["table", "vertical-table", "count", "bar", "pie", "progress", "markdown", "graph"]) {
      expect(await panels(type).count(), type).toBeGreaterThan(0);
      expect(await panels(type).locator('[data-state="done"]').count(), `${type} drawn with data`).toBe(await panels(type).count());
    }

    const [critical] = await read("MATCH (c:CVE {severity: 'CRITICAL'}) RETURN count(c) AS total");
    expect(await panel("Critical CVEs").getByTestId("count-value").innerText()).toMatch(new RegExp(`^${critical!.total}`));

    const [exposure] = await read("MATCH (i:EC2Instance) RETURN count(CASE WHEN i.exposed_internet THEN 1 END) AS numerator, count(i) AS denominator");
    const progress = panel("Instances exposed to the internet").getByRole("progressbar");
    expect(Number(await progress.getAttribute("aria-valuenow"))).toBe(exposure!.numerator);
    expect(Number(await progress.getAttribute("aria-valuemax"))).toBe(exposure!.denominator);

    const severities = await read("MATCH (c:CVE) RETURN c.severity AS id, count(*) AS value ORDER BY value DESC");
    const bars = panel("CVEs by severity").locator("svg rect");
    expect(await bars.count()).toBe(severities.length);
    const barText = (await panel("CVEs by severity").getByRole("img").getAttribute("aria-label"))!;
    for (const { id, value } of severities) expect(barText).toContain(`${id} ${value}`);

    const ecosystems = await read("MATCH (d:Dependency) RETURN d.ecosystem AS id, count(*) AS value");
    expect(await panel("Dependencies by ecosystem").locator("svg path").count()).toBe(ecosystems.length);
    expect(await panel("Dependencies by ecosystem").getByRole("list").locator("li").count()).toBe(ecosystems.length);

    const usage = panel("Dependency usage").locator("table.results tbody tr");
    expect(await usage.count()).toBeGreaterThan(0);
    for (const row of await usage.allInnerTexts()) expect(row).toMatch(/\bjson/);

    const bucket = panel("Largest anonymously readable bucket");
    for (const name of ["account", "bucket", "region", "objects"]) await bucket.getByRole("rowheader", { name }).waitFor();

    expect(await panels("markdown").locator("strong").innerText()).toBe("Security overview");

    const [links] = await read("MATCH (:EC2Instance {exposed_internet: true})-[r:RUNS]->(:GitHubRepository) WITH r LIMIT 50 RETURN count(r) AS total");
    const graph = panel("Exposed instances and the code they run").getByRole("img");
    await graph.waitFor();
    expect(Number(await graph.getAttribute("data-links"))).toBe(links!.total);
    expect(await graph.locator("circle").count()).toBeGreaterThan(1);
    expect(await graph.locator("line").count()).toBe(links!.total);

    // A panel's details_cypher: the rows behind it, run through its own capability on demand.
    const vulnerable = panel("Exposed instances running vulnerable code");
    await vulnerable.getByRole("button", { name: "Show details" }).click();
    const details = vulnerable.getByRole("table", { name: "Details of Exposed instances running vulnerable code" });
    await details.waitFor();
    expect(await details.locator("thead th").allInnerTexts()).toEqual(["cve", "cvss", "dependencies"]);
    expect(await details.locator("tbody tr").count()).toBeGreaterThan(0);

    await screenshot(page, "laptop-reports-dashboard");
    expect(browser.problems).toEqual([]);
  });

  it("loads the dashboard with at most 150 KB of gzipped JavaScript, painting within 500 ms", async () => {
    // A page of its own, so every script the dashboard needs is fetched and counted.
    const fresh = await browser.context.newPage();
    try {
      await fresh.goto(`${worker.url}/`);
      await fresh.getByTestId("report").waitFor();
      await fresh.waitForFunction(() => document.querySelector('main [data-state="loading"], main .state.loading') === null);
      const { scripts, paint } = await fresh.evaluate(() => ({
        scripts: performance
          .getEntriesByType("resource")
          .map((entry) => new URL(entry.name).pathname)
          .filter((path) => path.endsWith(".js")),
        paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
      }));
      // The dashboard has a graph panel, so its lazily loaded graph counts too; editors and the console do not load.
      expect(scripts.some((path) => /GraphPanel/.test(path))).toBe(true);
      expect(scripts.filter((path) => /Editor|Console/.test(path))).toEqual([]);
      const gzipped = scripts.reduce((sum, path) => sum + gzipSync(readFileSync(join(repoRoot, "web/dist", path))).length, 0);
      expect(gzipped).toBeLessThanOrEqual(150_000);
      expect(paint).toBeDefined();
      expect(paint!).toBeLessThanOrEqual(500);
      console.info(`dashboard: ${scripts.length} scripts, ${(gzipped / 1000).toFixed(1)} kB gzipped, first contentful paint ${paint!.toFixed(0)} ms`);
    } finally {
      await fresh.close();
    }
  });

  it("stacks the panels in one column on a phone", async () => {
    await page.setViewportSize(PHONE);
    try {
      await page.goto(`${worker.url}/`);
      await settle();
      const lefts = await page
        .locator("main .report-panel")
        .evaluateAll((sections) => sections.map((section) => Math.round(section.getBoundingClientRect().left)));
      expect(new Set(lefts).size).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, "phone-reports-dashboard");
    } finally {
      await page.setViewportSize(LAPTOP);
    }
    await page.goto(`${worker.url}/`);
    await settle();
  });

  it("re-runs the panels that take an input when it changes", async () => {
    const table = panel("Exposed instances running vulnerable code");
    const expected = async (severity: string | null) =>
      (
        await read(
          `MATCH (i:EC2Instance {exposed_internet: true})-[:RUNS]->(repo:GitHubRepository)-[:REQUIRES]->(:Dependency)-[:AFFECTED_BY]->(c:CVE)
           WHERE $severity IS NULL OR c.severity = $severity
           RETURN i.id AS instance, collect(DISTINCT c.id) AS cves ORDER BY size(cves) DESC, instance LIMIT 25`,
          { severity },
        )
      ).map((row) => row.instance as string);
    const shown = async () => (await table.locator("table.results tbody tr td:first-child").allInnerTexts()).map((text) => text.trim());

    expect(await shown()).toEqual(await expected("CRITICAL"));
    await page.getByLabel("Severity", { exact: true }).selectOption({ label: "Any" });
    await settle();
    expect(await shown()).toEqual(await expected(null));

    await page.getByLabel("Package prefix", { exact: true }).fill("no-such-package");
    await panel("Dependency usage").locator('[data-state="empty"]').waitFor();
    expect(await panel("Dependency usage").innerText()).toContain("No results.");
  });

  it("shows a failing panel's error with Try again, beside the panels that ran", async () => {
    const created = await rest(worker.url, "POST", "/reports", { name: "Panel states" });
    expect(created.status).toBe(201);
    const id = created.body.report_id as string;
    const saved = await rest(worker.url, "POST", `/reports/${id}/versions`, {
      config: {
        rows: [
          {
            name: "States",
            panels: [
              { type: "count", caption: "Fails", cypher: "UNWIND [0] AS zero RETURN 1 / zero AS total", w: 4 },
              { type: "table", caption: "Nothing", cypher: "MATCH (n:NoSuchLabel) RETURN n.id AS id", w: 4 },
              { type: "count", caption: "Works", cypher: "RETURN 7 AS total", w: 4 },
            ],
          },
        ],
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    await page.goto(`${worker.url}/reports/${id}`);
    await page.getByRole("heading", { level: 1, name: "Panel states" }).waitFor();
    await panel("Fails").getByRole("alert").waitFor();
    await panel("Fails").getByRole("button", { name: "Try again" }).waitFor();
    await panel("Nothing").getByText("No results.").waitFor();
    expect(await panel("Works").getByTestId("count-value").innerText()).toBe("7");
    await screenshot(page, "laptop-report-panel-states");
  });

  it("lists reports pinned first, then by space, and opens one", async () => {
    const space = await rest(worker.url, "POST", "/spaces", { name: "Platform" });
    expect(space.status, JSON.stringify(space.body)).toBe(201);
    const filed = await rest(worker.url, "POST", "/reports", { name: "Cluster health", space_id: space.body.space_id });
    expect(filed.status).toBe(201);
    const pinned = await rest(worker.url, "PUT", `/reports/${DEMO_DASHBOARD_ID}/pin`, { pinned: true });
    expect(pinned.status, JSON.stringify(pinned.body)).toBe(200);

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Reports" }).click();
    await page.getByRole("heading", { level: 1, name: "Reports" }).waitFor();
    const sections = page.locator("main section.report-group");
    await sections.first().waitFor();
    expect(await sections.locator("h2").allInnerTexts()).toEqual(["Pinned", "Platform", "Not in a space"]);
    expect(await sections.nth(0).getByRole("link").allInnerTexts()).toEqual(["Security overview"]);
    expect(await sections.nth(1).getByRole("link", { name: "Cluster health" }).count()).toBe(1);
    expect(await sections.nth(2).getByRole("link", { name: "Panel states" }).count()).toBe(1);
    await screenshot(page, "laptop-reports-list");

    // A search keeps the groups with a matching report (by its name or its space's).
    const search = page.getByRole("searchbox", { name: "Search reports" });
    const groups = () => sections.locator("h2").allInnerTexts();
    await search.fill("platform");
    await expect.poll(groups).toEqual(["Platform"]);
    await search.fill("overview SECURITY");
    await expect.poll(groups).toEqual(["Pinned"]);
    await search.fill("");
    await expect.poll(groups).toEqual(["Pinned", "Platform", "Not in a space"]);

    await sections.nth(1).getByRole("link", { name: "Platform" }).click();
    await page.getByRole("heading", { level: 1, name: "Platform" }).waitFor();
    await page.getByRole("region", { name: "Not in a sub-space" }).getByRole("link", { name: "Cluster health" }).waitFor();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Reports" }).click();

    await sections.nth(0).getByRole("link", { name: "Security overview" }).click();
    await page.getByRole("heading", { level: 1, name: "Security overview" }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/reports/${DEMO_DASHBOARD_ID}`);
  });

  it("edits a report's YAML: a schema error at its line, a preview, a save; then its history restores the first version", async () => {
    const created = await rest(worker.url, "POST", "/reports", { name: "Draft report" });
    const id = created.body.report_id as string;
    await page.goto(`${worker.url}/reports/${id}`);
    await page.getByRole("link", { name: "Edit" }).click();
    const yaml = page.getByLabel("Config (YAML)");
    await yaml.waitFor();
    const config = (w: number) =>
      [
        "name: Edited report",
        "rows:",
        "  - name: Numbers",
        "    panels:",
        "      - type: count",
        "        cypher: RETURN 5 AS total",
        `        w: ${w}`,
        "      - type: markdown",
        '        markdown: "**Hello** preview"',
        "",
      ].join("\n");
    await yaml.fill(config(13));
    await page.getByRole("button", { name: "Save version" }).click();
    const problems = page.getByRole("list", { name: "Problems" });
    await problems.waitFor();
    expect(await problems.innerText()).toMatch(/Line 7\s+config\.rows\.0\.panels\.0\.w: must be at most 12/);
    expect(await page.locator(".cm-lintRange-error").allInnerTexts()).toEqual(["13"]);
    await screenshot(page, "laptop-report-editor-error");

    await problems.getByRole("button", { name: "Line 7" }).first().click();
    expect(await page.evaluate(() => document.getSelection()?.toString())).toBe("13");
    await yaml.fill(config(6));
    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByRole("region", { name: "Preview" });
    expect(await preview.locator("strong").innerText()).toBe("Hello");
    // The draft's count query ran (as ad-hoc Cypher: the caller holds query:execute).
    await preview.getByTestId("count-value").getByText("5").waitFor();
    await page.getByLabel("Comment").fill("A count and a note");
    await page.getByRole("button", { name: "Save version" }).click();
    await page.getByRole("heading", { level: 1, name: "Edited report" }).waitFor();
    await page.getByTestId("count-value").getByText("5").waitFor();
    expect((await rest(worker.url, "GET", `/reports/${id}`)).body).toMatchObject({ version: 2, comment: "A count and a note" });

    await page.getByRole("link", { name: "History" }).click();
    await page.getByRole("heading", { level: 1, name: "History of Edited report" }).waitFor();
    await page.getByLabel("Diff of version 1 against the current version").waitFor();
    await page.getByRole("button", { name: "Restore version 1" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Restore version 1" }).click();
    await page.getByRole("status").getByText("Restored version 1 as version 3.").waitFor();
    const restored = (await rest(worker.url, "GET", `/reports/${id}`)).body;
    expect(restored).toMatchObject({ version: 3, comment: "Restored from version 1" });
    expect(restored.config.rows).toEqual([]);
    await screenshot(page, "laptop-report-history");
    expect(browser.problems).toEqual([]);
  });

  it("makes a report public, files it in a space, pins it, makes it the dashboard, clones it and deletes it from its menu", async () => {
    const created = await rest(worker.url, "POST", "/reports", { name: "Menu report" });
    const id = created.body.report_id as string;
    await page.goto(`${worker.url}/reports/${id}`);
    await page.getByRole("heading", { level: 1, name: "Menu report" }).waitFor();
    const choose = async (item: string) => {
      await page.getByRole("button", { name: "Actions for report Menu report", exact: true }).click();
      await page.getByRole("menu", { name: "Actions for report Menu report" }).getByRole("menuitem", { name: item }).click();
    };
    await page.getByRole("button", { name: "Actions for report Menu report", exact: true }).click();
    const pin = page.getByRole("menu").getByRole("menuitem", { name: "Pin to the top of the list" });
    expect(await pin.getAttribute("aria-disabled")).toBe("true");
    expect(await pin.getAttribute("title")).toBe("Only a public report can be pinned");
    await page.keyboard.press("Escape");

    await choose("Make public");
    await page.getByRole("status").getByText("Now public").waitFor();
    await page.locator(".meta").getByText("Public", { exact: true }).waitFor();
    await choose("File in a space…");
    await page.getByRole("dialog").getByLabel("Space", { exact: true }).selectOption({ label: "Platform" });
    await page.getByRole("dialog").getByRole("button", { name: "File report" }).click();
    await page.getByRole("status").getByText("Filed in Platform.").waitFor();
    expect((await rest(worker.url, "GET", `/reports/${id}`)).body.space_id).not.toBeNull();
    await choose("Pin to the top of the list");
    await page.locator(".meta").getByText("Pinned", { exact: true }).waitFor();
    await choose("Make it the dashboard");
    await page.getByRole("status").getByText("now the dashboard").waitFor();
    expect((await rest(worker.url, "GET", "/reports/dashboard")).body.report_id).toBe(id);

    await choose("Clone…");
    await page.getByRole("dialog").getByLabel("Name").fill("Menu copy");
    await page.getByRole("dialog").getByRole("button", { name: "Clone report" }).click();
    await page.getByRole("heading", { level: 1, name: "Menu copy" }).waitFor();
    const copy = new URL(page.url()).pathname.split("/").pop()!;
    expect((await rest(worker.url, "GET", `/reports/${copy}`)).body).toMatchObject({ comment: "Cloned from Menu report", space_id: expect.any(String) });
    await page.goBack();
    await page.getByRole("heading", { level: 1, name: "Menu report" }).waitFor();

    await choose("Delete");
    await page.getByRole("dialog").getByRole("button", { name: "Delete report" }).click();
    await page.getByRole("heading", { level: 1, name: "Reports" }).waitFor();
    expect((await rest(worker.url, "GET", `/reports/${id}`)).status).toBe(404);
    await page.goto(`${worker.url}/`);
    await page.getByText("No dashboard has been chosen").waitFor();
    expect(browser.problems).toEqual([]);
  });

  it("creates a space, chooses its overview report, and deletes it once no report is filed in it", async () => {
    await page.goto(`${worker.url}/spaces`);
    await page.getByRole("button", { name: "New space" }).click();
    await page.getByRole("dialog").getByLabel("Name").fill("Security team");
    await page.getByRole("dialog").getByLabel("Description").fill("What the security team watches");
    await page.getByRole("dialog").getByRole("button", { name: "Create space" }).click();
    await page.getByRole("heading", { level: 1, name: "Security team" }).waitFor();
    await page.getByText("No reports are filed in this space.").waitFor();
    const spaceId = new URL(page.url()).pathname.split("/").pop()!;

    // The spaces list finds a space by a word of its description.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Spaces" }).click();
    await page.getByRole("searchbox", { name: "Search spaces" }).fill("WATCHES");
    await expect.poll(() => page.getByRole("list", { name: "Spaces" }).getByRole("link").allInnerTexts()).toEqual(["Security team"]);
    await page.goto(`${worker.url}/spaces/${spaceId}`);

    const report = await rest(worker.url, "POST", "/reports", { name: "Team report", space_id: spaceId });
    const reportId = report.body.report_id as string;
    await rest(worker.url, "POST", `/reports/${reportId}/versions`, {
      config: { rows: [{ name: "Count", panels: [{ type: "count", caption: "Eleven", cypher: "RETURN 11 AS total" }] }] },
    });
    await page.reload();
    await page.getByLabel("Overview report").selectOption({ label: "Team report" });
    await page.getByRole("heading", { name: "Overview: Team report" }).waitFor();
    expect(await panel("Eleven").getByTestId("count-value").innerText()).toBe("11");
    expect((await rest(worker.url, "GET", `/spaces/${spaceId}`)).body.overview_report_id).toBe(reportId);
    await screenshot(page, "laptop-space");

    await page.getByRole("button", { name: "Delete space" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete space" }).click();
    await page.getByRole("dialog").getByRole("alert").waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    await rest(worker.url, "PUT", `/reports/${reportId}/space`, {});
    await page.getByRole("button", { name: "Delete space" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete space" }).click();
    await page.getByRole("heading", { level: 1, name: "Spaces" }).waitFor();
    expect((await rest(worker.url, "GET", `/spaces/${spaceId}`)).status).toBe(404);
    expect(await page.getByRole("list", { name: "Spaces" }).getByText("Security team").count()).toBe(0);
    expect(browser.problems).toEqual([]);
  });
});
