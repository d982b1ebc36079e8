import { byLabel, chooseCookies } from "./support/accounts-flow";
import { checkA11y, expect, test } from "./support/fixtures";

// Issue 26, "On a phone" (390×844): the product page reflows («Ficha del medicamento» and
// «Presentaciones» show every value without scrolling sideways), the representative's profile is
// one tap away from it, and the feedback dialog, open over the page, passes axe with its fields in
// one column.
test.use({ viewport: { width: 390, height: 844 } });
test.beforeEach(async ({ context }) => chooseCookies(context));

/** Nothing inside the element is wider than the element itself (no hidden sideways scrolling). */
const overflows = (page: import("@playwright/test").Page, selector: string) =>
  page.locator(selector).evaluateAll((nodes) => nodes.filter((n) => n.scrollWidth > n.clientWidth + 1).length);

test("a product on a phone: its facts and presentations fit, its representative's profile, the feedback dialog", async ({ page }) => {
  await page.goto("/app/visita/result?q=ibuyl");
  await page
    .getByRole("link", { name: /Ibuyl 400 mg/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: /Ibuyl 400 mg/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(page.getByRole("region", { name: "Tabla de presentaciones" })).toBeVisible();
  expect(await overflows(page, '[role="region"][aria-label="Tabla de presentaciones"]')).toBe(0);
  expect(await overflows(page, "section table")).toBe(0);
  await checkA11y(page);

  const rep = page
    .getByRole("region", { name: "Visitadores que lo presentan" })
    .getByRole("link", { name: /Javier Romero/ })
    .first();
  await rep.click();
  await expect(page).toHaveURL(/\/app\/visita\/user\/\d+-/);
  await expect(page.getByRole("heading", { level: 1, name: /Javier Romero/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole("button", { name: "Danos tu opinión" }).click();
  const dialog = page.getByRole("dialog", { name: "Danos tu opinión" });
  await expect(dialog.getByRole("button", { name: "Cerrar" })).toBeVisible();
  const name = await byLabel(page, "Nombre").boundingBox();
  const email = await byLabel(page, "Correo electrónico").boundingBox();
  expect(email?.y ?? 0).toBeGreaterThan((name?.y ?? 0) + (name?.height ?? 0));
  await checkA11y(page);
});
