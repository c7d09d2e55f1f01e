// The workflows area of the admin UI in Chromium against `wrangler dev` and the run's Neo4j: a
// workflow built in the editor (a query stage, then a log stage taking its rows) with a bad
// schedule shown at its field; Run now on a disabled workflow, the run refreshed until it
// succeeds and each activity's rows and log entries shown; an edit, then version 1 restored
// from the history; the list's triggers in words beside scheduled queries; a scheduled query
// changed in its own editor; and a viewer's read-only view. The scheduler's cron is ticked by
// the test, as every minute would.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
// @ts-expect-error plain ESM helpers shared with npm start
import { tickCron } from "../../scripts/lib/wrangler-dev.mjs";
import { screenshot, signInWithToken, type TestBrowser } from "../support/browser";
import type { TestIdentityProvider } from "../support/oidc";
import { rest } from "../support/rest";
import { signedInUiOnWorker, uiOnWorker } from "../support/ui-stack";
import { field, openMenu } from "../support/ui";
import type { RunningWorker } from "../support/worker";

const SQUARES = "UNWIND range(1, 3) AS n RETURN {n: n, square: n * n} AS details";

describe("admin UI workflows", () => {
  let worker: RunningWorker;
  let browser: TestBrowser;
  let page: Page;
  let workflowId: string;

  /** The control inside the field at `path` (an input, select or textarea). */
  const control = (path: string) => field(page, path).locator("input, select, textarea").first();

  uiOnWorker((stack) => ({ worker, browser, page } = stack));

  it("creates a workflow in the editor: a query stage, then a log stage taking its rows; a bad interval is shown at its field", async () => {
    await page.goto(`${worker.url}/`);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Workflows" }).click();
    await page.getByRole("heading", { level: 1, name: "Workflows" }).waitFor();
    await page.getByText("No workflows yet.").waitFor();
    await page.getByRole("link", { name: "New workflow" }).click();
    await page.getByRole("heading", { level: 1, name: "New workflow" }).waitFor();

    await control("name").fill("Squares");
    await page.getByRole("checkbox", { name: "Enabled" }).uncheck();
    await page.getByRole("radio", { name: "On a schedule" }).check();
    await control("schedule.type").selectOption("interval");
    await control("schedule.interval_minutes").fill("0");

    await page.getByRole("button", { name: "+ Add stage" }).click();
    expect(await control("stages.0.activities.0.type").inputValue()).toBe("query");
    await control("stages.0.activities.0.parameters.cypher").fill(SQUARES);
    await control("stages.0.activities.0.output").fill("squares");

    await page.getByRole("button", { name: "+ Add stage" }).click();
    await control("stages.1.activities.0.type").selectOption("log");
    // The input offers the outputs of earlier stages only.
    expect(await control("stages.1.activities.0.input").locator("option").allInnerTexts()).toEqual(["(none)", "squares"]);
    await control("stages.1.activities.0.input").selectOption("squares");
    await control("stages.1.activities.0.output").fill("logged");
    await control("stages.1.activities.0.parameters.log_attrs").fill("n\nsquare");
    await control("stages.1.activities.0.parameters.message").fill("A square");

    await page.getByRole("button", { name: "Create workflow" }).click();
    const intervalError = field(page, "schedule.interval_minutes").locator(".field-error");
    await intervalError.waitFor();
    expect(await intervalError.innerText()).toMatch(/at least 1/i);
    expect(await control("schedule.interval_minutes").getAttribute("aria-invalid")).toBe("true");
    await screenshot(page, "laptop-workflow-editor-error");

    await control("schedule.interval_minutes").fill("5");
    await page.getByRole("button", { name: "Create workflow" }).click();
    await page.getByRole("heading", { level: 1, name: "Squares" }).waitFor();
    workflowId = new URL(page.url()).pathname.split("/").pop()!;
    const summary = page.getByTestId("workflow-summary");
    await summary.getByText("every 5 minutes").waitFor();
    await page.locator(".meta").getByText("Disabled", { exact: true }).waitFor();

    const saved = (await rest(worker.url, "GET", `/workflows/${workflowId}`)).body;
    expect(saved).toMatchObject({
      kind: "workflow",
      name: "Squares",
      enabled: false,
      schedule: { type: "interval", interval_minutes: 5 },
      current_version: 1,
      stages: [
        { activities: [{ type: "query", output: "squares", parameters: { cypher: SQUARES } }] },
        { activities: [{ type: "log", input: "squares", output: "logged", parameters: { log_attrs: ["n", "square"], message: "A square" } }] },
      ],
    });
    expect(browser.problems).toEqual([]);
  });

  it("runs it now while disabled: the run appears, is refreshed until it succeeds, and shows each activity's rows and log entries", async () => {
    await page.getByRole("button", { name: "Run Squares now" }).click();
    const requested = page.getByTestId("requested-run-id");
    await requested.waitFor();
    const runId = await requested.innerText();
    expect(runId).not.toBe("");
    // The scheduler claims the request on its next tick (every minute in production).
    await tickCron(worker.url);
    const row = page.locator(`tr[data-run-id="${runId}"]`);
    await row.locator('[data-status="succeeded"]').waitFor({ timeout: 60_000 });
    expect(await row.innerText()).toContain("Run now");
    await screenshot(page, "laptop-workflow");
    // Nothing is under way any more, so the runs are no longer refreshed.
    const refreshes: string[] = [];
    const count = (request: { url(): string }) => {
      if (new URL(request.url()).pathname.endsWith("/runs")) refreshes.push(request.url());
    };
    page.on("request", count);
    await page.waitForTimeout(4_500);
    page.off("request", count);
    expect(refreshes).toEqual([]);

    await row.getByRole("link").click();
    await page.getByRole("heading", { level: 1, name: `Run ${runId}` }).waitFor();
    const activities = page.getByRole("table", { name: "Activities of the run" });
    const query = activities.locator('tr[data-output="squares"]');
    const logged = activities.locator('tr[data-output="logged"]');
    await query.locator('[data-status="succeeded"]').waitFor();
    await logged.locator('[data-status="succeeded"]').waitFor();
    // Stage, output, type, ..., rows in, rows out.
    const cells = async (locator: typeof query) => (await locator.locator("td").allInnerTexts()).map((text) => text.trim());
    const [queryStage, , queryType, , , , queryIn, queryOut] = await cells(query);
    expect([queryStage, queryType, queryIn, queryOut]).toEqual(["1", "query", "—", "3"]);
    const [logStage, , logType, , , , logIn] = await cells(logged);
    expect([logStage, logType, logIn]).toEqual(["2", "log", "3"]);
    expect(await logged.innerText()).toMatch(/rows_logged\s+3/);
    const entries = page.getByRole("table", { name: "Log entries of logged" });
    expect(await entries.locator("thead th").allInnerTexts()).toEqual(["n", "square"]);
    expect((await entries.locator("tbody tr").allInnerTexts()).map((text) => text.replace(/\s+/g, " ").trim())).toEqual(["1 1", "2 4", "3 9"]);
    await screenshot(page, "laptop-workflow-run");

    const run = (await rest(worker.url, "GET", `/workflows/${workflowId}/runs/${encodeURIComponent(runId)}`)).body;
    expect(run).toMatchObject({ run_id: runId, trigger: "manual", status: "succeeded" });
    expect(browser.problems).toEqual([]);
  });

  it("edits it, then restores version 1 from its history", async () => {
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Squares" }).click();
    await page.getByRole("heading", { level: 1, name: "Squares" }).waitFor();
    await page.getByRole("link", { name: "Edit" }).click();
    await page.getByRole("heading", { level: 1, name: "Edit Squares" }).waitFor();
    await control("name").fill("Squares, daily");
    await control("schedule.type").selectOption("daily");
    // A switch to daily starts from the weekdays.
    const days = field(page, "schedule.days_of_week");
    for (const day of ["Mon", "Tue", "Wed", "Thu", "Fri"]) expect(await days.getByRole("checkbox", { name: day }).isChecked()).toBe(true);
    for (const day of ["Tue", "Thu", "Fri"]) await days.getByRole("checkbox", { name: day }).uncheck();
    await control("schedule.hour").fill("9");
    await control("schedule.minute").fill("30");
    await control("comment").fill("Daily instead");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByRole("heading", { level: 1, name: "Squares, daily" }).waitFor();
    await page.getByTestId("workflow-summary").getByText("daily at 09:30 UTC on Mon, Wed").waitFor();
    expect((await rest(worker.url, "GET", `/workflows/${workflowId}`)).body).toMatchObject({
      current_version: 2,
      schedule: { type: "daily", days_of_week: [0, 2], hour: 9, minute: 30 },
    });

    const versions = page.getByRole("region", { name: "Versions" });
    await versions.getByLabel("Diff of version 1 against the current version").waitFor();
    await versions.getByRole("button", { name: "Restore version 1" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Restore version 1" }).click();
    await page.getByRole("status").getByText("Restored version 1 as version 3.").waitFor();
    await page.getByRole("heading", { level: 1, name: "Squares" }).waitFor();
    await page.getByTestId("workflow-summary").getByText("every 5 minutes").waitFor();
    const history = (await rest(worker.url, "GET", `/workflows/${workflowId}/versions`)).body.versions;
    expect(history.map((version: { version: number; comment: string }) => [version.version, version.comment])).toEqual([
      [3, "Restored from version 1"],
      [2, "Daily instead"],
      [1, ""],
    ]);
    expect(history[0]).toMatchObject({ name: "Squares", schedule: { type: "interval", interval_minutes: 5 } });
    await screenshot(page, "laptop-workflow-history");
    expect(browser.problems).toEqual([]);
  });

  it("lists workflows and scheduled queries with their triggers in words, and Run now there names the run", async () => {
    const manual = await rest(worker.url, "POST", "/workflows", {
      name: "On demand",
      stages: [{ activities: [{ type: "query", output: "one", parameters: { cypher: "RETURN {one: 1} AS details" } }] }],
    });
    expect(manual.status, JSON.stringify(manual.body)).toBe(201);
    const watching = await rest(worker.url, "POST", "/workflows", {
      name: "After scans",
      watch_scans: [{ grouptype: "AWSAccount", syncedtype: ".*", groupid: ".*" }],
      stages: [{ activities: [{ type: "query", output: "one", parameters: { cypher: "RETURN {one: 1} AS details" } }] }],
    });
    expect(watching.status, JSON.stringify(watching.body)).toBe(201);
    const legacy = await rest(worker.url, "POST", "/scheduled-queries", {
      name: "Legacy count",
      cypher: "RETURN {one: 1} AS details",
      schedule: { type: "daily", days_of_week: [0, 2], hour: 9, minute: 30 },
      actions: [{ action_type: "log", action_config: { log_attrs: ["one"] } }],
    });
    expect(legacy.status, JSON.stringify(legacy.body)).toBe(201);

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Workflows" }).click();
    const table = page.getByRole("table", { name: "Workflows" });
    await table.getByRole("link", { name: "Legacy count" }).waitFor();
    const rowOf = (name: string) => table.locator("tbody tr").filter({ has: page.getByRole("link", { name, exact: true }) });
    expect(await rowOf("On demand").innerText()).toContain("manual only");
    expect(await rowOf("After scans").innerText()).toContain("on new scans");
    expect(await rowOf("Squares").innerText()).toMatch(/every 5 minutes[\s\S]*Succeeded/);
    const legacyRow = await rowOf("Legacy count").innerText();
    expect(legacyRow).toContain("Scheduled query");
    expect(legacyRow).toContain("daily at 09:30 UTC on Mon, Wed");
    expect(legacyRow).toContain("Never run");
    // An enabled daily schedule has a next due time; a disabled one has none.
    expect(await rowOf("Legacy count").locator("time:visible").count()).toBe(1);
    expect(await rowOf("Squares").locator("time:visible").count()).toBe(1);
    await screenshot(page, "laptop-workflows-list");

    await rowOf("On demand").getByRole("button", { name: "Run On demand now" }).click();
    const requested = page.getByRole("status").getByTestId("requested-run-id");
    await requested.waitFor();
    expect(await requested.innerText()).toContain(manual.body.workflow_id);
    expect((await rest(worker.url, "GET", `/workflows/${manual.body.workflow_id}`)).body.run_requested_at).not.toBeNull();
    expect(browser.problems).toEqual([]);
  });

  it("changes a scheduled query in its own editor, with its issues at their fields", async () => {
    const table = page.getByRole("table", { name: "Workflows" });
    const menu = await openMenu(page, "Actions for scheduled query Legacy count");
    await menu.getByRole("menuitem", { name: "Edit" }).click();
    await page.getByRole("heading", { level: 1, name: "Edit Legacy count" }).waitFor();
    expect(await control("cypher").inputValue()).toBe("RETURN {one: 1} AS details");
    expect(await control("actions.0.action_type").inputValue()).toBe("log");
    await page.getByRole("radio", { name: /frequency/ }).check();
    await control("frequency").fill("0");
    await page.getByRole("button", { name: "Save changes" }).click();
    expect(await field(page, "frequency").locator(".field-error").innerText()).toMatch(/at least 1/i);

    // The definition's shape is checked before each action's config, so this shows once the frequency is fixed.
    await control("frequency").fill("15");
    await control("actions.0.action_config.log_attrs").fill("");
    await page.getByRole("button", { name: "Save changes" }).click();
    await field(page, "actions.0.action_config.log_attrs").locator(".field-error").waitFor();
    expect(await field(page, "frequency").locator(".field-error").count()).toBe(0);
    await screenshot(page, "laptop-scheduled-query-editor-error");
    await control("actions.0.action_config.log_attrs").fill("one");
    await control("comment").fill("Every quarter hour");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByRole("heading", { level: 1, name: "Legacy count" }).waitFor();
    await page.getByTestId("workflow-summary").getByText("every 15 minutes").waitFor();
    const id = new URL(page.url()).pathname.split("/").pop()!;
    expect((await rest(worker.url, "GET", `/scheduled-queries/${id}`)).body).toMatchObject({ frequency: 15, schedule: null, current_version: 2 });
    await page.getByRole("region", { name: "Versions" }).getByText("Every quarter hour").waitFor();
    expect(await table.count()).toBe(0);
    expect(browser.problems).toEqual([]);
  });
});

describe("admin UI workflows for a viewer signed in through the OpenID provider", () => {
  let idp: TestIdentityProvider;
  let worker: RunningWorker;
  let browser: TestBrowser;
  let workflowId: string;

  signedInUiOnWorker("ui-workflows-key", async (stack) => {
    ({ idp, worker, browser } = stack);
    const { admin } = stack;
    const created = await rest(
      worker.url,
      "POST",
      "/workflows",
      { name: "Watched", stages: [{ activities: [{ type: "query", output: "one", parameters: { cypher: "RETURN {one: 1} AS details" } }] }] },
      admin,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    workflowId = created.body.workflow_id;
    const changed = await rest(worker.url, "PUT", `/workflows/${workflowId}`, { name: "Watched again", stages: created.body.stages, base_version: 1 }, admin);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    await signInWithToken(browser.context, await idp.token("viewer"));
  });

  it("shows no New workflow or Edit, and disables Run now, Edit, Delete and Restore with the permission they need", async () => {
    const page = browser.page;
    await page.goto(`${worker.url}/workflows`);
    await page.getByRole("link", { name: "Watched again" }).waitFor();
    expect(await page.getByTestId("subject").innerText()).toBe("viewer");
    expect(await page.getByRole("link", { name: "New workflow" }).count()).toBe(0);
    const run = page.getByRole("button", { name: "Run Watched again now" });
    expect(await run.isDisabled()).toBe(true);
    expect(await run.getAttribute("title")).toBe("Needs the workflows:write permission to run a workflow");
    const menu = await openMenu(page, "Actions for workflow Watched again");
    expect(await menu.getByRole("menuitem", { name: "Edit" }).getAttribute("aria-disabled")).toBe("true");
    expect(await menu.getByRole("menuitem", { name: "Delete" }).getAttribute("aria-disabled")).toBe("true");
    expect(await menu.getByRole("menuitem", { name: "Delete" }).getAttribute("title")).toBe("Needs the workflows:delete permission");
    await menu.getByRole("menuitem", { name: "Open" }).click();

    await page.getByRole("heading", { level: 1, name: "Watched again" }).waitFor();
    expect(await page.getByRole("link", { name: "Edit" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Run Watched again now" }).isDisabled()).toBe(true);
    await page.getByText("No runs yet.").waitFor();
    const restore = page.getByRole("region", { name: "Versions" }).getByRole("button", { name: "Restore version 1" });
    expect(await restore.getAttribute("aria-disabled")).toBe("true");
    expect(await restore.getAttribute("title")).toBe("Needs the workflows:write permission");
    // A disabled button does nothing.
    await restore.click({ force: true });
    expect(await page.getByRole("dialog").count()).toBe(0);
    await screenshot(page, "laptop-viewer-workflow");
    expect(browser.problems).toEqual([]);
  });
});
