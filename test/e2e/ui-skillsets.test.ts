// The skillsets pages of the admin UI in Chromium against `wrangler dev` and the run's Neo4j: a
// skillset and a skill made in the UI (a template with a placeholder, a parameter, a trigger and
// required tools picked from the server's tools; a bad placeholder and an unknown tool refused at
// their fields first), read back over REST and served by MCP prompts/list and prompts/get; the
// live preview rendering through /render; an edit, its diff in the history and version 1
// restored; the skill switched off, which takes its prompt off MCP; deletion; and every page at
// the laptop and phone sizes without horizontal page scroll.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { LAPTOP, PHONE, screenshot, type TestBrowser } from "../support/browser";
import { connectV2 } from "../support/mcp-clients";
import { rest } from "../support/rest";
import { dialog, field, openMenu } from "../support/ui";
import { uiOnWorker } from "../support/ui-stack";
import type { RunningWorker } from "../support/worker";

const suffix = Date.now().toString(36);
const SKILLSET = `ui_skills_${suffix}`;
const TOOLSET = `ui_skill_tools_${suffix}`;
const TOOL = `${TOOLSET}__hosts`;
const PROMPT = `${SKILLSET}__triage`;
const TEMPLATE = "Triage the alert on {% $host %}.";

describe("admin UI: skillsets", () => {
  let worker: RunningWorker;
  let browser: TestBrowser;
  let page: Page;

  uiOnWorker(async (stack) => {
    ({ worker, browser, page } = stack);
    expect((await rest(worker.url, "POST", "/toolsets", { id: TOOLSET, name: "Skill tools" })).status).toBe(201);
    const tool = await rest(worker.url, "POST", `/toolsets/${TOOLSET}/tools`, { id: "hosts", name: "Hosts", cypher: "RETURN 1 AS one" });
    expect(tool.status, JSON.stringify(tool.body)).toBe(201);
  });

  const skillsetPage = () => `${worker.url}/skillsets/${SKILLSET}`;
  const skillPage = () => `${skillsetPage()}/skills/triage`;
  const prompts = async () => (await (await connectV2(`${worker.url}/api/v1/mcp`)).listPrompts()).prompts;

  /** The page at both sizes: no horizontal page scroll, and a screenshot of each. */
  async function atBothSizes(name: string, ready: () => Promise<unknown>) {
    for (const [size, viewport] of [
      ["laptop", LAPTOP],
      ["phone", PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      await ready();
      await screenshot(page, `${size}-${name}`);
      const overflowing = await page.evaluate(() =>
        document.documentElement.scrollWidth <= document.documentElement.clientWidth
          ? []
          : [...document.querySelectorAll("main *")]
              .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth)
              .map((element) => `${element.tagName}.${element.className}`),
      );
      expect(overflowing, `${size} ${name}`).toEqual([]);
    }
    await page.setViewportSize(LAPTOP);
  }

  it("creates a skillset from the navigation", async () => {
    await page.goto(`${worker.url}/`);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Skillsets" }).click();
    await page.getByRole("heading", { level: 1, name: "Skillsets" }).waitFor();
    await page.getByText("No skillsets yet.").waitFor();
    await page.getByRole("button", { name: "New skillset" }).click();
    const form = dialog(page);
    await field(form, "id").locator("input").fill(SKILLSET);
    await field(form, "name").locator("input").fill("Incident skills");
    await field(form, "description").locator("textarea").fill("Prompts for the on-call person");
    await form.getByRole("button", { name: "Create skillset" }).click();
    await page.getByRole("heading", { level: 1, name: "Incident skills" }).waitFor();
    expect(page.url()).toBe(skillsetPage());
    const stored = await rest(worker.url, "GET", `/skillsets/${SKILLSET}`);
    expect(stored.body).toMatchObject({ id: SKILLSET, name: "Incident skills", description: "Prompts for the on-call person", enabled: true, version: 1 });
  });

  it("refuses a placeholder naming no parameter and an unknown tool at their fields", async () => {
    await page.getByRole("button", { name: "New skill" }).click();
    const form = dialog(page);
    await field(form, "id").locator("input").fill("triage");
    await field(form, "name").locator("input").fill("Triage");
    await form.locator('[data-field="template"] .cm-content').click();
    await page.keyboard.insertText(TEMPLATE);
    // The placeholder is marked as unknown while no parameter has its name.
    await form.locator(".cm-template-placeholder.unknown").waitFor();
    await form.getByLabel("Tool to require").fill("nowhere__tool");
    await form.getByRole("button", { name: "Add tool" }).click();
    await form.getByRole("button", { name: "Create skill" }).click();
    await field(form, "template")
      .locator(".field-error")
      .getByText(/\{% \$host %\}, which is not a parameter of this skill/)
      .waitFor();
    expect(await field(form, "tools_required").locator(".field-error").innerText()).toContain("nowhere__tool: Names nowhere__tool, which is neither");
    expect(await field(form, "template").locator(".cm-lintRange-error").innerText()).toBe("{% $host %}");
    expect((await rest(worker.url, "GET", `/skillsets/${SKILLSET}/skills/triage`)).status).toBe(404);
  });

  it("creates the skill with a parameter, a trigger and tools picked from the server's", async () => {
    const form = dialog(page);
    await form.getByRole("button", { name: "+ Add parameter" }).click();
    await field(form, "parameters.0.name").locator("input").fill("host");
    await field(form, "parameters.0.description").locator("input").fill("The alerting host");
    await form.getByRole("checkbox", { name: "Required" }).check();
    await form.locator(".cm-template-placeholder:not(.unknown)").waitFor();
    await form.getByRole("button", { name: "+ Add trigger" }).click();
    await form.getByRole("textbox", { name: "Trigger 1" }).fill("triage an alert");
    await form.getByRole("button", { name: "Remove tool nowhere__tool" }).click();
    // The picker offers the server's tools, user-defined and built-in.
    const offered = await form.locator("datalist option").evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(offered).toEqual(expect.arrayContaining([TOOL, "graph__query"]));
    for (const tool of [TOOL, "graph__query"]) {
      await form.getByLabel("Tool to require").fill(tool);
      await form.getByRole("button", { name: "Add tool" }).click();
    }
    expect(await form.getByRole("list", { name: "Required tools" }).getByRole("listitem").allInnerTexts()).toEqual([
      expect.stringContaining(TOOL),
      expect.stringContaining("graph__query"),
    ]);
    await atBothSizes("skill-form", () => field(form, "template").scrollIntoViewIfNeeded());
    await form.getByRole("button", { name: "Create skill" }).click();
    await page.getByRole("heading", { level: 1, name: "Triage" }).waitFor();
    expect(page.url()).toBe(skillPage());

    const stored = (await rest(worker.url, "GET", `/skillsets/${SKILLSET}/skills/triage`)).body;
    expect(stored).toMatchObject({
      prompt_name: PROMPT,
      template: TEMPLATE,
      parameters: [{ name: "host", type: "string", required: true, description: "The alerting host" }],
      triggers: ["triage an alert"],
      tools_required: [TOOL, "graph__query"],
      enabled: true,
      version: 1,
    });
  });

  it("serves the skill as an MCP prompt", async () => {
    const client = await connectV2(`${worker.url}/api/v1/mcp`);
    const listed = (await client.listPrompts()).prompts.find((prompt) => prompt.name === PROMPT);
    expect(listed?.arguments).toEqual([expect.objectContaining({ name: "host", required: true })]);
    const got = await client.getPrompt({ name: PROMPT, arguments: { host: "web-1" } });
    expect(JSON.stringify(got.messages)).toContain("Triage the alert on web-1.");
  });

  it("previews the rendered prompt as the arguments are filled, with the server's refusal at its field", async () => {
    const preview = page.getByRole("region", { name: "Preview" });
    await field(preview, "arguments.host").getByText("Is required (string)").waitFor();
    await preview.getByLabel("host").fill("db-7");
    const rendered = preview.getByRole("region", { name: "Rendered prompt" });
    await rendered.getByText("Triage the alert on db-7.").waitFor();
    expect(await field(preview, "arguments.host").locator(".field-error").count()).toBe(0);
    expect(await page.getByRole("list", { name: "Triggers" }).innerText()).toBe("triage an alert");
    await atBothSizes("skill", () => rendered.getByText("Triage the alert on db-7.").waitFor());
  });

  it("edits the skill, shows the change in its history and restores version 1", async () => {
    const menu = await openMenu(page, "Actions for skill Triage");
    await menu.getByRole("menuitem", { name: "Edit" }).click();
    const form = dialog(page);
    const editor = form.locator('[data-field="template"] .cm-content');
    await editor.click();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.insertText("Look into {% $host %} first.");
    await field(form, "comment").locator("input, textarea").fill("Shorter");
    await form.getByRole("button", { name: "Save changes" }).click();
    await form.waitFor({ state: "detached" });
    expect((await rest(worker.url, "GET", `/skillsets/${SKILLSET}/skills/triage`)).body).toMatchObject({
      template: "Look into {% $host %} first.",
      version: 2,
    });

    await page.getByRole("link", { name: "history" }).click();
    await page.getByRole("heading", { level: 1, name: "History of Triage" }).waitFor();
    await page.getByRole("button", { name: "Compare version 1 with the current version" }).click();
    const diff = page.getByLabel("Diff of version 1 against the current version");
    await diff.waitFor();
    expect(await diff.innerText()).toContain("Triage the alert on {% $host %}.");
    expect(await diff.innerText()).toContain("Look into {% $host %} first.");
    await atBothSizes("skill-history", () => diff.waitFor());

    await page.getByRole("button", { name: "Restore version 1" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Restore version 1" }).click();
    await page.getByRole("status").getByText("Restored version 1 as version 3.").waitFor();
    expect((await rest(worker.url, "GET", `/skillsets/${SKILLSET}/skills/triage`)).body).toMatchObject({ template: TEMPLATE, version: 3 });
  });

  it("lists the skillset with its skill count, and the skill on the skillset's page", async () => {
    await page.goto(`${worker.url}/skillsets`);
    const row = page.locator("main table tbody tr", { hasText: SKILLSET });
    await row.getByRole("cell", { name: "1", exact: true }).waitFor();
    expect(await row.getByRole("switch", { name: "Skillset Incident skills enabled" }).isChecked()).toBe(true);
    await atBothSizes("skillsets", () => row.getByRole("cell", { name: "1", exact: true }).waitFor());
    await page.getByRole("link", { name: "Incident skills" }).click();
    const skills = page.getByRole("table", { name: "Skills of Incident skills" });
    const skill = skills.locator("tbody tr", { hasText: "Triage" });
    await skill.getByRole("link", { name: "Triage" }).waitFor();
    expect(await skill.innerText()).toContain(PROMPT);
    await atBothSizes("skillset", () => skill.getByRole("switch", { name: "Skill Triage enabled" }).waitFor());
  });

  it("switches the skill off, which takes its prompt off MCP", async () => {
    expect((await prompts()).map((prompt) => prompt.name)).toContain(PROMPT);
    const toggle = page.getByRole("switch", { name: "Skill Triage enabled" });
    await toggle.click();
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[aria-label="Skill Triage enabled"]')?.checked === false);
    expect((await rest(worker.url, "GET", `/skillsets/${SKILLSET}/skills/triage`)).body).toMatchObject({ enabled: false, version: 4 });
    expect((await prompts()).map((prompt) => prompt.name)).not.toContain(PROMPT);
  });

  it("deletes the skill, then the skillset", async () => {
    let menu = await openMenu(page, "Actions for skill Triage");
    await menu.getByRole("menuitem", { name: "Delete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete skill" }).click();
    await page.getByText("No skills in this skillset yet.").waitFor();
    expect((await rest(worker.url, "GET", `/skillsets/${SKILLSET}/skills/triage`)).status).toBe(404);

    menu = await openMenu(page, "Actions for skillset Incident skills");
    await menu.getByRole("menuitem", { name: "Delete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete skillset" }).click();
    await page.getByRole("heading", { level: 1, name: "Skillsets" }).waitFor();
    await page.getByText("No skillsets yet.").waitFor();
    expect((await rest(worker.url, "GET", `/skillsets/${SKILLSET}`)).status).toBe(404);
  });

  it("raised no page errors", () => {
    expect(browser.problems).toEqual([]);
  });
});
