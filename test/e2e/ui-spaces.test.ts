// Scheduled queries and spaces in the admin UI, in Chromium against `wrangler dev` and the run's
// Neo4j: a scheduled query created from the workflows page (its issues at their fields), run
// now from the notice's link to its run page, and its next due time the very cron tick that runs
// it; a space renamed, its sub-spaces created, renamed and deleted, and a report moved between
// spaces and sub-spaces from its page. Each is read back over REST; every page it touches is
// captured at the laptop and phone sizes, with no horizontal page scroll on the phone.
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
// @ts-expect-error plain ESM helpers shared with npm start
import { tickCron } from "../../scripts/lib/wrangler-dev.mjs";
import { LAPTOP, PHONE, screenshot, type TestBrowser } from "../support/browser";
import { rest } from "../support/rest";
import { field } from "../support/ui";
import { uiOnWorker } from "../support/ui-stack";
import type { RunningWorker } from "../support/worker";

const MINUTE = 60_000;

describe("admin UI: scheduled queries and spaces", () => {
  let worker: RunningWorker;
  let browser: TestBrowser;
  let page: Page;
  let queryId: string;
  let runId: string;

  uiOnWorker((stack) => ({ worker, browser, page } = stack));

  const control = (path: string) => field(page, path).locator("input, select, textarea").first();
  const get = async (path: string) => {
    const answer = await rest(worker.url, "GET", path);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  /** The cron's tick at `time` (a whole minute, as Cloudflare's cron ticks). */
  const tickAt = async (time: number) => {
    const response = await fetch(`${worker.url}/cdn-cgi/local/scheduled?cron=${encodeURIComponent("* * * * *")}&time=${time}`);
    await response.body?.cancel();
    expect(response.ok).toBe(true);
  };
  /** Shown, and within the phone's width without scrolling sideways. */
  const onScreen = async (locator: Locator) => {
    await locator.waitFor();
    const box = (await locator.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  };
  /** The page at both sizes: a screenshot of each, and no horizontal page scroll on the phone. */
  const captured = async (name: string) => {
    await screenshot(page, `laptop-${name}`);
    await page.setViewportSize(PHONE);
    try {
      // What sticks out names itself in the failure.
      const overflowing = await page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>("body *"))
          .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
          .map((element) => `${element.tagName.toLowerCase()}.${element.className}`)
          .slice(0, 5),
      );
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
        `${name}: ${overflowing.join(", ")}`,
      ).toBe(true);
      await screenshot(page, `phone-${name}`);
    } finally {
      await page.setViewportSize(LAPTOP);
    }
  };

  it("creates a scheduled query from the workflows page, its issues shown at their fields", async () => {
    await page.goto(`${worker.url}/workflows`);
    await page.getByRole("heading", { level: 1, name: "Workflows" }).waitFor();
    await page.getByRole("link", { name: "New scheduled query" }).click();
    await page.getByRole("heading", { level: 1, name: "New scheduled query" }).waitFor();

    await control("name").fill("Hourly squares");
    await page.getByRole("radio", { name: "On a schedule" }).check();
    await control("schedule.type").selectOption("interval");
    await control("schedule.interval_minutes").fill("0");
    await page.getByRole("button", { name: "+ Add action" }).click();
    await control("actions.0.action_type").selectOption("log");
    await control("actions.0.action_config.log_attrs").fill("n\nsquare");
    await page.getByRole("button", { name: "Create scheduled query" }).click();

    // Nothing was written; each issue sits at its own field.
    await field(page, "cypher").locator(".field-error").waitFor();
    expect(await field(page, "cypher").locator(".field-error").innerText()).toMatch(/must not be empty/i);
    expect(await field(page, "schedule.interval_minutes").locator(".field-error").innerText()).toMatch(/at least 1/i);
    expect(await control("schedule.interval_minutes").getAttribute("aria-invalid")).toBe("true");
    expect((await get("/scheduled-queries")).scheduled_queries).toEqual([]);
    await captured("scheduled-query-new");

    await control("cypher").fill("UNWIND range(1, 3) AS n RETURN {n: n, square: n * n} AS details");
    await control("schedule.interval_minutes").fill("60");
    await control("comment").fill("First draft");
    await page.getByRole("button", { name: "Create scheduled query" }).click();
    await page.getByRole("heading", { level: 1, name: "Hourly squares" }).waitFor();
    queryId = new URL(page.url()).pathname.split("/").pop()!;
    await page.getByTestId("workflow-summary").getByText("every 60 minutes").waitFor();

    expect(await get(`/scheduled-queries/${queryId}`)).toMatchObject({
      name: "Hourly squares",
      cypher: "UNWIND range(1, 3) AS n RETURN {n: n, square: n * n} AS details",
      enabled: true,
      schedule: { type: "interval", interval_minutes: 60 },
      frequency: null,
      actions: [{ action_type: "log", action_config: { log_attrs: ["n", "square"] } }],
      current_version: 1,
    });
    expect((await get(`/scheduled-queries/${queryId}/versions`)).versions[0]).toMatchObject({ version: 1, comment: "First draft" });
    expect(browser.problems).toEqual([]);
  });

  it("lists it beside the workflows, and the list keeps Run now, status and times on a phone", async () => {
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Workflows" }).click();
    const table = page.getByRole("table", { name: "Workflows" });
    const row = table.locator("tbody tr").filter({ has: page.getByRole("link", { name: "Hourly squares", exact: true }) });
    await row.waitFor();
    expect(await row.innerText()).toContain("Scheduled query");
    await captured("workflows-with-scheduled-query");

    await page.setViewportSize(PHONE);
    try {
      // On a phone the row keeps Run now in view, and its status and times sit under the name.
      await onScreen(row.getByRole("button", { name: "Run Hourly squares now" }));
      await onScreen(row.locator(".workflow-narrow").getByText("Enabled", { exact: true }));
      await onScreen(row.locator(".workflow-narrow").getByText("Never run"));
      await onScreen(row.locator(".workflow-narrow time"));
    } finally {
      await page.setViewportSize(LAPTOP);
    }
  });

  it("runs it now: the notice links to the run, whose page waits for the scheduler and then shows it", async () => {
    await page.getByRole("link", { name: "Hourly squares", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Hourly squares" }).waitFor();
    await page.getByRole("button", { name: "Run Hourly squares now" }).click();
    const link = page.getByRole("status").getByRole("link");
    await link.waitFor();
    runId = await link.innerText();
    await link.click();
    await page.getByRole("heading", { level: 1, name: `Run ${runId}` }).waitFor();
    expect(decodeURIComponent(new URL(page.url()).pathname)).toBe(`/workflows/${queryId}/runs/${runId}`);
    // The scheduler claims the request on its next tick (every minute in production).
    await tickCron(worker.url);
    await page.getByTestId("run-summary").locator('[data-status="succeeded"]').waitFor({ timeout: 60_000 });
    expect(await get(`/scheduled-queries/${queryId}/workflow-runs/${encodeURIComponent(runId)}`)).toMatchObject({
      run_id: runId,
      trigger: "manual",
      status: "succeeded",
    });
    await captured("scheduled-query-run");
    expect(browser.problems).toEqual([]);
  });

  it("shows as next due the cron tick that runs it: none before it, a scheduled run at it", async () => {
    const item = await get(`/workflows/${queryId}`);
    const due = Date.parse(item.next_due_at);
    // Run now claimed between ticks; the next run is on a whole minute, the first after the period.
    expect(due % MINUTE).toBe(0);
    expect(due).toBe(Math.ceil((Date.parse(item.last_scheduled_at) + 60 * MINUTE) / MINUTE) * MINUTE);

    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Hourly squares" }).click();
    await page.getByRole("heading", { level: 1, name: "Hourly squares" }).waitFor();
    const shown = page.getByTestId("workflow-summary").locator("dt:text-is('Next due') + dd time");
    expect(await shown.getAttribute("datetime")).toBe(item.next_due_at);
    await captured("scheduled-query");
    await page.setViewportSize(PHONE);
    try {
      const run = page.getByRole("table", { name: "Runs, newest first" }).locator(`tr[data-run-id="${runId}"]`);
      await onScreen(run.locator('[data-status="succeeded"]'));
      await onScreen(run.locator(".narrow-only time"));
    } finally {
      await page.setViewportSize(LAPTOP);
    }

    const runs = async () => (await get(`/scheduled-queries/${queryId}/workflow-runs`)).runs as { run_id: string; trigger: string; scheduled_for: string }[];
    const before = await runs();
    await tickAt(due - MINUTE);
    expect(await runs()).toEqual(before);
    await tickAt(due);
    const after = await runs();
    expect(after.length).toBe(before.length + 1);
    expect(after.find((run) => run.trigger === "schedule")).toMatchObject({ scheduled_for: item.next_due_at });
  });

  it("renames a space and creates, renames and deletes its sub-spaces", async () => {
    const created = await rest(worker.url, "POST", "/spaces", { name: "Platform", description: "Shared services" });
    expect(created.status).toBe(201);
    const spaceId = created.body.space_id as string;
    await page.goto(`${worker.url}/spaces/${spaceId}`);
    await page.getByRole("heading", { level: 1, name: "Platform" }).waitFor();

    await page.getByRole("button", { name: "Rename space" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill("Platform team");
    await dialog.getByLabel("Description").fill("What the platform team runs");
    await dialog.getByRole("button", { name: "Save space" }).click();
    await page.getByRole("heading", { level: 1, name: "Platform team" }).waitFor();
    await page.getByText("What the platform team runs").waitFor();
    expect(await get(`/spaces/${spaceId}`)).toMatchObject({ name: "Platform team", description: "What the platform team runs" });

    for (const name of ["Prod", "Staging"]) {
      await page.getByRole("button", { name: "New sub-space" }).click();
      await dialog.getByLabel("Name").fill(name);
      await dialog.getByRole("button", { name: "Create sub-space" }).click();
      await page.getByRole("heading", { level: 2, name }).waitFor();
    }
    // A name is unique in its space: the server's refusal is shown in the dialog, nothing is written.
    await page.getByRole("button", { name: "New sub-space" }).click();
    await dialog.getByLabel("Name").fill("Prod");
    await dialog.getByRole("button", { name: "Create sub-space" }).click();
    expect(await dialog.getByRole("alert").innerText()).toMatch(/already has a sub-space named Prod/);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect((await get(`/spaces/${spaceId}/subspaces`)).subspaces.map((sub: { name: string }) => sub.name)).toEqual(["Prod", "Staging"]);

    await page.getByRole("button", { name: "Actions for sub-space Prod", exact: true }).click();
    await page.getByRole("menu", { name: "Actions for sub-space Prod" }).getByRole("menuitem", { name: "Rename…" }).click();
    await dialog.getByLabel("Name").fill("Production");
    await dialog.getByRole("button", { name: "Save sub-space" }).click();
    await page.getByRole("heading", { level: 2, name: "Production" }).waitFor();
    expect((await get(`/spaces/${spaceId}/subspaces`)).subspaces.map((sub: { name: string }) => sub.name)).toEqual(["Production", "Staging"]);
    await captured("space-subspaces");
  });

  it("moves a report into a sub-space from its page, then to another space, and a deleted sub-space leaves it in the space", async () => {
    const spaces = (await get("/spaces")).spaces as { space_id: string; name: string }[];
    const platform = spaces.find((space) => space.name === "Platform team")!;
    const subspaces = (await get(`/spaces/${platform.space_id}/subspaces`)).subspaces as { subspace_id: string; name: string }[];
    const staging = subspaces.find((sub) => sub.name === "Staging")!;
    const other = await rest(worker.url, "POST", "/spaces", { name: "Security" });
    // Created in a space, so public (a report in a space is).
    const created = await rest(worker.url, "POST", "/reports", { name: "Open ports", space_id: other.body.space_id });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const reportId = created.body.report_id as string;

    const moveTo = async (space: string, subspace: string | null) => {
      await page.getByRole("button", { name: "Actions for report Open ports", exact: true }).click();
      await page.getByRole("menu", { name: "Actions for report Open ports" }).getByRole("menuitem", { name: "File in a space…" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("Space", { exact: true }).selectOption({ label: space });
      if (subspace) {
        const select = dialog.getByLabel("Sub-space");
        await select.locator("option", { hasText: subspace }).waitFor({ state: "attached" });
        await select.selectOption({ label: subspace });
      }
      await dialog.getByRole("button", { name: "File report" }).click();
      await page.getByRole("status").getByText(`Filed in ${space}.`).waitFor();
    };

    await page.goto(`${worker.url}/reports/${reportId}`);
    await page.getByRole("heading", { level: 1, name: "Open ports" }).waitFor();
    await moveTo("Platform team", "Staging");
    expect(await get(`/reports/${reportId}`)).toMatchObject({ space_id: platform.space_id, subspace_id: staging.subspace_id });
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Platform team" }).waitFor();
    await captured("report-in-subspace");

    await page.goto(`${worker.url}/spaces/${platform.space_id}`);
    const stagingSection = page.getByRole("region", { name: "Staging" });
    await stagingSection.getByRole("link", { name: "Open ports" }).waitFor();
    await page.getByRole("button", { name: "Actions for sub-space Staging", exact: true }).click();
    await page.getByRole("menu", { name: "Actions for sub-space Staging" }).getByRole("menuitem", { name: "Delete…" }).click();
    await page.getByRole("dialog").getByText("Its report stays in the space").waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "Delete sub-space" }).click();
    await page.getByRole("region", { name: "Not in a sub-space" }).getByRole("link", { name: "Open ports" }).waitFor();
    expect(await page.getByRole("heading", { level: 2, name: "Staging" }).count()).toBe(0);
    expect(await get(`/reports/${reportId}`)).toMatchObject({ space_id: platform.space_id, subspace_id: null });
    expect((await get(`/spaces/${platform.space_id}/subspaces`)).subspaces.map((sub: { name: string }) => sub.name)).toEqual(["Production"]);

    await page.getByRole("link", { name: "Open ports" }).click();
    await page.getByRole("heading", { level: 1, name: "Open ports" }).waitFor();
    await moveTo("Security", null);
    expect(await get(`/reports/${reportId}`)).toMatchObject({ space_id: other.body.space_id, subspace_id: null });
    expect((await get(`/spaces/${platform.space_id}/tree`)).reports).toEqual([]);
    expect(browser.problems).toEqual([]);
  });
});
