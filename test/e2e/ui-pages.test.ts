// Pages of the admin UI beyond toolsets, in Chromium against `wrangler dev` and the run's Neo4j:
// built-in tool pages with their arguments and whether calls need approval, the roles page with
// create, edit, history and delete, and the favicon.
import type { Tool } from "@modelcontextprotocol/client";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshot, type TestBrowser } from "../support/browser";
import { connectV2 } from "../support/mcp-clients";
import { rest } from "../support/rest";
import { uiOnWorker } from "../support/ui-stack";
import { dialog, field, openMenu } from "../support/ui";
import type { RunningWorker } from "../support/worker";

/** The built-in tools as MCP clients see them: the ground truth for their pages. */
async function builtinMcpTools(url: string): Promise<Tool[]> {
  const client = await connectV2(`${url}/api/v1/mcp`);
  try {
    const { tools } = await client.listTools();
    // Typed-confirm pairs (…_prepare, …_execute) are MCP-only names of one built-in definition.
    return tools.filter((tool) => (tool._meta as { toolset_id?: string } | undefined)?.toolset_id === "seizu" && !/_(prepare|execute)$/.test(tool.name));
  } finally {
    await client.close();
  }
}

describe("admin UI pages", () => {
  let worker: RunningWorker;
  let browser: TestBrowser;
  let page: Page;
  let builtins: Tool[];

  uiOnWorker(async (stack) => {
    ({ worker, browser, page } = stack);
    builtins = await builtinMcpTools(worker.url);
  });

  it("shows a built-in tool's arguments as its MCP input schema describes them", async () => {
    const tool = builtins.find(
      (candidate) => (candidate.inputSchema.required ?? []).length > 0 && Object.keys(candidate.inputSchema.properties ?? {}).length > 1,
    )!;
    expect(tool).toBeDefined();
    await page.goto(`${worker.url}/toolsets/seizu/tools/${tool.name}`);
    const parameters = page.getByRole("table", { name: "Parameters" });
    await parameters.waitFor();
    const rows = await parameters
      .locator("tbody tr")
      .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll("td")).map((td) => td.textContent ?? "")));
    const properties = tool.inputSchema.properties as Record<string, { description?: string }>;
    expect(rows.map(([name]) => name)).toEqual(Object.keys(properties));
    for (const [name, , required, description] of rows) {
      expect(required).toBe(tool.inputSchema.required!.includes(name!) ? "yes" : "no");
      if (properties[name!]!.description) expect(description).toBe(properties[name!]!.description);
    }
    await screenshot(page, "laptop-builtin-tool-parameters");
  });

  it("marks the built-in tools whose calls need approval, on their page and in the list", async () => {
    const writer = builtins.find((tool) => tool.annotations?.readOnlyHint === false)!;
    const reader = builtins.find((tool) => tool.annotations?.readOnlyHint === true)!;
    await page.goto(`${worker.url}/toolsets/seizu/tools/${writer.name}`);
    await page.locator(".meta").getByText("Needs approval").waitFor();
    await page.goto(`${worker.url}/toolsets/seizu/tools/${reader.name}`);
    await page.getByRole("heading", { name: "Built-in tool" }).waitFor();
    expect(await page.locator(".meta").getByText("Needs approval").count()).toBe(0);

    await page.goto(`${worker.url}/toolsets/seizu`);
    const row = (name: string) => page.locator("main table tbody tr", { has: page.locator("code", { hasText: new RegExp(`^${name}$`) }) });
    await row(writer.name).getByText("Needs approval").waitFor();
    expect(await row(reader.name).getByText("Needs approval").count()).toBe(0);
  });

  it("lists the built-in roles with their permissions, read-only", async () => {
    await page.goto(`${worker.url}/toolsets`);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Roles" }).click();
    await page.getByRole("heading", { level: 1, name: "Roles" }).waitFor();
    const admin = page.locator("main table tbody tr", { hasText: "seizu-admin" });
    await admin.getByText("Built-in", { exact: true }).waitFor();
    expect(await admin.innerText()).toContain("roles:delete");
    const menu = await openMenu(page, "Actions for role seizu-admin");
    for (const item of ["Edit", "View history", "Delete"]) expect(await menu.getByRole("menuitem", { name: item }).getAttribute("aria-disabled")).toBe("true");
    await page.keyboard.press("Escape");
  });

  it("narrows a list to the items whose id, name or description match every word searched", async () => {
    await page.goto(`${worker.url}/roles`);
    const roles = page.getByRole("table", { name: "Roles" });
    await roles.locator("tbody tr").first().waitFor();
    const total = await roles.locator("tbody tr").count();
    await page.getByRole("searchbox", { name: "Search roles" }).fill("ADMIN seizu");
    await page.getByText(`1 of ${total}`).waitFor();
    expect(await roles.locator("tbody tr").allInnerTexts()).toEqual([expect.stringContaining("seizu-admin")]);
    await page.getByRole("searchbox", { name: "Search roles" }).fill("no such role");
    await page.getByText("No roles match “no such role”.").waitFor();
    await page.getByRole("searchbox", { name: "Search roles" }).fill("");
    // The table follows the typing a render later (a deferred value), so wait for every row.
    await roles
      .locator("tbody tr")
      .nth(total - 1)
      .waitFor();
    expect(await roles.locator("tbody tr").count()).toBe(total);
  });

  it("creates a role with chosen permissions", async () => {
    await page.getByRole("button", { name: "New role" }).click();
    const form = dialog(page);
    await field(form, "id").locator("input").fill("analysts");
    await field(form, "description").locator("textarea").fill("Reads and calls tools");
    await form.getByRole("checkbox", { name: "tools:read" }).check();
    await form.getByRole("checkbox", { name: "tools:call" }).check();
    await screenshot(page, "laptop-role-form");
    await form.getByRole("button", { name: "Create role" }).click();
    const row = page.locator("main table tbody tr", { hasText: "analysts" });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/tools:call[\s\S]*tools:read/);
    expect((await rest(worker.url, "GET", "/roles/analysts")).body.permissions).toEqual(["tools:call", "tools:read"]);
    await screenshot(page, "laptop-roles");
  });

  it("edits a role with a comment", async () => {
    const menu = await openMenu(page, "Actions for role analysts");
    await menu.getByRole("menuitem", { name: "Edit" }).click();
    const form = dialog(page);
    expect(await field(form, "id").locator("input").getAttribute("readonly")).not.toBeNull();
    await form.getByRole("checkbox", { name: "tools:call" }).uncheck();
    await field(form, "comment").locator("input").fill("No calls");
    await form.getByRole("button", { name: "Save changes" }).click();
    await dialog(page).waitFor({ state: "detached" });
    expect((await rest(worker.url, "GET", "/roles/analysts")).body.permissions).toEqual(["tools:read"]);
  });

  it("shows a role's history with the diff, and restores an old version", async () => {
    const menu = await openMenu(page, "Actions for role analysts");
    await menu.getByRole("menuitem", { name: "View history" }).click();
    await page.getByRole("heading", { level: 1, name: "History of analysts" }).waitFor();
    const diff = page.getByLabel("Diff of version 1 against the current version");
    await diff.waitFor();
    expect(await diff.locator(".diff-line.removed").allInnerTexts()).toEqual([expect.stringContaining('"tools:call"')]);
    expect(await page.locator("main table tbody tr").first().innerText()).toContain("No calls");
    await screenshot(page, "laptop-role-history");
    await page.getByRole("button", { name: "Restore version 1" }).click();
    await dialog(page).getByRole("button", { name: "Restore version 1" }).click();
    await page.getByText("Restored version 1 as version 3.").waitFor();
    expect((await rest(worker.url, "GET", "/roles/analysts")).body.permissions).toEqual(["tools:call", "tools:read"]);
  });

  it("deletes a role", async () => {
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Roles" }).click();
    const menu = await openMenu(page, "Actions for role analysts");
    await menu.getByRole("menuitem", { name: "Delete" }).click();
    await dialog(page).getByRole("button", { name: "Delete role" }).click();
    await page.locator("main table tbody tr", { hasText: "analysts" }).waitFor({ state: "detached" });
    expect((await rest(worker.url, "GET", "/roles/analysts")).status).toBe(404);
  });

  it("has a favicon that answers 200 with an image, at the linked address and at /favicon.ico", async () => {
    await page.goto(`${worker.url}/toolsets`);
    const href = await page.locator('link[rel="icon"]').getAttribute("href");
    expect(href).toBeTruthy();
    for (const path of [href!, "/favicon.ico"]) {
      const response = await page.request.get(new URL(path, worker.url).href);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["content-type"], path).toMatch(/^image\//);
    }
  });

  it("raised no page errors", () => {
    expect(browser.problems).toEqual([]);
  });
});
