import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

/**
 * `page` that records console errors and React hydration warnings; each test fails if any
 * appeared. `checkA11y(page)` runs axe (WCAG 2.1 A/AA) on the current page.
 */
export const test = base.extend<{ consoleProblems: string[] }>({
  consoleProblems: async ({ page }, use) => {
    const problems: string[] = [];
    // A document answered with an error status (a 404 page) is logged by Chromium; that is the
    // page under test, not a problem of it.
    const documents = new Set<string>();
    page.on("response", (response) => {
      if (response.request().resourceType() === "document") documents.add(response.url());
    });
    page.on("console", (message) => {
      const text = message.text();
      if (text.startsWith("Failed to load resource") && documents.has(message.location().url)) return;
      if (message.type() === "error" || /hydrat/i.test(text)) problems.push(`${message.type()}: ${text} (${message.location().url})`);
    });
    page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    await use(problems);
    expect(problems, "console errors or hydration warnings").toEqual([]);
  },
});

export { expect };

export async function checkA11y(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(summary, "accessibility violations").toEqual([]);
}
