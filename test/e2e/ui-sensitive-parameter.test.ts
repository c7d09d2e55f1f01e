// A tool parameter marked sensitive in the admin UI's tool form: the mark is saved with the tool
// and shown on the tool's page.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { LAPTOP } from "../support/browser";
import { rest } from "../support/rest";
import { uiOnWorker } from "../support/ui-stack";
import { dialog, field, setCypher } from "../support/ui";
import type { RunningWorker } from "../support/worker";

const TOOLSET = `ui_sensitive_${Date.now().toString(36)}`;

describe("a sensitive tool parameter in the admin UI", () => {
  let worker: RunningWorker;
  let page: Page;

  uiOnWorker((stack) => ({ worker, page } = stack), { browser: { viewport: LAPTOP } });

  it("is marked in the tool form, saved with the tool and shown on its page", async () => {
    expect((await rest(worker.url, "POST", "/toolsets", { id: TOOLSET, name: "Sensitive" })).status).toBe(201);
    await page.goto(`${worker.url}/toolsets/${TOOLSET}`);
    await page.getByRole("button", { name: "New tool" }).click();
    const form = dialog(page);
    await field(form, "id").locator("input").fill("lookup");
    await field(form, "name").locator("input").fill("Lookup");
    await form.getByRole("button", { name: "+ Add parameter" }).click();
    const parameter = form.locator("fieldset.parameter-row").first();
    await parameter.getByLabel("Name").fill("api_key");
    await parameter.getByLabel("Sensitive").check();
    await setCypher(page, "RETURN size($api_key) AS n");
    await form.getByRole("button", { name: "Create tool" }).click();
    await page.getByRole("heading", { level: 1, name: "Lookup" }).waitFor();
    const saved = await rest(worker.url, "GET", `/toolsets/${TOOLSET}/tools/lookup`);
    expect(saved.body.parameters).toEqual([expect.objectContaining({ name: "api_key", sensitive: true })]);
    await page.locator("main table").getByText("(sensitive)").waitFor();
  });
});
