// The admin UI in a real browser (Debian's Chromium via playwright-core) against the Worker
// under `wrangler dev` and the run's Neo4j: toolsets and tools from creation to deletion,
// validation errors where they belong, history with diff and restore, Try it with all result
// shapes, keyboard menus, and a viewer's read-only view. Screenshots of the main pages at
// laptop and phone widths go to test-artifacts/screenshots/.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { LAPTOP, PHONE, screenshot, signInWithToken, type TestBrowser } from "../support/browser";
import type { TestIdentityProvider } from "../support/oidc";
import { rest } from "../support/rest";
import { signedInUiOnWorker, uiOnWorker } from "../support/ui-stack";
import { dialog, field, openMenu, rowsOf, setCypher } from "../support/ui";
import type { RunningWorker } from "../support/worker";

const suffix = Date.now().toString(36);
const TOOLSET = `ui_${suffix}`;
const TOOL = "squares";
const SQUARES = "UNWIND range(1, $count) AS n RETURN n, n * n AS square";

describe("the admin UI as the development admin", () => {
  let worker: RunningWorker;
  let browser: TestBrowser;
  let page: Page;

  uiOnWorker((stack) => ({ worker, browser, page } = stack), { browser: { viewport: LAPTOP } });

  it("shows the toolset list, with the MCP endpoint and health in the sidebar", async () => {
    expect((await rest(worker.url, "GET", "/ui-config")).body).toEqual({ require_auth: false, oidc_authority: null, oidc_client_id: null });
    // The home page is the reports dashboard (test/e2e/ui-reports.test.ts).
    await page.goto(`${worker.url}/toolsets`);
    await page.getByRole("heading", { level: 1, name: "MCP Toolsets" }).waitFor();
    expect(await page.getByRole("link", { name: "MCP Toolsets" }).getAttribute("aria-current")).toBe("page");
    expect(await page.getByTestId("mcp-url").innerText()).toBe(`${worker.url}/api/v1/mcp`);
    await page.getByTestId("health").getByText("All systems ok").waitFor();
    expect(await page.getByTestId("subject").innerText()).toBe("local-admin");
    // The built-in toolset is listed with its badge, read-only even for the admin.
    const builtIn = page.locator("main table tbody tr", { hasText: "Seizu built-in tools" });
    await builtIn.getByText("Built-in", { exact: true }).waitFor();
    const menu = await openMenu(page, "Actions for toolset Seizu built-in tools");
    for (const item of ["Edit", "Delete", "View history"]) expect(await menu.getByRole("menuitem", { name: item }).getAttribute("aria-disabled")).toBe("true");
    expect(await menu.getByRole("menuitem", { name: "Edit" }).getAttribute("title")).toBe("Built-in toolsets cannot be changed");
    await menu.getByRole("menuitem", { name: "View tools" }).click();
    await page.getByRole("heading", { level: 1, name: "Seizu built-in tools" }).waitFor();
    expect(await page.getByRole("button", { name: "New tool" }).count()).toBe(0);
    await page.locator("main table tbody tr a.row-link").first().waitFor();
    const toolMenu = await openMenu(page, (await page.locator("main table tbody tr .menu button").first().getAttribute("aria-label"))!);
    for (const item of ["Edit", "Delete", "View history"])
      expect(await toolMenu.getByRole("menuitem", { name: item }).getAttribute("aria-disabled")).toBe("true");
    await toolMenu.getByRole("menuitem", { name: "Open" }).click();
    await page.getByRole("heading", { name: "Built-in tool" }).waitFor();
    await screenshot(page, "laptop-builtin-tool");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "MCP Toolsets" }).click();
  });

  it("creates a toolset, showing a rejected id next to the field first", async () => {
    await page.getByRole("button", { name: "New toolset" }).click();
    const form = dialog(page);
    await form.getByRole("heading", { name: "New toolset" }).waitFor();
    await field(form, "id").locator("input").fill("Not Snake");
    await field(form, "name").locator("input").fill("UI toolset");
    await field(form, "description").locator("textarea").fill("Made by the browser test");
    await form.getByRole("button", { name: "Create toolset" }).click();
    await field(form, "id")
      .locator(".field-error")
      .getByText(/lower_snake_case/)
      .waitFor();
    expect(await field(form, "id").locator("input").getAttribute("aria-invalid")).toBe("true");

    await field(form, "id").locator("input").fill(TOOLSET);
    await form.getByRole("button", { name: "Create toolset" }).click();
    await page.getByRole("heading", { level: 1, name: "UI toolset" }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/toolsets/${TOOLSET}`);
    await page.getByText("No tools in this toolset yet.").waitFor();
  });

  it("creates a tool with a parameter; write clauses and syntax errors show at the Cypher field and position", async () => {
    await page.getByRole("button", { name: "New tool" }).click();
    const form = dialog(page);
    await field(form, "id").locator("input").fill(TOOL);
    await field(form, "name").locator("input").fill("Squares");
    await field(form, "description").locator("textarea").fill("Numbers and their squares");
    await form.getByRole("button", { name: "+ Add parameter" }).click();
    const parameter = form.locator("fieldset.parameter-row").first();
    await parameter.getByLabel("Name").fill("count");
    await parameter.getByLabel("Type").selectOption("integer");
    await parameter.getByLabel("Description").fill("How many numbers");
    await parameter.getByLabel("Default").fill("3");

    await setCypher(page, "MATCH (n) DELETE n");
    await form.getByRole("button", { name: "Create tool" }).click();
    const cypherErrors = field(form, "cypher").locator(".field-error");
    await cypherErrors.getByText(/DELETE/).waitFor();
    expect(await cypherErrors.innerText()).toMatch(/Line 1, column 11/);
    // The editor marks the offending clause.
    await field(form, "cypher").locator(".cm-lintRange-error").first().waitFor();
    expect(await field(form, "cypher").locator(".cm-lintRange-error").first().innerText()).toBe("DELETE");
    // The editor is labelled "Cypher" and tied to the message for assistive technology.
    const content = field(form, "cypher").locator(".cm-content");
    expect(await content.getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator(`[id="${await content.getAttribute("aria-labelledby")}"]`).innerText()).toBe("Cypher");
    expect(await page.locator(`[id="${await content.getAttribute("aria-describedby")}"]`).innerText()).toMatch(/DELETE/);
    await screenshot(page, "laptop-tool-form-cypher-error");

    await setCypher(page, "MATCH (n) RETRN n");
    await form.getByRole("button", { name: "Create tool" }).click();
    await cypherErrors.getByText(/RETRN/).waitFor();
    expect(await cypherErrors.innerText()).toMatch(/line 1, column 11/i);
    expect(await field(form, "cypher").locator(".cm-lintRange-error").first().innerText()).toBe("RETRN");

    await setCypher(page, "UNWIND range(1, $count) AS n RETURN n, $limit AS x");
    await form.getByRole("button", { name: "Create tool" }).click();
    await cypherErrors.getByText(/\$limit, which is not a declared parameter/).waitFor();

    await setCypher(page, SQUARES);
    await form.getByRole("button", { name: "Create tool" }).click();
    await page.getByRole("heading", { level: 1, name: "Squares" }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/toolsets/${TOOLSET}/tools/${TOOL}`);
    expect(await page.locator("main").getByText(`${TOOLSET}__${TOOL}`).first().isVisible()).toBe(true);
    await page.locator(".cypher-editor .cm-content").getByText("UNWIND").waitFor();
  });

  it("tries the tool: typed inputs, the rows as a table, argument errors at the input", async () => {
    const tryIt = page.getByRole("region", { name: "Try it" });
    await tryIt.getByLabel(/count/).fill("4");
    await tryIt.getByRole("button", { name: "Run" }).click();
    await tryIt.getByText("4 rows in").waitFor();
    expect(await tryIt.locator("table.results thead th").allTextContents()).toEqual(["n", "square"]);
    expect(await rowsOf(page, tryIt)).toEqual(["1\t1", "2\t4", "3\t9", "4\t16"]);
    await screenshot(page, "laptop-tool-try-it");

    await tryIt.getByLabel(/count/).fill("1.5");
    await tryIt.getByRole("button", { name: "Run" }).click();
    await field(tryIt, "arguments.count")
      .locator(".field-error")
      .getByText(/integer/)
      .waitFor();

    // Empty: the default (3) applies.
    await tryIt.getByLabel(/count/).fill("");
    await tryIt.getByRole("button", { name: "Run" }).click();
    await tryIt.getByText("3 rows in").waitFor();
  });

  it("edits the tool with a comment", async () => {
    const menu = await openMenu(page, "Actions for tool Squares");
    await menu.getByRole("menuitem", { name: "Edit" }).click();
    const form = dialog(page);
    expect(await field(form, "id").locator("input").getAttribute("readonly")).not.toBeNull();
    await field(form, "name").locator("input").fill("Squares and cubes");
    await setCypher(page, "UNWIND range(1, $count) AS n RETURN n, n * n AS square, n * n * n AS cube");
    await field(form, "comment").locator("input").fill("Add cubes");
    await form.getByRole("button", { name: "Save changes" }).click();
    await page.getByRole("heading", { level: 1, name: "Squares and cubes" }).waitFor();
    expect(await page.locator(".meta").innerText()).toContain("version 2");
  });

  it("shows the history with the diff against the current version, and restores an old version", async () => {
    const menu = await openMenu(page, "Actions for tool Squares and cubes");
    await menu.getByRole("menuitem", { name: "View history" }).click();
    await page.getByRole("heading", { level: 1, name: "History of Squares and cubes" }).waitFor();
    const rows = page.locator("main table tbody tr");
    await rows.nth(1).waitFor();
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).innerText()).toContain("Add cubes");
    expect(await rows.nth(0).innerText()).toContain("local-admin");
    // Version 1 is selected for comparison by default.
    const diff = page.getByLabel("Diff of version 1 against the current version");
    await diff.waitFor();
    expect(await diff.locator(".diff-line.removed").allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining('name: "Squares"')]));
    expect(await diff.locator(".diff-line.added").allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining('name: "Squares and cubes"')]));
    await screenshot(page, "laptop-tool-history");

    await page.getByRole("button", { name: "Restore version 1" }).click();
    await dialog(page).getByRole("button", { name: "Restore version 1" }).click();
    await page.getByText("Restored version 1 as version 3.").waitFor();
    await rows.nth(2).waitFor();
    expect(await rows.nth(0).innerText()).toContain("Restored from version 1");

    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Squares" }).click();
    await page.getByRole("heading", { level: 1, name: "Squares" }).waitFor();
    expect(await page.locator(".meta").innerText()).toContain("version 3");
  });

  it("says when the toolset changed since the edit form opened, and reloads it", async () => {
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "UI toolset" }).click();
    await page.getByRole("heading", { level: 1, name: "UI toolset" }).waitFor();
    const menu = await openMenu(page, "Actions for toolset UI toolset");
    await menu.getByRole("menuitem", { name: "Edit" }).click();
    const form = dialog(page);
    await field(form, "name").locator("input").fill("UI toolset (renamed)");
    // Someone else saves first.
    const other = await rest(worker.url, "PATCH", `/toolsets/${TOOLSET}`, { description: "Changed elsewhere", base_version: 1 });
    expect(other.status).toBe(200);
    await form.getByRole("button", { name: "Save changes" }).click();
    await form.getByText("This toolset has changed since you opened it.").waitFor();
    await form.getByRole("button", { name: "Reload latest version" }).click();
    await form.getByText("Loaded the latest version (2)").waitFor();
    expect(await field(form, "description").locator("textarea").inputValue()).toBe("Changed elsewhere");
    await field(form, "name").locator("input").fill("UI toolset (renamed)");
    await field(form, "comment").locator("input").fill("Clearer name");
    await form.getByRole("button", { name: "Save changes" }).click();
    await page.getByRole("heading", { level: 1, name: "UI toolset (renamed)" }).waitFor();
    await screenshot(page, "laptop-toolset-tools");

    await page.goto(`${worker.url}/toolsets/${TOOLSET}/history`);
    await page.getByRole("heading", { level: 1, name: "History of UI toolset (renamed)" }).waitFor();
    expect(await page.locator("main table tbody tr").first().innerText()).toContain("Clearer name");
  });

  it("operates the ⋮ menus with the keyboard", async () => {
    await page.goto(`${worker.url}/toolsets`);
    const button = page.getByRole("button", { name: "Actions for toolset UI toolset (renamed)", exact: true });
    await button.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await menu.waitFor();
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? "");
    expect(await focused()).toBe("Edit");
    await page.keyboard.press("ArrowDown");
    expect(await focused()).toBe("View tools");
    await page.keyboard.press("End");
    expect(await focused()).toBe("Delete");
    await page.keyboard.press("ArrowDown");
    expect(await focused()).toBe("Edit");
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Actions for toolset UI toolset (renamed)");
    // ArrowDown opens it too; Enter on an item runs it.
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { level: 1, name: "UI toolset (renamed)" }).waitFor();
  });

  it("lists the toolset with its tool count, and looks right on a phone", async () => {
    await page.goto(`${worker.url}/toolsets`);
    const row = page.locator("main table tbody tr", { hasText: "UI toolset (renamed)" });
    await row.locator("td.numeric", { hasText: "1" }).waitFor();
    await screenshot(page, "laptop-toolsets");

    await page.setViewportSize(PHONE);
    await page.reload();
    await row.waitFor();
    await screenshot(page, "phone-toolsets");
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByTestId("mcp-url").waitFor();
    await screenshot(page, "phone-sidebar-open");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "MCP Toolsets" }).click();
    await page.getByTestId("mcp-url").waitFor({ state: "hidden" });
    await openMenu(page, "Actions for toolset UI toolset (renamed)");
    await screenshot(page, "phone-toolset-menu");
    await page.keyboard.press("Escape");
    await page.goto(`${worker.url}/toolsets/${TOOLSET}/tools/${TOOL}`);
    const tryIt = page.getByRole("region", { name: "Try it" });
    await tryIt.getByRole("button", { name: "Run" }).click();
    await tryIt.getByText("3 rows in").waitFor();
    await screenshot(page, "phone-tool-try-it");
    await page.goto(`${worker.url}/toolsets/${TOOLSET}/tools/${TOOL}/history`);
    await page.getByLabel("Diff of version 2 against the current version").waitFor();
    await screenshot(page, "phone-tool-history");
    await page.goto(`${worker.url}/toolsets/${TOOLSET}`);
    await page.getByRole("button", { name: "New tool" }).click();
    await field(dialog(page), "cypher").locator(".cm-content").waitFor();
    await screenshot(page, "phone-tool-form");
    // No horizontal scrolling of the page itself at phone width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await dialog(page).getByRole("button", { name: "Cancel" }).click();
    await page.setViewportSize(LAPTOP);
  });

  it("deletes a tool and then the toolset", async () => {
    await page.goto(`${worker.url}/toolsets/${TOOLSET}`);
    const menu = await openMenu(page, "Actions for tool Squares");
    await menu.getByRole("menuitem", { name: "Delete" }).click();
    await dialog(page).getByText(`${TOOLSET}__${TOOL}`).waitFor();
    await dialog(page).getByRole("button", { name: "Delete tool" }).click();
    await page.getByText("No tools in this toolset yet.").waitFor();

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "MCP Toolsets" }).click();
    const toolsetMenu = await openMenu(page, "Actions for toolset UI toolset (renamed)");
    await toolsetMenu.getByRole("menuitem", { name: "Delete" }).click();
    await dialog(page).getByRole("button", { name: "Delete toolset" }).click();
    await page.locator("main table tbody tr", { hasText: "UI toolset (renamed)" }).waitFor({ state: "detached" });
    expect((await rest(worker.url, "GET", `/toolsets/${TOOLSET}`)).status).toBe(404);
  });

  it("raised no page errors", () => {
    expect(browser.problems).toEqual([]);
  });
});

describe("Try it with bounded results", () => {
  let worker: RunningWorker;
  let browser: TestBrowser;

  uiOnWorker(
    async (stack) => {
      ({ worker, browser } = stack);
      expect((await rest(worker.url, "POST", "/toolsets", { id: "bounded", name: "Bounded" })).status).toBe(201);
      const parameters = [
        { name: "count", type: "integer", required: true, description: "" },
        { name: "pad", type: "integer", default: 0, description: "" },
      ];
      const tool = await rest(worker.url, "POST", "/toolsets/bounded/tools", {
        id: "rows",
        name: "Rows",
        cypher: "UNWIND range(1, $count) AS n RETURN n, reduce(s = '', i IN range(1, $pad) | s + 'x') AS padding",
        parameters,
      });
      expect(tool.status, JSON.stringify(tool.body)).toBe(201);
    },
    { vars: { MCP_TOOL_RESULT_MAX_ROWS: "2", MCP_TOOL_RESULT_MAX_BYTES: "2000" } },
  );

  it("shows the rows that fit with a truncation notice, and the message when no row fits", async () => {
    const page = browser.page;
    await page.goto(`${worker.url}/toolsets/bounded/tools/rows`);
    const tryIt = page.getByRole("region", { name: "Try it" });
    await tryIt.getByLabel(/^count/).fill("5");
    await tryIt.getByRole("button", { name: "Run" }).click();
    const notice = tryIt.locator(".truncation");
    await notice.waitFor();
    expect(await notice.innerText()).toMatch(/Truncated: showing the first 2 rows\. The result hit the row limit of 2 rows; the query has at least 3 rows\./);
    expect(await rowsOf(page, tryIt)).toEqual(["1\t", "2\t"]);
    await screenshot(page, "laptop-try-it-truncated");

    // Required argument missing: the error sits at its input.
    await tryIt.getByLabel(/^count/).fill("");
    await tryIt.getByRole("button", { name: "Run" }).click();
    await field(tryIt, "arguments.count").locator(".field-error").waitFor();

    // A row larger than the byte budget: the result is a message.
    await tryIt.getByLabel(/^count/).fill("1");
    await tryIt.getByLabel(/^pad/).fill("3000");
    await tryIt.getByRole("button", { name: "Run" }).click();
    await tryIt.getByText(/not even its first row fits/).waitFor();
    expect(browser.problems).toEqual([]);
  });
});

describe("the admin UI for a viewer signed in through the OpenID provider", () => {
  let idp: TestIdentityProvider;
  let worker: RunningWorker;
  let browser: TestBrowser;
  let viewerToken: string;

  signedInUiOnWorker("ui-key", async (stack) => {
    ({ idp, worker, browser } = stack);
    const { admin } = stack;
    viewerToken = await idp.token("viewer");
    expect((await rest(worker.url, "POST", "/toolsets", { id: "shared", name: "Shared" }, admin)).status).toBe(201);
    const tool = await rest(worker.url, "POST", "/toolsets/shared/tools", { id: "one", name: "One", cypher: "RETURN 1 AS one" }, admin);
    expect(tool.status).toBe(201);
    expect((await rest(worker.url, "PATCH", "/toolsets/shared/tools/one", { description: "Now described", base_version: 1 }, admin)).status).toBe(200);
  });

  it("asks to sign in when there is no session, naming the configured provider's flow", async () => {
    const page = browser.page;
    const config = await rest(worker.url, "GET", "/ui-config");
    expect(config.body).toEqual({ require_auth: true, oidc_authority: idp.issuer, oidc_client_id: "seizu-ui" });
    await page.goto(`${worker.url}/toolsets`);
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    expect(await page.getByRole("button", { name: "Sign in" }).isEnabled()).toBe(true);
    await screenshot(page, "laptop-sign-in");
  });

  it("shows no New buttons and disables write, delete and restore for a viewer", async () => {
    const page = browser.page;
    await signInWithToken(browser.context, viewerToken);
    await page.goto(`${worker.url}/toolsets`);
    await page.getByRole("link", { name: "Shared" }).waitFor();
    expect(await page.getByTestId("subject").innerText()).toBe("viewer");
    expect(await page.getByRole("button", { name: "New toolset" }).count()).toBe(0);

    let menu = await openMenu(page, "Actions for toolset Shared");
    expect(await menu.getByRole("menuitem", { name: "Edit" }).getAttribute("aria-disabled")).toBe("true");
    expect(await menu.getByRole("menuitem", { name: "Delete" }).getAttribute("aria-disabled")).toBe("true");
    expect(await menu.getByRole("menuitem", { name: "View tools" }).getAttribute("aria-disabled")).toBeNull();
    expect(await menu.getByRole("menuitem", { name: "Edit" }).getAttribute("title")).toBe("Needs the toolsets:write permission");
    await screenshot(page, "laptop-viewer-toolsets-menu");
    // A disabled item does nothing.
    await menu.getByRole("menuitem", { name: "Edit" }).click({ force: true });
    expect(await page.getByRole("dialog").count()).toBe(0);
    await page.keyboard.press("Escape");
    menu = await openMenu(page, "Actions for toolset Shared");
    await menu.getByRole("menuitem", { name: "View tools" }).click();

    await page.getByRole("heading", { level: 1, name: "Shared" }).waitFor();
    await page.getByRole("link", { name: "One" }).waitFor();
    expect(await page.getByRole("button", { name: "New tool" }).count()).toBe(0);
    menu = await openMenu(page, "Actions for tool One");
    expect(await menu.getByRole("menuitem", { name: "Edit" }).getAttribute("aria-disabled")).toBe("true");
    expect(await menu.getByRole("menuitem", { name: "Delete" }).getAttribute("aria-disabled")).toBe("true");
    await menu.getByRole("menuitem", { name: "Open and try it" }).click();

    // Viewers hold tools:call, so Try it works.
    const tryIt = page.getByRole("region", { name: "Try it" });
    await tryIt.getByRole("button", { name: "Run" }).click();
    await tryIt.getByText("1 row in").waitFor();

    await page.goto(`${worker.url}/toolsets/shared/tools/one/history`);
    await page.getByLabel("Diff of version 1 against the current version").waitFor();
    expect(await page.getByRole("button", { name: "Restore version 1" }).getAttribute("aria-disabled")).toBe("true");
    menu = await openMenu(page, "Actions for version 1");
    expect(await menu.getByRole("menuitem", { name: "Restore this version" }).getAttribute("aria-disabled")).toBe("true");
    await page.keyboard.press("Escape");
    await screenshot(page, "laptop-viewer-history");
  });

  it("signs out, and asks to sign in again when the token is refused", async () => {
    const page = browser.page;
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByText("You have signed out.").waitFor();
    await page.evaluate(() => sessionStorage.setItem("seizu.auth.token", JSON.stringify({ access_token: "not-a-token", expires_at: null })));
    await page.goto(`${worker.url}/toolsets`);
    await page.getByText("Your session has expired or is no longer valid.").waitFor();
    expect(browser.problems).toEqual([]);
  });
});
