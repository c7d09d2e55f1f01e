// Locators and actions the admin UI's browser tests share.
import type { Locator, Page } from "playwright-core";

/** Replaces the text of the Cypher editor (CodeMirror) as a person would, without autocompletion. */
export async function setCypher(page: Page, text: string) {
  const editor = page.locator('[data-field="cypher"] .cm-content');
  await editor.click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.insertText(text);
}

export const field = (scope: Page | Locator, name: string) => scope.locator(`[data-field="${name}"]`);
export const dialog = (page: Page) => page.getByRole("dialog");

export async function openMenu(page: Page, label: string) {
  await page.getByRole("button", { name: label, exact: true }).click();
  return page.getByRole("menu", { name: label });
}

export async function rowsOf(page: Page, scope: Locator = page.locator("main")) {
  return scope.locator("table.results tbody tr").allInnerTexts();
}
