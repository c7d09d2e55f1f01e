// The query console (/console) in Chromium against `wrangler dev` and the run's Neo4j, signed in
// through the OpenID provider: a query with a parameter read back as table rows and as a graph,
// the plan, the read-only validation as you type, completion from the graph's schema, the
// caller's history (read back over REST), Save as tool (read back over REST and MCP), and the
// page hidden from a caller without query:execute.
import neo4j from "neo4j-driver";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { LAPTOP, PHONE, screenshot, signInWithToken, type TestBrowser } from "../support/browser";
import { connectV2 } from "../support/mcp-clients";
import { rest } from "../support/rest";
import { signedInUiOnWorker } from "../support/ui-stack";
import { dialog, field, rowsOf } from "../support/ui";
import type { RunningWorker } from "../support/worker";

// Labels of this file's own, so its counts hold in the run's shared database.
const SUFFIX = crypto.randomUUID().replaceAll("-", "").slice(0, 10);
const HOST = `ConsoleHost${SUFFIX}`;
const SERVICE = `ConsoleService${SUFFIX}`;
const RUNS = `RUNS_${SUFFIX.toUpperCase()}`;
const TOOLSET = "console_tools";
const QUERY = `MATCH (h:${HOST})-[r:${RUNS}]->(s:${SERVICE})\nWHERE h.rank >= $min\nRETURN h.name AS name, h, r, s\nORDER BY name`;

describe("the query console", () => {
  let worker: RunningWorker;
  let browser: TestBrowser;
  let page: Page;
  let admin: { authorization: string };
  let readerToken: string;

  signedInUiOnWorker(
    "ui-console-key",
    async (stack) => {
      ({ worker, browser, page, admin } = stack);
      const { url, user, password, boltUrl } = inject("neo4j");
      const driver = neo4j.driver(boltUrl || url.replace(/^http/, "bolt"), neo4j.auth.basic(user, password));
      try {
        await driver.executeQuery(
          `CREATE (s:${SERVICE} {name: "billing"})
           WITH s UNWIND [["alpha", 1], ["beta", 2], ["gamma", 3]] AS host
           CREATE (:${HOST} {name: host[0], rank: host[1]})-[:${RUNS}]->(s)`,
        );
      } finally {
        await driver.close();
      }
      const role = await rest(worker.url, "POST", "/roles", { id: "console-less", permissions: ["toolsets:read", "tools:read", "reports:read"] }, admin);
      expect(role.status, JSON.stringify(role.body)).toBe(201);
      const toolset = await rest(worker.url, "POST", "/toolsets", { id: TOOLSET, name: "Console tools" }, admin);
      expect(toolset.status, JSON.stringify(toolset.body)).toBe(201);
      // A fresh Neo4j plans its first queries slowly: warm it up (through routes that keep no history),
      // so the console's checks answer within their time limit.
      for (const cypher of [QUERY, `MATCH (h:${HOST}) CREATE (c:Copy) RETURN c`])
        expect((await rest(worker.url, "POST", "/graph/validate", { cypher }, admin)).status).toBe(200);
      expect((await rest(worker.url, "POST", "/graph/query", { cypher: QUERY, parameters: { min: 2 } }, admin)).status).toBe(200);
      readerToken = await stack.idp.token("reader");
      await signInWithToken(browser.context, await stack.idp.token("admin"));
    },
    [{ clientId: "reader", roles: ["console-less"] }],
  );

  const editor = () => page.locator('main [data-field="cypher"] .cm-content');
  const results = () => page.getByRole("region", { name: "Results" });
  const history = () => page.getByRole("region", { name: "History" });
  const run = () => page.getByRole("button", { name: "Run", exact: true });

  /** Replaces the console's Cypher as a person pastes it (no completion popping up). */
  async function setQuery(text: string) {
    await editor().click();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.insertText(text);
  }

  /** Opens the console with QUERY and its parameter $min set to `value` (JSON, as typed). */
  async function openWithQuery(value: string) {
    await page.goto(`${worker.url}/console`);
    await page.getByRole("heading", { level: 1, name: "Query console" }).waitFor();
    await setQuery(QUERY);
    await page.getByRole("button", { name: "+ Add parameter" }).click();
    const parameter = page.getByRole("group", { name: "Parameter 1" });
    await parameter.getByLabel("Name").fill("min");
    await parameter.getByLabel(/^Value/).fill(value);
    return parameter;
  }

  async function myHistory() {
    const listed = await rest(worker.url, "GET", "/query-history?per_page=100", undefined, admin);
    expect(listed.status).toBe(200);
    return listed.body.items as { history_id: string; query: string }[];
  }

  it("runs a query with a typed parameter and shows its rows as a table, then as a graph", async () => {
    const parameter = await openWithQuery("two");
    expect(await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Query console" }).getAttribute("aria-current")).toBe("page");
    // Not JSON: the row says how to write it, and nothing runs.
    await parameter.getByText('Not JSON: write text in double quotes ("two").').waitFor();
    expect(await run().isDisabled()).toBe(true);
    await parameter.getByLabel(/^Value/).fill("2");
    await parameter.getByText("integer").waitFor();
    await page.getByText("Read-only and valid; uses $min.").waitFor();
    await run().click();

    await results().getByText("2 rows in").waitFor();
    const rows = await rowsOf(page, results());
    expect(rows.map((row) => row.split("\t")[0])).toEqual(["beta", "gamma"]);
    expect(rows[0]).toContain('"rank":2');

    await results().getByRole("button", { name: "Graph" }).click();
    const graph = results().getByRole("img", { name: /nodes and/ });
    await graph.waitFor();
    // beta and gamma, the service they run on, and their two links.
    expect(await graph.getAttribute("data-nodes")).toBe("3");
    expect(await graph.getAttribute("data-links")).toBe("2");
    expect(await graph.getAttribute("aria-label")).toBe("Query results: 3 nodes and 2 links");
    expect(await graph.textContent()).toMatch(/beta[\s\S]*gamma|gamma[\s\S]*beta/);
    expect(await results().getByRole("button", { name: "Graph" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("records the run in the caller's history, as GET /query-history reads it back", async () => {
    const entries = await myHistory();
    expect(entries[0]?.query).toBe(QUERY);
    await history()
      .getByRole("button", { name: /Delete the history entry MATCH/ })
      .first()
      .waitFor();
    expect(await history().getByRole("listitem").count()).toBe(entries.length);
  });

  it("shows the plan on request", async () => {
    await page.getByRole("button", { name: "Explain" }).click();
    const plan = page.getByRole("region", { name: "Plan" });
    const operators = plan.getByRole("list", { name: "Plan operators" });
    await operators.waitFor();
    // Every operator of the plan Neo4j gives for the query, with its estimate.
    const explained = await rest(worker.url, "POST", "/graph/explain", { cypher: QUERY }, admin);
    expect(explained.status).toBe(200);
    const operatorsOf = (plan: { operatorType: string; children?: unknown[] }): string[] => [
      plan.operatorType.replace(/@.*$/, ""),
      ...(plan.children ?? []).flatMap((child) => operatorsOf(child as typeof plan)),
    ];
    const expected = operatorsOf(explained.body.plan);
    expect(expected).toContain("ProduceResults");
    expect(await operators.locator(".plan-operator strong").allInnerTexts()).toEqual(expected);
    expect(await operators.innerText()).toMatch(/≈ \d+ rows/);
    await screenshot(page, "laptop-console");
    await plan.getByRole("button", { name: "Hide plan" }).click();
    expect(await plan.count()).toBe(0);
  });

  it("marks a write as you type it, where it is, and refuses to run it", async () => {
    const before = (await myHistory()).length;
    await setQuery(`MATCH (h:${HOST}) CREATE (c:Copy) RETURN c`);
    const alert = page.locator('main [data-field="cypher"] .console-validation [role="alert"]');
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(/CREATE/);
    expect(await alert.innerText()).toContain(`Line 1, column ${`MATCH (h:${HOST}) `.length + 1}`);
    const marker = page.locator('main [data-field="cypher"] .cm-lintRange-error');
    await marker.first().waitFor();
    expect(await marker.first().innerText()).toBe("CREATE");
    expect(await run().isDisabled()).toBe(true);
    // Ctrl+Enter is refused too: nothing ran, nothing was recorded.
    await editor().press("ControlOrMeta+Enter");
    await page.waitForTimeout(300);
    expect((await myHistory()).length).toBe(before);
    expect(await editor().innerText()).toContain("CREATE (c:Copy)");
  });

  it("completes a label of the graph from its schema, and runs on Ctrl+Enter", async () => {
    await setQuery("");
    await editor().click();
    await page.keyboard.type(`MATCH (h:ConsoleHost${SUFFIX.slice(0, 3)}`);
    const option = page.locator(".cm-tooltip-autocomplete").getByText(`:${HOST}`, { exact: true });
    await option.waitFor();
    // CodeMirror ignores a pick within its interactionDelay (75 ms) of the list changing.
    await page.waitForTimeout(300);
    await option.click();
    await page.keyboard.type(") RETURN count(h) AS hosts");
    expect(await editor().innerText()).toContain(`MATCH (h:${HOST}) RETURN count(h) AS hosts`);
    await page.getByText("Read-only and valid.").waitFor();
    await editor().press("ControlOrMeta+Enter");
    await results().getByText("1 row in").waitFor();
    // The view chosen last stays: this count is no graph.
    await results().getByText("The query returned no nodes.").waitFor();
    await results().getByRole("button", { name: "Table" }).click();
    expect(await rowsOf(page, results())).toEqual(["3"]);
  });

  it("loads a history entry into the editor and deletes it", async () => {
    const entries = await myHistory();
    const first = entries.find((entry) => entry.query === QUERY)!;
    expect(first).toBeDefined();
    await setQuery("RETURN 1 AS one");
    await history()
      .getByRole("button", { name: QUERY.replaceAll("\n", " "), exact: true })
      .click();
    await page.waitForFunction((query) => document.querySelector('main [data-field="cypher"] .cm-content')?.textContent === query.replaceAll("\n", ""), QUERY);
    expect(await editor().innerText()).toBe(QUERY);

    const item = history().getByRole("listitem").filter({ hasText: `RETURN h.name AS name` });
    await item.getByRole("button", { name: /^Delete the history entry/ }).click();
    await item.waitFor({ state: "detached" });
    expect((await myHistory()).some((entry) => entry.history_id === first.history_id)).toBe(false);
    expect((await rest(worker.url, "GET", `/query-history/${first.history_id}`, undefined, admin)).status).toBe(404);
  });

  it("saves the query as a tool that MCP clients then list", async () => {
    await page.getByRole("button", { name: "Save as tool" }).click();
    const form = dialog(page);
    await form.getByRole("heading", { name: "Save as tool" }).waitFor();
    await form.getByLabel("Toolset").selectOption(TOOLSET);
    await field(form, "id").locator("input").fill("hosts_from");
    await field(form, "name").locator("input").fill("Hosts from a rank");
    expect(await field(form, "cypher").locator(".cm-content").innerText()).toBe(QUERY);
    const parameter = form.getByRole("group", { name: "Parameter 1" });
    expect(await parameter.getByLabel("Name").inputValue()).toBe("min");
    expect(await parameter.getByLabel("Type").inputValue()).toBe("integer");
    expect(await parameter.getByLabel("Default").inputValue()).toBe("2");
    await screenshot(page, "laptop-console-save-as-tool");
    await form.getByRole("button", { name: "Create tool" }).click();
    await page.getByRole("status").filter({ hasText: "Saved the tool" }).getByRole("link", { name: "Hosts from a rank" }).waitFor();

    const saved = await rest(worker.url, "GET", `/toolsets/${TOOLSET}/tools/hosts_from`, undefined, admin);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ cypher: QUERY, parameters: [{ name: "min", type: "integer", default: 2, required: false }] });
    const client = await connectV2(`${worker.url}/api/v1/mcp`, { headers: admin });
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain(`${TOOLSET}__hosts_from`);
    } finally {
      await client.close();
    }
  });

  it("fits a phone without horizontal scrolling", async () => {
    await page.setViewportSize(PHONE);
    try {
      await openWithQuery("1");
      await page.getByText("Read-only and valid; uses $min.").waitFor();
      await run().click();
      await results().getByText("3 rows in").waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      await screenshot(page, "phone-console");
      await results().getByRole("button", { name: "Graph" }).click();
      await results()
        .getByRole("img", { name: /nodes and/ })
        .waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      await screenshot(page, "phone-console-graph");
    } finally {
      await page.setViewportSize(LAPTOP);
    }
  });

  it("is neither listed nor usable for a caller without query:execute", async () => {
    expect((await rest(worker.url, "POST", "/query/adhoc", { query: "RETURN 1" }, { authorization: `Bearer ${readerToken}` })).status).toBe(403);
    await page.evaluate(
      (token) => sessionStorage.setItem("seizu.auth.token", JSON.stringify({ access_token: token, expires_at: Date.now() + 60_000 })),
      readerToken,
    );
    await page.goto(`${worker.url}/console`);
    await page.getByText("The query console needs the query:execute permission").waitFor();
    expect(await page.getByTestId("subject").innerText()).toBe("reader");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Reports" }).waitFor();
    expect(await nav.getByRole("link", { name: "Query console" }).count()).toBe(0);
    expect(await page.locator("main .cm-content").count()).toBe(0);
  });

  it("raised no page errors", () => {
    expect(browser.problems).toEqual([]);
  });
});
