import type { Locator, Page } from "@playwright/test";
import { chooseCookies, DEMO_PASSWORD, login } from "./support/accounts-flow";
import { expect, test } from "./support/fixtures";

// Issue 26, "On a phone" (390×844): every small link or button a finger aims at is at least
// 24×24 px (WCAG 2.2 target size): the listing facets («Por puesto», «Por provincia»), the
// catalogue's facets, breadcrumbs, share links («X» included) and a chat message's «⋯»; and the
// chat composer keeps its text box wide, its placeholder on one line.
test.use({ viewport: { width: 390, height: 844 } });
test.beforeEach(async ({ context }) => chooseCookies(context));

const MIN = 24;

/** The boxes of the matched elements narrower or lower than 24 px, named so a failure says which. */
async function smallTargets(targets: Locator): Promise<string[]> {
  const count = await targets.count();
  expect(count).toBeGreaterThan(0);
  const small: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const target = targets.nth(i);
    await target.scrollIntoViewIfNeeded();
    const box = await target.boundingBox();
    if (!box || box.width < MIN || box.height < MIN) {
      small.push(`${((await target.textContent()) ?? "").trim()}: ${box ? `${box.width}×${box.height}` : "hidden"}`);
    }
  }
  return small;
}

const facetLinks = (page: Page, title: string) => page.getByRole("navigation", { name: title, exact: true }).getByRole("link");

test("facets, breadcrumbs and share links are at least 24×24 px on a phone", async ({ page }) => {
  await page.goto("/app/empleo/p/espana");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await smallTargets(facetLinks(page, "Por puesto"))).toEqual([]);
  expect(await smallTargets(facetLinks(page, "Por provincia"))).toEqual([]);

  const offer = page.getByRole("main").locator('a[href*="/app/empleo/oferta/"]').first();
  await offer.click();
  await expect(page).toHaveURL(/\/app\/empleo\/oferta\//);
  const breadcrumbs = page.locator(".mantine-Breadcrumbs-root").first().getByRole("link");
  expect(await smallTargets(breadcrumbs)).toEqual([]);

  await page.goto("/app/visita/result?q=ibu");
  expect(await smallTargets(facetLinks(page, "Laboratorio"))).toEqual([]);

  await page.goto("/app/noticias");
  const article = await page.evaluate(() =>
    [...document.querySelectorAll("main a")].map((a) => a.getAttribute("href") ?? "").find((href) => /^\/app\/noticias\/\d+-/.test(href)),
  );
  await page.goto(article as string);
  const share = page.getByRole("navigation", { name: "Compartir" }).getByRole("link");
  await expect(share).toHaveCount(5);
  expect(await smallTargets(share)).toEqual([]);
});

test("a chat on a phone: the message options button is 24×24 px or more, the composer's text box keeps the width", async ({ page }) => {
  await login(page, "demo-web@farmanexo.test", DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto("/app/chat");
  await page
    .getByRole("link", { name: /Javier/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/app\/chat\/\d+$/);
  const options = page.getByRole("button", { name: "Opciones del mensaje" });
  await expect(options.first()).toBeVisible();
  expect(await smallTargets(options)).toEqual([]);

  const box = page.getByRole("textbox", { name: "Escribe un mensaje" });
  const width = (await box.boundingBox())?.width ?? 0;
  expect(width).toBeGreaterThan(390 / 2);
  // The placeholder fits on one line: the empty box is no taller than with one line typed.
  const empty = (await box.boundingBox())?.height ?? 0;
  await box.fill("Hola");
  expect((await box.boundingBox())?.height ?? 0).toBe(empty);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
