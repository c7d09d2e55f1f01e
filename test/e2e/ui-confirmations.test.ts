// The confirmation page (/confirmations/:id) in a real browser against the Worker under
// `wrangler dev` as the development admin: a write built-in tool called over MCP asks for
// approval; the page shows the action and its expiry; approving there lets the same call run,
// denying makes it refused, and a denied action approved later runs too. Unknown ids get their
// own message, an expired confirmation disables the buttons. Screenshots at laptop and phone
// widths go to test-artifacts/screenshots/.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, LAPTOP, PHONE, screenshot, type TestBrowser } from "../support/browser";
import { connectV1, connectV2 } from "../support/mcp-clients";
import { rawToolCall } from "../support/mcp-raw";
import { rest } from "../support/rest";
import { startWorker, type RunningWorker } from "../support/worker";

const suffix = Date.now().toString(36);
let counter = 0;
const freshToolset = () => `uiconf_${suffix}_${++counter}`;

const APPROVED = "Approved — return to your assistant and let it continue";
const NOT_FOUND = "This confirmation does not exist, has expired, or belongs to someone else";

interface ConfirmationInfo {
  id: string;
  url: string;
  status: string;
  tool: string;
  target: string;
  expires_at: string;
}

describe("the confirmation page", () => {
  let worker: RunningWorker;
  /** At the default ACTION_CONFIRMATION_DENIAL_RETRIES (1): an identical action may ask once more. */
  let retrying: RunningWorker;
  let browser: TestBrowser;
  let page: Page;
  const mcpUrl = () => `${worker.url}/api/v1/mcp`;
  const exists = async (id: string) => (await rest(worker.url, "GET", `/toolsets/${id}`)).status === 200;

  /** A write built-in tool called by a client without elicitation: the confirmation comes back as content. */
  async function askFor(name: string, args: Record<string, unknown>): Promise<ConfirmationInfo> {
    const reply = await rawToolCall(mcpUrl(), undefined, { name, arguments: args }, {});
    expect(reply.result?.structuredContent?.confirmation_required, JSON.stringify(reply)).toBe(true);
    return reply.result.structuredContent.confirmation as ConfirmationInfo;
  }

  const heading = () => page.getByRole("heading", { level: 1, name: "Approve an action" });
  const outcome = () => page.getByTestId("confirmation-outcome");
  const button = (name: "Approve" | "Deny") => page.locator("main").getByRole("button", { name, exact: true });

  beforeAll(async () => {
    // No second prompt after a denial, so a denied action is refused at once.
    [worker, retrying, browser] = await Promise.all([
      startWorker({ ACTION_CONFIRMATION_DENIAL_RETRIES: "0" }),
      startWorker(),
      launchBrowser({ viewport: LAPTOP }),
    ]);
    page = browser.page;
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([worker?.stop(), retrying?.stop()]);
  });

  it("approves a pending confirmation created by an MCP call (SDK v1 client); the same call then succeeds", async () => {
    const id = freshToolset();
    const args = { toolset_id: id, name: "Approved in the browser", description: "Made after approval on the page" };
    const { client } = await connectV1(mcpUrl(), "2025-11-25");
    try {
      const first = await client.callTool({ name: "toolsets__create", arguments: args });
      const confirmation = (first.structuredContent as { confirmation: ConfirmationInfo }).confirmation;
      expect((first.content as { text: string }[])[0]!.text).toContain(confirmation.url);
      expect(new URL(confirmation.url).pathname).toBe(`/confirmations/${confirmation.id}`);
      expect(await exists(id)).toBe(false);

      await page.goto(confirmation.url);
      await heading().waitFor();
      expect(await page.getByTestId("confirmation-title").innerText()).toBe("Create a toolset");
      expect(await page.getByTestId("confirmation-target-name").innerText()).toBe(`new toolset ${id} ("${args.name}")`);
      expect(await page.getByTestId("confirmation-tool").innerText()).toBe("toolsets__create");
      expect(await page.getByTestId("confirmation-target").innerText()).toBe(`/toolsets/${id}`);
      const rows = await page.locator("table.confirmation-arguments tbody tr").allInnerTexts();
      expect(rows).toEqual([`toolset_id\t${id}`, `name\t${args.name}`, `description\t${args.description}`]);
      const expiry = page.getByTestId("confirmation-expiry");
      expect(await expiry.innerText()).toMatch(/expires in (29|30) min/);
      // The absolute time as well: the <time> element carries the server's expiry.
      expect(await expiry.locator("time").getAttribute("datetime")).toBe(confirmation.expires_at);
      expect(await page.getByTestId("confirmation-status").innerText()).toMatch(/Pending/);
      expect(
        await page
          .getByRole("navigation", { name: "Main" })
          .getByRole("link", { name: /confirmation/i })
          .count(),
      ).toBe(0);
      await screenshot(page, "laptop-confirmation-pending");

      // While the approval is in flight both buttons are disabled.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(`**/api/v1/confirmations/${confirmation.id}/approve`, async (route) => {
        await held;
        await route.continue();
      });
      await button("Approve").click();
      await page.locator("main").getByRole("button", { name: "Approving…" }).waitFor();
      expect(await page.locator("main").getByRole("button", { name: "Approving…" }).getAttribute("aria-disabled")).toBe("true");
      expect(await button("Deny").getAttribute("aria-disabled")).toBe("true");
      release();
      await outcome().getByText(APPROVED).waitFor();
      await page.unroute(`**/api/v1/confirmations/${confirmation.id}/approve`);
      expect(await page.getByTestId("confirmation-status").innerText()).toMatch(/Approved/);
      // Approved, not yet used: it can still be denied, no longer approved.
      expect(await button("Approve").count()).toBe(0);
      expect(await button("Deny").isEnabled()).toBe(true);
      expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid)).toBe("confirmation-outcome");
      await screenshot(page, "laptop-confirmation-approved");
      expect((await rest(worker.url, "GET", `/confirmations/${confirmation.id}`)).body.status).toBe("approved");

      const second = await client.callTool({ name: "toolsets__create", arguments: args });
      expect(second.isError).toBeFalsy();
      expect(second.structuredContent).toMatchObject({ id, name: args.name, created_by: "local-admin" });
      expect((await rest(worker.url, "GET", `/toolsets/${id}`)).body).toMatchObject({ id, name: args.name, description: args.description });

      // Used: the page says so and offers nothing more.
      await page.reload();
      await outcome().getByText("Already used: the action ran").waitFor();
      expect(await page.getByTestId("confirmation-status").innerText()).toMatch(/Used/);
      expect(await button("Approve").count()).toBe(0);
      expect(await button("Deny").count()).toBe(0);
    } finally {
      await client.close();
    }
  });

  it("denies on the page; the call is then refused and nothing runs", async () => {
    const id = freshToolset();
    const call = { name: "toolsets__create", arguments: { toolset_id: id, name: "Denied in the browser" } };
    const confirmation = await askFor(call.name, call.arguments);
    await page.goto(confirmation.url);
    await heading().waitFor();
    await button("Deny").click();
    await outcome()
      .getByText(/^Denied/)
      .waitFor();
    expect(await page.getByTestId("confirmation-status").innerText()).toMatch(/Denied/);
    // A denied action can still be approved; the page says how.
    await outcome()
      .getByText(/You can still approve it until it expires/)
      .waitFor();
    expect(await button("Approve").isEnabled()).toBe(true);
    expect(await button("Deny").count()).toBe(0);
    await screenshot(page, "laptop-confirmation-denied");

    const refused = await rawToolCall(mcpUrl(), undefined, call, {});
    expect(refused.result.isError).toBe(true);
    expect(refused.result.structuredContent.block_reason).toBe("confirmation_denied");
    expect(refused.result.structuredContent.confirmation.id).toBe(confirmation.id);
    expect(await exists(id)).toBe(false);
  });

  it("approves a denied confirmation with the keyboard; the call then succeeds", async () => {
    const id = freshToolset();
    const call = { name: "toolsets__create", arguments: { toolset_id: id, name: "Denied, then approved" } };
    const confirmation = await askFor(call.name, call.arguments);
    expect((await rest(worker.url, "POST", `/confirmations/${confirmation.id}/deny`)).body.status).toBe("denied");
    expect((await rawToolCall(mcpUrl(), undefined, call, {})).result.structuredContent.block_reason).toBe("confirmation_denied");

    await page.goto(confirmation.url);
    await heading().waitFor();
    expect(await page.getByTestId("confirmation-status").innerText()).toMatch(/Denied/);
    await outcome()
      .getByText(/You can still approve it until it expires/)
      .waitFor();
    await button("Approve").focus();
    await page.keyboard.press("Enter");
    await outcome().getByText(APPROVED).waitFor();
    await outcome()
      .getByText(/ask it to try again/)
      .waitFor();

    const ran = await rawToolCall(mcpUrl(), undefined, call, {});
    expect(ran.result.isError).toBeFalsy();
    expect(ran.result.structuredContent).toMatchObject({ id, name: call.arguments.name });
    expect(await exists(id)).toBe(true);
  });

  it("can deny an approved confirmation until it is used", async () => {
    const id = freshToolset();
    const call = { name: "toolsets__create", arguments: { toolset_id: id, name: "Approved, then denied" } };
    const confirmation = await askFor(call.name, call.arguments);
    await rest(worker.url, "POST", `/confirmations/${confirmation.id}/approve`);
    await page.goto(confirmation.url);
    await outcome().getByText(APPROVED).waitFor();
    await button("Deny").click();
    await outcome()
      .getByText(/^Denied/)
      .waitFor();
    expect((await rawToolCall(mcpUrl(), undefined, call, {})).result.structuredContent.block_reason).toBe("confirmation_denied");
    expect(await exists(id)).toBe(false);
  });

  it("says when a confirmation does not exist (not a generic error)", async () => {
    await page.goto(`${worker.url}/confirmations/00000000-0000-4000-8000-000000000000`);
    await page.getByRole("heading", { level: 1, name: "Confirmation not found" }).waitFor();
    await page.getByRole("alert").getByText(NOT_FOUND).waitFor();
    expect(await page.getByText(/^Not found:/).count()).toBe(0);
    expect(await button("Approve").count()).toBe(0);
    await screenshot(page, "laptop-confirmation-not-found");
  });

  it("shows nested arguments as JSON and fits a phone", async () => {
    const toolset = freshToolset();
    // A tool is created in a toolset that exists: the target is looked up before anyone is asked.
    expect((await rest(worker.url, "POST", "/toolsets", { id: toolset, name: "Squares" })).status).toBe(201);
    const args = {
      toolset_id: toolset,
      tool_id: "squares",
      name: "Squares",
      description: "Numbers and their squares",
      cypher: "UNWIND range(1, $count) AS n RETURN n, n * n AS square",
      parameters: [{ name: "count", type: "integer", description: "How many numbers", required: false, default: 3 }],
    };
    const confirmation = await askFor("toolsets__create_tool", args);
    expect(confirmation.target).toBe(`/toolsets/${toolset}/tools/squares`);
    await page.goto(confirmation.url);
    await heading().waitFor();
    const json = page.locator("table.confirmation-arguments pre.argument-json");
    expect(JSON.parse(await json.innerText())).toEqual(args.parameters);
    await screenshot(page, "laptop-confirmation-nested");

    await page.setViewportSize(PHONE);
    await page.reload();
    await heading().waitFor();
    await button("Approve").waitFor();
    await screenshot(page, "phone-confirmation-pending");
    // No horizontal scrolling of the page itself at phone width; both buttons fully visible.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    for (const name of ["Approve", "Deny"] as const) {
      const box = (await button(name).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    await page.goto(`${worker.url}/confirmations/unknown`);
    await page.getByText(NOT_FOUND).waitFor();
    await screenshot(page, "phone-confirmation-not-found");
    await page.setViewportSize(LAPTOP);
  });

  it("keeps showing Denied after the person denies and the URL-mode client continues the call", async () => {
    const id = freshToolset();
    const client = await connectV2(`${retrying.url}/api/v1/mcp`, { capabilities: { elicitation: { url: {} } } });
    const opened: string[] = [];
    client.setRequestHandler("elicitation/create", async (request) => {
      const url = String((request.params as { url?: string }).url);
      opened.push(url);
      // A second link inside the same call would mean the denial was not final for it.
      if (opened.length > 1) return { action: "cancel" };
      await page.goto(url);
      await heading().waitFor();
      await button("Deny").click();
      await outcome()
        .getByText(/^Denied/)
        .waitFor();
      return { action: "accept" };
    });
    try {
      const result = await client.callTool({ name: "toolsets__create", arguments: { toolset_id: id, name: "Denied while the client waited" } });
      expect(result.isError).toBe(true);
      expect((result.structuredContent as { block_reason: string }).block_reason).toBe("confirmation_denied");
      expect(opened).toHaveLength(1);
      await page.reload();
      await heading().waitFor();
      expect(await page.getByTestId("confirmation-status").innerText()).toMatch(/Denied/);
      await outcome()
        .getByText(/^Denied/)
        .waitFor();
      expect((await rest(retrying.url, "GET", `/toolsets/${id}`)).status).toBe(404);
    } finally {
      await client.close();
    }
  });

  // Last: the fake clock stays installed on the browser context.
  it("shows Expired and disables the buttons when the expiry passes on the open page", async () => {
    const id = freshToolset();
    const confirmation = await askFor("toolsets__create", { toolset_id: id, name: "Left to expire" });
    await page.clock.install();
    await page.goto(confirmation.url);
    await heading().waitFor();
    expect(await button("Approve").isEnabled()).toBe(true);
    await page.clock.fastForward("29:30");
    await page
      .getByTestId("confirmation-expiry")
      .getByText(/expires in \d+ s/)
      .waitFor();
    await page.clock.fastForward("01:00");
    await page.getByTestId("confirmation-expiry").getByText("Expired").waitFor();
    expect(await page.getByTestId("confirmation-status").innerText()).toMatch(/Expired/);
    await outcome()
      .getByText(/Expired: this confirmation can no longer be approved or denied/)
      .waitFor();
    expect(await button("Approve").isDisabled()).toBe(true);
    expect(await button("Deny").isDisabled()).toBe(true);
    await screenshot(page, "laptop-confirmation-expired");
  });

  it("raised no page errors", () => {
    expect(browser.problems).toEqual([]);
  });
});
