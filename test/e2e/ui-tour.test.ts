// Every page of the admin UI at the laptop and the phone size, with real data behind it: each
// page shows its heading, finishes loading without an error state, never scrolls the page
// sideways on a 390 px phone, and leaves a screenshot per size in test-artifacts/screenshots/
// (tour-laptop-<page>.png, tour-phone-<page>.png). The pages' own behaviour is tested in the
// other ui-*.test.ts files; this one is the walk a reviewer takes through all of them.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
// @ts-expect-error plain ESM helpers shared with npm start
import { tickCron } from "../../scripts/lib/wrangler-dev.mjs";
import { LAPTOP, PHONE, screenshot, type TestBrowser } from "../support/browser";
import { base64, pluginZip, skillMarkdown } from "../support/plugin-zip";
import { summarise } from "../support/skills";
import { rest } from "../support/rest";
import { uiOnWorker } from "../support/ui-stack";
import type { RunningWorker } from "../support/worker";

const suffix = Date.now().toString(36);
const TOOLSET = `tour_${suffix}`;
const PLUGIN = `tour_plugin_${suffix}`;
const SKILLSET = `tour_skills_${suffix}`;

/** A report with a panel of each kind a page draws differently: a number, a table with a list, a graph and markdown. */
const TOUR_REPORT = {
  rows: [
    {
      name: "Overview",
      panels: [
        { type: "markdown", caption: "About", markdown: "The **tour** report.", w: 4 },
        { type: "count", caption: "Nodes", cypher: "MATCH (n) RETURN count(n) AS total", w: 4 },
        { type: "bar", caption: "Squares", cypher: "UNWIND range(1, 4) AS n RETURN toString(n) AS id, n * n AS value", w: 4 },
      ],
    },
    {
      name: "Details",
      panels: [
        {
          type: "table",
          caption: "Numbers",
          cypher: "UNWIND range(1, 8) AS n RETURN n, n * n AS square, [x IN range(1, n) | 'tag-' + toString(x)] AS tags",
          w: 6,
        },
        {
          type: "graph",
          caption: "A small graph",
          cypher: `RETURN [x IN range(1, 12) | {id: toString(x), label: CASE WHEN x % 3 = 0 THEN 'Hub' ELSE 'Leaf' END, name: 'node-' + toString(x)}] AS nodes,
                  [x IN range(2, 12) | {source: toString(x), target: toString(x / 3 + 1), type: 'LINKS'}] AS links`,
          graph_settings: { node_label: "name", node_color_by: "label" },
          w: 6,
        },
      ],
    },
  ],
};

interface Stop {
  /** Names the screenshots. */
  name: string;
  path: string;
  /** The page's level-1 heading once it has loaded. */
  heading: string | RegExp;
}

/**
 * Runs in the page: undefined when the page does not scroll sideways; otherwise the widths and
 * the outermost elements reaching past the viewport's right edge, to say what to fix.
 */
function overflowOf(): string | undefined {
  const { scrollWidth, clientWidth } = document.documentElement;
  if (scrollWidth <= clientWidth) return undefined;
  const name = (element: Element) =>
    `${element.tagName.toLowerCase()}${element.className && typeof element.className === "string" ? `.${element.className.trim().split(/\s+/).join(".")}` : ""}`;
  const past = [...document.querySelectorAll("body *")].filter((element) => element.getBoundingClientRect().right > clientWidth + 1);
  const outermost = past.filter((element) => !past.includes(element.parentElement as Element));
  return `${scrollWidth} > ${clientWidth} (${outermost.slice(0, 3).map(name).join(", ")})`;
}

describe("admin UI tour: every page at both sizes", () => {
  let worker: RunningWorker;
  let browser: TestBrowser;
  let page: Page;
  const stops: Stop[] = [];

  async function created(path: string, body: unknown) {
    const answer = await rest(worker.url, "POST", path, body);
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    return answer.body;
  }

  /** The id of the workflow's first run, once the scheduler has started it. */
  async function firstRun(workflowId: string): Promise<string> {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const [run] = (await rest(worker.url, "GET", `/workflows/${workflowId}/runs`)).body.runs as { run_id: string; status: string }[];
      if (run && run.status !== "queued" && run.status !== "running") return run.run_id;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`no run of ${workflowId} finished within 30 s`);
  }

  uiOnWorker(async (stack) => {
    ({ worker, browser, page } = stack);
    await created("/toolsets", { id: TOOLSET, name: "Tour toolset", description: "Tools the tour opens." });
    await created(`/toolsets/${TOOLSET}/tools`, {
      id: "by_label",
      name: "Nodes by label",
      description: "Counts the nodes of one label.",
      cypher: "MATCH (n) WHERE $label IN labels(n) RETURN count(n) AS nodes",
      parameters: [{ name: "label", type: "string", required: true, description: "A node label." }],
    });
    const role = await created("/roles", { name: "Tour auditors", permissions: ["reports:read", "tools:read"] });
    const report = (await created("/reports", { name: "Tour overview" })).report_id as string;
    await created(`/reports/${report}/versions`, { config: TOUR_REPORT });
    expect((await rest(worker.url, "PUT", `/reports/${report}/visibility`, { access: { scope: "public" } })).status).toBe(200);
    expect((await rest(worker.url, "PUT", `/reports/${report}/dashboard`)).status).toBe(200);
    const space = await created("/spaces", { name: "Tour space" });
    expect((await rest(worker.url, "PUT", `/reports/${report}/space`, { space_id: space.space_id })).status).toBe(200);
    const workflow = await created("/workflows", {
      name: "Tour squares",
      stages: [
        { activities: [{ type: "query", output: "squares", parameters: { cypher: "UNWIND range(1, 3) AS n RETURN {n: n, square: n * n} AS details" } }] },
      ],
    });
    await created(`/workflows/${workflow.workflow_id}/run`, {});
    await tickCron(worker.url);
    const runId = await firstRun(workflow.workflow_id);
    const scheduled = await created("/scheduled-queries", {
      name: "Tour nightly count",
      cypher: "MATCH (n) RETURN {nodes: count(n)} AS details",
      schedule: { type: "daily", days_of_week: [1], hour: 2, minute: 0 },
      actions: [{ action_type: "log", action_config: { log_attrs: ["nodes"] } }],
    });
    await created("/skillsets", { id: SKILLSET, name: "Tour skills", description: "Prompts the tour opens." });
    await created(`/skillsets/${SKILLSET}/skills`, { id: "summarise", ...summarise, tools_required: ["graph__query"] });
    const skills = { triage: skillMarkdown("triage", "Triage an alert", "# Triage\n\nLook at the alert, then decide.\n") };
    await created("/plugins/install", { package_base64: base64(pluginZip({ id: PLUGIN, name: "Tour kit", skills })) });

    stops.push(
      { name: "dashboard", path: "/", heading: "Tour overview" },
      { name: "reports", path: "/reports", heading: "Reports" },
      { name: "report", path: `/reports/${report}`, heading: "Tour overview" },
      { name: "report-edit", path: `/reports/${report}/edit`, heading: /Tour overview/ },
      { name: "report-history", path: `/reports/${report}/history`, heading: /History/ },
      { name: "spaces", path: "/spaces", heading: "Spaces" },
      { name: "space", path: `/spaces/${space.space_id}`, heading: "Tour space" },
      { name: "console", path: "/console", heading: "Query console" },
      { name: "connect", path: "/connect", heading: "Connect an agent" },
      { name: "approvals", path: "/approvals", heading: "Approvals" },
      { name: "activity", path: "/activity", heading: "Activity" },
      { name: "usage", path: "/usage", heading: "Usage" },
      { name: "toolsets", path: "/toolsets", heading: "MCP Toolsets" },
      { name: "toolset", path: `/toolsets/${TOOLSET}`, heading: "Tour toolset" },
      { name: "toolset-history", path: `/toolsets/${TOOLSET}/history`, heading: /History/ },
      { name: "tool", path: `/toolsets/${TOOLSET}/tools/by_label`, heading: "Nodes by label" },
      { name: "tool-history", path: `/toolsets/${TOOLSET}/tools/by_label/history`, heading: /History/ },
      { name: "builtin-toolset", path: "/toolsets/seizu", heading: /Seizu/i },
      { name: "builtin-tool", path: "/toolsets/seizu/tools/graph__query", heading: /\S/ },
      { name: "skillsets", path: "/skillsets", heading: "Skillsets" },
      { name: "skillset", path: `/skillsets/${SKILLSET}`, heading: "Tour skills" },
      { name: "skillset-history", path: `/skillsets/${SKILLSET}/history`, heading: /History/ },
      { name: "skill", path: `/skillsets/${SKILLSET}/skills/summarise`, heading: "Summarise a host" },
      { name: "skill-history", path: `/skillsets/${SKILLSET}/skills/summarise/history`, heading: /History/ },
      { name: "roles", path: "/roles", heading: "Roles" },
      { name: "role-history", path: `/roles/${role.id}/history`, heading: /History/ },
      { name: "plugins", path: "/plugins", heading: "Plugins" },
      { name: "plugin", path: `/plugins/${PLUGIN}`, heading: "Tour kit" },
      { name: "plugin-skill", path: `/plugins/${PLUGIN}/skills/triage`, heading: /triage/ },
      { name: "workflows", path: "/workflows", heading: "Workflows" },
      { name: "workflow-new", path: "/workflows/new", heading: "New workflow" },
      { name: "workflow", path: `/workflows/${workflow.workflow_id}`, heading: "Tour squares" },
      { name: "workflow-edit", path: `/workflows/${workflow.workflow_id}/edit`, heading: /Tour squares/ },
      { name: "workflow-run", path: `/workflows/${workflow.workflow_id}/runs/${encodeURIComponent(runId)}`, heading: /Run/ },
      { name: "scheduled-query-new", path: "/scheduled-queries/new", heading: "New scheduled query" },
      { name: "scheduled-query-edit", path: `/scheduled-queries/${scheduled.scheduled_query_id}/edit`, heading: /Tour nightly count/ },
      { name: "not-found", path: "/no/such/page", heading: "Page not found" },
    );
  });

  /** Opens a page and waits until its heading is shown and nothing on it is still loading. */
  async function visit(stop: Stop) {
    await page.goto(`${worker.url}${stop.path}`);
    await page.getByRole("heading", { level: 1, name: stop.heading }).first().waitFor();
    await page.waitForFunction(() => document.querySelector('main [data-state="loading"], main .state.loading') === null);
  }

  for (const [size, viewport] of [
    ["laptop", LAPTOP],
    ["phone", PHONE],
  ] as const) {
    it(`shows every page at the ${size} size without sideways scrolling or a failed load`, async () => {
      await page.setViewportSize(viewport);
      const wide: string[] = [];
      const failed: string[] = [];
      for (const stop of stops) {
        await visit(stop);
        const overflow = await page.evaluate(overflowOf);
        if (overflow) wide.push(`${stop.name}: ${overflow}`);
        const errors = await page.locator('main [data-state="error"], main .state.error').allInnerTexts();
        if (errors.length > 0) failed.push(`${stop.name}: ${errors.join(" | ")}`);
        await screenshot(page, `tour-${size}-${stop.name}`);
      }
      expect(wide).toEqual([]);
      expect(failed).toEqual([]);
      expect(browser.problems).toEqual([]);
    });
  }
});
