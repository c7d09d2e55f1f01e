// The Approvals and Connect-an-agent pages of the admin UI, with sign-in on, in Chromium against
// `wrangler dev`: the signed-in person's confirmations (asked for by write built-in tools over
// MCP with their token) approved and denied from the list and read back over REST, the pending
// count in the sidebar; the connect page's URL and its measured tools/list cost against a real
// MCP client's tools/list of the same URL, and its configurations. Also the phone navigation's
// Escape, the built-in toolset's description and the static assets' Cache-Control.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { LAPTOP, PHONE, screenshot, signInWithToken, type TestBrowser } from "../support/browser";
import { connectV2 } from "../support/mcp-clients";
import { rawToolCall } from "../support/mcp-raw";
import { rest } from "../support/rest";
import { signedInUiOnWorker } from "../support/ui-stack";
import type { RunningWorker } from "../support/worker";

const suffix = Date.now().toString(36);
let counter = 0;
const freshId = (prefix: string) => `${prefix}_${suffix}_${++counter}`;

interface ConfirmationInfo {
  id: string;
  status: string;
  expires_at: string;
}

describe("admin UI: approvals and connecting an agent", () => {
  let worker: RunningWorker;
  let browser: TestBrowser;
  let page: Page;
  let token: string;
  let admin: { authorization: string };
  const toolsetId = freshId("agent_kit");

  signedInUiOnWorker("ui-approvals-connect-key", async (stack) => {
    ({ worker, browser, page, admin } = stack);
    token = admin.authorization.slice("Bearer ".length);
    const created = await rest(worker.url, "POST", "/toolsets", { id: toolsetId, name: "Agent kit" }, admin);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const tool = await rest(worker.url, "POST", `/toolsets/${toolsetId}/tools`, { id: "count", name: "Count", cypher: "RETURN 1 AS one" }, admin);
    expect(tool.status, JSON.stringify(tool.body)).toBe(201);
    await signInWithToken(browser.context, token);
    await browser.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: worker.url });
  });

  /** A write built-in tool called over MCP with the admin's token by a client without elicitation: it waits for approval. */
  async function askToCreate(name: string): Promise<ConfirmationInfo & { toolset: string }> {
    const toolset = freshId("asked");
    const reply = await rawToolCall(`${worker.url}/api/v1/mcp`, token, { name: "toolsets__create", arguments: { toolset_id: toolset, name } }, {});
    expect(reply.result?.structuredContent?.confirmation_required, JSON.stringify(reply)).toBe(true);
    return { ...(reply.result.structuredContent.confirmation as ConfirmationInfo), toolset };
  }

  const statusOf = async (id: string) => (await rest(worker.url, "GET", `/confirmations/${id}`, undefined, admin)).body.status as string;
  const nav = () => page.getByRole("navigation", { name: "Main" });
  const pendingBadge = () => nav().getByTestId("pending-approvals");
  const card = (id: string) => page.locator(`article[data-confirmation-id="${id}"]`);
  const noSideways = () => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

  describe("approvals", () => {
    let first: ConfirmationInfo & { toolset: string };
    let second: ConfirmationInfo & { toolset: string };
    let decided: ConfirmationInfo & { toolset: string };

    it("lists the person's confirmations, pending first, with tool, target, arguments and expiry; the sidebar counts the pending ones", async () => {
      decided = await askToCreate("Approved already");
      first = await askToCreate("First asked");
      second = await askToCreate("Second asked");
      expect((await rest(worker.url, "POST", `/confirmations/${decided.id}/approve`, undefined, admin)).status).toBe(200);

      await page.goto(`${worker.url}/toolsets`);
      await page.getByRole("heading", { level: 1, name: "MCP Toolsets" }).waitFor();
      await pendingBadge().waitFor();
      expect(await pendingBadge().textContent()).toBe("2 pending");
      await nav().getByRole("link", { name: "Approvals 2 pending" }).click();
      await page.getByRole("heading", { level: 1, name: "Approvals" }).waitFor();

      const cards = page.locator("main article[data-confirmation-id]");
      await cards.first().waitFor();
      const order = await cards.evaluateAll((articles) => articles.map((article) => (article as HTMLElement).dataset.confirmationId));
      // Pending first (newest first among them), then the decided one.
      expect(order).toEqual([second.id, first.id, decided.id]);

      const shown = card(first.id);
      expect(await shown.getByRole("heading", { level: 2 }).innerText()).toBe("Create a toolset");
      expect(await shown.locator(".approval-tool").innerText()).toBe("toolsets__create");
      expect(await shown.locator(".approval-target").innerText()).toBe(`/toolsets/${first.toolset}`);
      expect(await shown.locator(".approval-target-name").innerText()).toBe(`new toolset ${first.toolset} ("First asked")`);
      expect(await shown.locator("table.confirmation-arguments tbody tr").allInnerTexts()).toEqual([`toolset_id\t${first.toolset}`, "name\tFirst asked"]);
      const expiry = shown.locator(".approval-expiry");
      expect(await expiry.innerText()).toMatch(/^in (29|30) min\s+\(.+\)$/);
      expect(await expiry.locator("time").getAttribute("datetime")).toBe(first.expires_at);
      expect(await shown.getByText("Pending", { exact: true }).count()).toBe(1);
      expect(await card(decided.id).getByText("Approved", { exact: true }).count()).toBe(1);
      // An approved action can still be denied, no longer approved.
      expect(await card(decided.id).getByRole("button").allInnerTexts()).toEqual(["Deny"]);
      expect(await noSideways()).toBe(true);
      await screenshot(page, "laptop-approvals");
    });

    it("approves and denies from the list; the server holds each decision and the count follows at once", async () => {
      await card(first.id).getByRole("button", { name: "Approve" }).click();
      await card(first.id).getByRole("status").getByText("Approved: your assistant may now run it, once.").waitFor();
      expect(await statusOf(first.id)).toBe("approved");
      await page.waitForFunction(() => document.querySelector('[data-testid="pending-approvals"]')?.textContent === "1 pending");
      // Focus lands on what happened, the buttons having changed under it.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Approved: your assistant may now run it, once.");

      await card(second.id).getByRole("button", { name: "Deny" }).click();
      await card(second.id).getByText("Denied: the action will not run.").waitFor();
      expect(await statusOf(second.id)).toBe("denied");
      await pendingBadge().waitFor({ state: "detached" });
      // A denied action can still be approved until it expires.
      expect(await card(second.id).getByRole("button").allInnerTexts()).toEqual(["Approve"]);

      // The approved call now runs, once; the denied one does not.
      const ran = await rawToolCall(
        `${worker.url}/api/v1/mcp`,
        token,
        { name: "toolsets__create", arguments: { toolset_id: first.toolset, name: "First asked" } },
        {},
      );
      expect(ran.result?.isError, JSON.stringify(ran)).toBeFalsy();
      expect((await rest(worker.url, "GET", `/toolsets/${first.toolset}`, undefined, admin)).status).toBe(200);
      expect((await rest(worker.url, "GET", `/toolsets/${second.toolset}`, undefined, admin)).status).toBe(404);
    });

    it("counts a new request after the next navigation", async () => {
      await askToCreate("Asked while browsing");
      expect(await pendingBadge().count()).toBe(0);
      await nav().getByRole("link", { name: "MCP Toolsets" }).click();
      await pendingBadge().waitFor();
      expect(await pendingBadge().textContent()).toBe("1 pending");
      expect(browser.problems).toEqual([]);
    });

    it("fits a phone", async () => {
      await page.setViewportSize(PHONE);
      try {
        await page.goto(`${worker.url}/approvals`);
        await page.locator("main article[data-confirmation-id]").first().waitFor();
        expect(await noSideways()).toBe(true);
        await screenshot(page, "phone-approvals");
      } finally {
        await page.setViewportSize(LAPTOP);
      }
    });
  });

  describe("connecting an agent", () => {
    /** The same URL's tools/list through the MCP SDK's client, with the same token. */
    async function listedBySdk(url: string) {
      const client = await connectV2(url, { headers: admin });
      try {
        const { tools } = await client.listTools();
        return { tools: tools.length, bytes: Buffer.byteLength(JSON.stringify(tools)), names: tools.map((tool) => tool.name) };
      } finally {
        await client.close();
      }
    }

    /** The user toolsets as GET /toolsets lists them (the one made above, and any an approved call made). */
    async function userToolsets(): Promise<string> {
      const { body } = await rest(worker.url, "GET", "/toolsets", undefined, admin);
      const ids = (body.toolsets as { id: string; built_in?: boolean }[]).filter((toolset) => !toolset.built_in).map((toolset) => toolset.id);
      expect(ids).toContain(toolsetId);
      return ids.join(",");
    }

    /** The page's URL and figures once measured for that URL. */
    async function shownCost() {
      await page.waitForFunction(() => !document.querySelector(".connect-cost[aria-busy='true']"));
      const number = async (testId: string) => Number((await page.getByTestId(testId).innerText()).replace(/[^0-9]/g, ""));
      return {
        url: await page.getByTestId("connect-url").innerText(),
        tools: await number("connect-tools"),
        bytes: await number("connect-bytes"),
        tokens: await number("connect-tokens"),
      };
    }

    it("builds the URL from the choice and measures its tools/list as a real MCP client sees it", async () => {
      await page.goto(`${worker.url}/toolsets`);
      await nav().getByRole("link", { name: "Connect an agent" }).click();
      await page.getByRole("heading", { level: 1, name: "Connect an agent" }).waitFor();

      // By default: the graph group and every enabled toolset.
      const checkbox = (name: string) => page.getByRole("checkbox", { name, exact: true });
      expect(await checkbox("graph").isChecked()).toBe(true);
      expect(await checkbox("toolsets").isChecked()).toBe(false);
      expect(await checkbox("Agent kit").isChecked()).toBe(true);
      let cost = await shownCost();
      expect(cost.url).toBe(`${worker.url}/api/v1/mcp?toolsets=graph,${await userToolsets()}`);
      let sdk = await listedBySdk(cost.url);
      expect(sdk.names).toContain(`${toolsetId}__count`);
      expect(sdk.names.every((name) => name.startsWith("graph__") || name.startsWith(`${toolsetId}__`))).toBe(true);
      expect(cost).toMatchObject({ tools: sdk.tools, bytes: sdk.bytes, tokens: Math.round(sdk.bytes / 4) });
      await screenshot(page, "laptop-connect");

      // A management group, read-only, and a tag hidden: the URL and the figures follow.
      await checkbox("toolsets").check();
      await checkbox("Read-only tools only").check();
      await page.getByRole("textbox", { name: "Hide tools tagged" }).fill("user");
      await page.waitForFunction(() => document.querySelector('[data-testid="connect-url"]')?.textContent?.endsWith("access=read_only"));
      cost = await shownCost();
      expect(cost.url).toBe(`${worker.url}/api/v1/mcp?toolsets=graph,toolsets,${await userToolsets()}&exclude_tags=user&access=read_only`);
      sdk = await listedBySdk(cost.url);
      expect(sdk.names.some((name) => name.startsWith("toolsets__"))).toBe(true);
      expect(sdk.names).not.toContain("toolsets__create");
      expect(sdk.names).not.toContain(`${toolsetId}__count`);
      expect(cost).toMatchObject({ tools: sdk.tools, bytes: sdk.bytes });
    });

    it("names every built-in group at once as `seizu`", async () => {
      const groups = await page.locator("fieldset", { hasText: "Built-in groups" }).getByRole("checkbox").all();
      for (const group of groups) await group.check();
      await page.getByRole("checkbox", { name: "Read-only tools only" }).uncheck();
      await page.getByRole("textbox", { name: "Hide tools tagged" }).fill("");
      const expected = `${worker.url}/api/v1/mcp?toolsets=seizu,${await userToolsets()}`;
      await page.waitForFunction((url) => document.querySelector('[data-testid="connect-url"]')?.textContent === url, expected);
      const cost = await shownCost();
      expect(cost.url).toBe(expected);
      const sdk = await listedBySdk(cost.url);
      expect(cost).toMatchObject({ tools: sdk.tools, bytes: sdk.bytes });
    });

    it("offers configurations for Claude Code, Claude Desktop and .mcp.json carrying the URL and the token header", async () => {
      const url = await page.getByTestId("connect-url").innerText();
      const config = (id: string) => page.locator(`[data-config="${id}"] pre`).innerText();
      expect(await config("claude-code")).toBe(`claude mcp add --transport http 'seizu' '${url}' --header "Authorization: Bearer $SEIZU_TOKEN"`);
      expect(JSON.parse(await config("mcp-json"))).toEqual({
        mcpServers: { seizu: { type: "http", url, headers: { Authorization: `Bearer \${SEIZU_TOKEN}` } } },
      });
      const desktop = JSON.parse(await config("claude-desktop"));
      expect(desktop.mcpServers.seizu.args).toEqual(["-y", "mcp-remote", url, "--header", `Authorization:\${AUTH_HEADER}`]);

      await page.getByRole("textbox", { name: "Server name in the agent" }).fill("graph tools");
      await page.getByText("Use 1 to 64 letters, digits, - and _.").waitFor();
      expect(await page.locator("[data-config]").count()).toBe(0);
      await page.getByRole("textbox", { name: "Server name in the agent" }).fill("graph-tools");
      expect(await config("claude-code")).toContain("'graph-tools'");

      await page.getByRole("button", { name: "Copy .mcp.json" }).click();
      await page.getByRole("button", { name: "Copied" }).waitFor();
      expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText())).mcpServers["graph-tools"].url).toBe(url);
      expect(browser.problems).toEqual([]);
    });

    it("fits a phone", async () => {
      await page.setViewportSize(PHONE);
      try {
        await page.goto(`${worker.url}/connect`);
        // The choice starts from both lists: every enabled toolset is in it, however the two loads race.
        expect(await page.getByRole("checkbox", { name: "Agent kit", exact: true }).isChecked()).toBe(true);
        await shownCost();
        expect(await noSideways()).toBe(true);
        await screenshot(page, "phone-connect");
      } finally {
        await page.setViewportSize(LAPTOP);
      }
    });
  });

  it("Escape closes the phone navigation and gives focus back to the Menu button", async () => {
    await page.setViewportSize(PHONE);
    try {
      await page.goto(`${worker.url}/toolsets`);
      const toggle = page.locator("button.menu-toggle");
      await page.getByRole("button", { name: "Menu" }).click();
      expect(await toggle.getAttribute("aria-expanded")).toBe("true");
      await nav().getByRole("link", { name: "MCP Toolsets" }).waitFor({ state: "visible" });
      await page.keyboard.press("Escape");
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      await nav().getByRole("link", { name: "MCP Toolsets" }).waitFor({ state: "hidden" });
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Menu");
    } finally {
      await page.setViewportSize(LAPTOP);
    }
  });

  it("describes the built-in toolset by every group it holds", async () => {
    const toolset = await rest(worker.url, "GET", "/toolsets/seizu", undefined, admin);
    const tools = await rest(worker.url, "GET", "/toolsets/seizu/tools", undefined, admin);
    const groups = [...new Set((tools.body.tools as { group: string }[]).map((tool) => tool.group))];
    expect(groups.length).toBeGreaterThan(5);
    expect(toolset.body.description).toBe(
      `Tools Seizu provides, in the groups ${groups.join(", ")} (each name is also a toolsets= filter of the MCP endpoint). Defined in definitions/*.yaml; not editable here.`,
    );
  });

  it("serves hashed assets for a year, immutable, and index.html revalidated", async () => {
    const index = await fetch(`${worker.url}/`);
    expect(index.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(await index.text())?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${worker.url}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("content-type")).toMatch(/javascript/);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // A client-side route is index.html too, revalidated.
    expect((await fetch(`${worker.url}/approvals`)).headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
  });

  it("stops counting without errors once signed out", async () => {
    await page.goto(`${worker.url}/approvals`);
    await pendingBadge().waitFor();
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByText("You have signed out.").waitFor();
    await page.waitForTimeout(500);
    expect(browser.problems).toEqual([]);
  });
});
