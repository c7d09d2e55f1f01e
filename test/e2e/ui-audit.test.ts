// The audit pages in Chromium against `wrangler dev`, signed in through the OpenID provider: the
// Activity page (the table, filters kept in the address, "Load more" with the cursor, the event
// drawer opened by keyboard, the CSV and JSON Lines exports), a tool's usage on its page, the
// usage overview, and all of it absent for a caller without audit:read. The events are stored in
// the Worker's D1 by the queue consumer's own statement (test/support/audit.ts).
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { AuditEvent } from "../../worker/audit/event";
import { auditEvent, seedAuditEvents } from "../support/audit-seed";
import { screenshot, signInWithToken, type TestBrowser } from "../support/browser";
import { rest } from "../support/rest";
import { dialog } from "../support/ui";
import { signedInUiOnWorker } from "../support/ui-stack";
import type { RunningWorker } from "../support/worker";

const SUFFIX = crypto.randomUUID().replaceAll("-", "").slice(0, 8);
const TOOLSET = `audit_ui_${SUFFIX}`;
const TARGET = `${TOOLSET}__count_nodes`;
const OTHER = `${TOOLSET}__list_labels`;
const LOADED = `${TOOLSET}__paged`;
const CONFIRMATION = `conf_${SUFFIX}`;
const alice = { subject: "alice", name: "Alice Analyst", roles: ["seizu-viewer"] };
const bob = { subject: "bob", name: null, roles: ["seizu-viewer"] };
const carol = { subject: "carol", name: null, roles: ["seizu-viewer"] };
const claude = { name: "claude-code", version: "1.2.0", user_agent: "claude-code/1.2.0" };

const countCall = auditEvent(30, {
  principal: alice,
  client: claude,
  target: TARGET,
  resource: { type: "tool", id: `${TOOLSET}/count_nodes`, version: 1 },
  rows: 3,
  truncated: false,
  duration_ms: 12,
  neo4j_ms: 8,
  detail: { arguments: { label: "Host" } },
});
const failedCall = auditEvent(20, {
  principal: bob,
  via: "rest",
  outcome: "tool_error",
  target: TARGET,
  resource: { type: "tool", id: `${TOOLSET}/count_nodes`, version: 1 },
  duration_ms: 250,
  detail: { arguments: { label: "Nope" }, error: "Neo4j said no" },
});
const secondCall = auditEvent(10, { principal: alice, client: claude, target: TARGET, rows: 5, duration_ms: 20 });
const slowCall = auditEvent(5, { principal: alice, client: claude, target: OTHER, rows: 1, duration_ms: 900 });
const approval = auditEvent(3, {
  principal: alice,
  kind: "confirmation",
  action: "approve",
  via: "rest",
  target: "seizu__delete_tool",
  resource: { type: "confirmation", id: CONFIRMATION, version: null },
  detail: { confirmation_id: CONFIRMATION, decided_by: "alice", path: "form" },
});
/** More events of one tool than a page holds (50). */
const paged = Array.from({ length: 60 }, (_, index) => auditEvent(40 + index, { principal: carol, target: LOADED, duration_ms: 5 }));
const ALICE = [approval, slowCall, secondCall, countCall];

describe("the audit pages", () => {
  let worker: RunningWorker;
  let browser: TestBrowser;
  let page: Page;
  let viewerToken: string;

  signedInUiOnWorker("ui-audit-key", async (stack) => {
    ({ worker, browser, page } = stack);
    const toolset = await rest(worker.url, "POST", "/toolsets", { id: TOOLSET, name: "Audited tools" }, stack.admin);
    expect(toolset.status, JSON.stringify(toolset.body)).toBe(201);
    const tool = await rest(
      worker.url,
      "POST",
      `/toolsets/${TOOLSET}/tools`,
      {
        id: "count_nodes",
        name: "Count nodes",
        cypher: "MATCH (n) WHERE $label IN labels(n) RETURN count(n) AS nodes",
        parameters: [{ name: "label", type: "string" }],
      },
      stack.admin,
    );
    expect(tool.status, JSON.stringify(tool.body)).toBe(201);
    seedAuditEvents(worker, [countCall, failedCall, secondCall, slowCall, approval, ...paged]);
    viewerToken = await stack.idp.token("viewer");
    await signInWithToken(browser.context, await stack.idp.token("admin"));
  });

  const table = () => page.getByRole("table", { name: "Events" });
  const row = (event: AuditEvent) => table().locator(`tr[data-event-id="${event.event_id}"]`);
  const shownIds = () =>
    table()
      .locator("tbody tr")
      .evaluateAll((rows) => rows.map((each) => each.getAttribute("data-event-id")));

  async function openActivity(query = "") {
    await page.goto(`${worker.url}/activity${query}`);
    await page.getByRole("heading", { level: 1, name: "Activity" }).waitFor();
    await table().waitFor();
  }

  it("lists the recorded events, newest first, with who, client, kind, target, outcome, rows and duration", async () => {
    await openActivity();
    const nav = page.getByRole("navigation", { name: "Main" });
    expect(await nav.getByRole("link", { name: "Activity" }).getAttribute("aria-current")).toBe("page");
    await nav.getByRole("link", { name: "Usage" }).waitFor();
    const cells = await row(countCall).locator("th, td").allInnerTexts();
    expect(cells).toEqual([expect.any(String), "Alice Analyst (alice)", "claude-code 1.2.0", "tool call", TARGET, "ok", "3", "12 ms"]);
    expect(cells[0]).toBe(
      new Date(countCall.occurred_at).toLocaleString("en-GB", {
        timeZone: "UTC",
        month: "short",
        day: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
      }),
    );
    expect(await row(failedCall).getAttribute("data-outcome")).toBe("tool_error");
    const ids = await shownIds();
    expect(ids.indexOf(approval.event_id)).toBeLessThan(ids.indexOf(slowCall.event_id));
    expect(ids.indexOf(slowCall.event_id)).toBeLessThan(ids.indexOf(countCall.event_id));
    await screenshot(page, "audit-activity");
  });

  it("narrows the table by the filters, which stay in the address", async () => {
    await openActivity();
    const filters = page.getByRole("form", { name: "Filters" });
    await filters.getByLabel("Outcome").selectOption("tool_error");
    await filters.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/outcome=tool_error/);
    await expect.poll(shownIds).toEqual([failedCall.event_id]);

    // The address alone brings the filtered view back.
    await page.reload();
    await expect.poll(shownIds).toEqual([failedCall.event_id]);
    expect(await page.getByRole("form", { name: "Filters" }).getByLabel("Outcome").inputValue()).toBe("tool_error");

    await filters.getByLabel("Outcome").selectOption("");
    await filters.getByLabel("Principal").fill("alice");
    await filters.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL((url) => url.searchParams.get("principal") === "alice" && !url.searchParams.has("outcome"));
    await expect.poll(shownIds).toEqual(ALICE.map((event) => event.event_id));

    await filters.getByRole("button", { name: "Clear" }).click();
    await row(failedCall).waitFor();
    expect(new URL(page.url()).search).toBe("");
  });

  it("shows an empty state when nothing matches", async () => {
    await page.goto(`${worker.url}/activity?principal=nobody_${SUFFIX}`);
    await page.getByText("No events match.").waitFor();
    expect(await table().count()).toBe(0);
  });

  it("loads the next page with the cursor", async () => {
    await openActivity(`?target=${LOADED}`);
    expect(await table().locator("tbody tr").count()).toBe(50);
    await page.getByRole("button", { name: "Load more" }).click();
    await page.getByText("60 events shown, all that match").waitFor();
    const ids = await shownIds();
    expect(ids).toEqual([...paged].map((event) => event.event_id));
    expect(await page.getByRole("button", { name: "Load more" }).count()).toBe(0);
  });

  it("opens an event by keyboard in a drawer with its arguments, detail and links", async () => {
    await openActivity("?principal=alice");
    await row(countCall).getByRole("button").focus();
    await page.keyboard.press("Enter");
    const drawer = dialog(page);
    await drawer.getByRole("heading", { name: "Event" }).waitFor();
    await drawer.locator(`[data-event-id="${countCall.event_id}"]`).waitFor();
    expect(new URL(page.url()).searchParams.get("event")).toBe(countCall.event_id);
    expect(await drawer.getByRole("region", { name: "Arguments" }).innerText()).toContain('"label": "Host"');
    const related = drawer.getByRole("navigation", { name: "Related" });
    expect(await related.getByRole("link", { name: `tool ${TOOLSET}/count_nodes` }).getAttribute("href")).toBe(`/toolsets/${TOOLSET}/tools/count_nodes`);
    expect(await related.getByRole("link", { name: "version 1 (history)" }).getAttribute("href")).toBe(`/toolsets/${TOOLSET}/tools/count_nodes/history`);
    expect(await related.getByRole("link", { name: "every event of alice" }).getAttribute("href")).toBe("/activity?principal=alice");
    await screenshot(page, "audit-event-drawer");
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "detached" });
    expect(new URL(page.url()).searchParams.has("event")).toBe(false);

    // A decision links to its confirmation; the link opens the event's tool page from the drawer.
    await row(approval).getByRole("button").click();
    expect(await related.getByRole("link", { name: `confirmation ${CONFIRMATION}` }).getAttribute("href")).toBe(`/confirmations/${CONFIRMATION}`);
    expect(await drawer.getByRole("region", { name: "Detail" }).innerText()).toContain('"decided_by": "alice"');
    await page.keyboard.press("Escape");
    await row(countCall).getByRole("button").click();
    await related.getByRole("link", { name: `tool ${TOOLSET}/count_nodes` }).click();
    await page.getByRole("heading", { level: 1, name: "Count nodes" }).waitFor();
  });

  it("exports the matching events as CSV and as JSON Lines", async () => {
    await openActivity("?principal=alice");
    const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const csvText = readFileSync((await csv.path())!, "utf8");
    for (const event of ALICE) expect(csvText).toContain(event.event_id);
    expect(csvText).not.toContain(failedCall.event_id);

    const [jsonl] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export JSON Lines" }).click()]);
    expect(jsonl.suggestedFilename()).toMatch(/\.jsonl$/);
    const lines = readFileSync((await jsonl.path())!, "utf8")
      .trim()
      .split("\n");
    const exported = lines.map((line) => JSON.parse(line) as AuditEvent);
    expect(exported.map((event) => event.event_id).sort()).toEqual(ALICE.map((event) => event.event_id).sort());
    expect(exported.find((event) => event.event_id === countCall.event_id)?.detail).toEqual({ arguments: { label: "Host" } });
  });

  it("shows a tool's calls per hour, error rate, p50/p95 and top callers on its page", async () => {
    await page.goto(`${worker.url}/toolsets/${TOOLSET}/tools/count_nodes`);
    const usage = page.getByRole("region", { name: "Usage in the last 24 hours" });
    await usage.getByTestId("tool-usage").waitFor();
    const figure = (name: string) => usage.locator(`[data-figure="${name}"] dd`).innerText();
    expect(await figure("Calls")).toBe("3");
    expect(await figure("Error rate")).toBe("33.3% (1)");
    expect(await figure("p50")).toBe("20 ms");
    expect(await figure("p95")).toBe("250 ms");
    // Every hour of the day is in the chart; the tool's three calls and one error fall in one or two of them.
    const hours = (await usage.getByRole("img", { name: /^Calls per hour:/ }).getAttribute("aria-label"))!.split("; ");
    expect(hours.length).toBeGreaterThanOrEqual(24);
    const total = (pattern: RegExp) => hours.reduce((sum, hour) => sum + Number(pattern.exec(hour)?.[1]), 0);
    expect(total(/(\d+) calls/)).toBe(3);
    expect(total(/(\d+) errors/)).toBe(1);
    expect(await usage.getByRole("img", { name: /^Top callers:/ }).getAttribute("aria-label")).toBe("Top callers: Alice Analyst 2, bob 1");
    expect(await usage.getByRole("link", { name: "Activity" }).getAttribute("href")).toBe(`/activity?target=${TARGET}`);
    await screenshot(page, "audit-tool-usage");
  });

  it("shows the busiest and slowest tools and the hours with errors on the usage overview", async () => {
    await page.goto(`${worker.url}/usage`);
    await page.getByRole("heading", { level: 1, name: "Usage" }).waitFor();
    const busiest = page.getByRole("img", { name: /^Busiest tools/ });
    expect(await busiest.getAttribute("aria-label")).toMatch(new RegExp(`^Busiest tools \\(calls\\): ${LOADED} 60, ${TARGET} 3, ${OTHER} 1`));
    expect(await page.getByRole("img", { name: /^Slowest tools/ }).getAttribute("aria-label")).toMatch(
      new RegExp(`^Slowest tools \\(p95 ms\\): ${OTHER} 900, ${TARGET} 250`),
    );
    const spikes = page.getByRole("table", { name: "Hours with errors" });
    expect(await spikes.locator("tbody tr").count()).toBe(1);
    expect(await spikes.locator("tbody tr td").first().innerText()).toBe("1");
    await page.getByRole("img", { name: /^Calls per hour/ }).waitFor();
    await screenshot(page, "audit-usage");
    await page.getByRole("table", { name: "Calls per tool" }).getByRole("link", { name: TARGET }).click();
    await page.waitForURL((url) => url.pathname === "/activity" && url.searchParams.get("target") === TARGET);
    await expect.poll(shownIds).toEqual([secondCall, failedCall, countCall].map((event) => event.event_id));
  });

  it("shows neither the pages nor a tool's usage to a caller without audit:read", async () => {
    await page.goto(worker.url);
    await page.evaluate(
      (token) => sessionStorage.setItem("seizu.auth.token", JSON.stringify({ access_token: token, expires_at: Date.now() + 60_000 })),
      viewerToken,
    );
    await page.goto(`${worker.url}/toolsets/${TOOLSET}/tools/count_nodes`);
    await page.getByRole("heading", { level: 1, name: "Count nodes" }).waitFor();
    expect(await page.getByTestId("subject").innerText()).toBe("viewer");
    await page.getByRole("region", { name: "Definition" }).waitFor();
    expect(await page.getByRole("region", { name: "Usage in the last 24 hours" }).count()).toBe(0);
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "MCP Toolsets" }).waitFor();
    expect(await nav.getByRole("link", { name: "Activity" }).count()).toBe(0);
    expect(await nav.getByRole("link", { name: "Usage" }).count()).toBe(0);
    // The address typed in anyway: the server refuses, and the page says why.
    await page.goto(`${worker.url}/activity`);
    await page.getByText("You do not have permission to do this (needs audit:read).").waitFor();
  });

  it("raised no page errors", () => {
    expect(browser.problems).toEqual([]);
  });
});
