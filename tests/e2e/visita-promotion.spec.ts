import type { Page } from "@playwright/test";
import { imageBytes } from "#tests/support/files";
import { byLabel, chooseCookies, DEMO_PASSWORD, login } from "./support/accounts-flow";
import { checkA11y, expect, test } from "./support/fixtures";

const REP_EMAIL = "demo-visita@farmanexo.test";
const TITLE = "Muestras de invierno para farmacias";
const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

test.beforeEach(async ({ context }) => {
  await chooseCookies(context);
});

/** Screenshots for review (desktop, then a 390×844 phone), when SCREENSHOTS_DIR is set. */
async function shoot(page: Page, name: string) {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}-desktop.png`, fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${dir}/${name}-phone.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

/** The product page, answering the professional gate if the medicine needs a prescription. */
async function openProduct(page: Page, url: string) {
  await page.goto(url);
  const gate = page.getByRole("button", { name: "Sí, soy profesional sanitario" });
  if (await gate.isVisible()) {
    await gate.click();
    await expect(page.getByRole("heading", { level: 2, name: "Ficha del medicamento" })).toBeVisible();
  }
}

test("the demo representative creates a promotion that shows on the product page, and it disappears once it has ended", async ({
  page,
  consoleProblems,
}) => {
  test.setTimeout(180_000);
  await login(page, REP_EMAIL, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/app\/visita\/visitador$/);
  await expect(page.getByRole("heading", { level: 2, name: "Mis promociones" })).toBeVisible();
  await page
    .getByRole("link", { name: /^Crear promoción de / })
    .first()
    .click();

  await expect(page.getByRole("heading", { level: 1, name: "Nueva promoción" })).toBeVisible();
  await checkA11y(page);
  await byLabel(page, "Tipo de promoción").selectOption("muestras");
  await byLabel(page, "Título").fill(TITLE);
  await byLabel(page, "Descripción").fill("Pide muestras para tu farmacia: más información en https://example.com/muestras");
  await byLabel(page, "Condiciones (opcional)").fill("Hasta 10 unidades por farmacia.");
  await byLabel(page, "Válida hasta (incluido)").fill(isoDay(14));
  await page
    .getByLabel("Imagen (opcional)")
    .setInputFiles({ name: "promo.png", mimeType: "image/png", buffer: await imageBytes(800, 450) });
  await shoot(page, "promotion-form");
  await page.getByRole("button", { name: "Publicar" }).click();

  // The public page of the promotion.
  await expect(page).toHaveURL(/\/app\/visita\/laboratorio-promocion\/[a-z0-9-]+\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByRole("link", { name: "https://example.com/muestras" })).toHaveAttribute("target", "_blank");
  await checkA11y(page);
  await shoot(page, "promotion-page");
  const editUrl = await page.getByRole("link", { name: "Editar la promoción" }).getAttribute("href");
  const productUrl = await page.locator('a[href^="/app/visita/producto/"]').first().getAttribute("href");
  expect(productUrl).toMatch(/\/app\/visita\/producto\//);

  // It shows on the product page.
  await openProduct(page, productUrl as string);
  await expect(page.getByRole("heading", { level: 2, name: "Promociones activas" })).toBeVisible();
  await expect(page.getByRole("link", { name: TITLE })).toBeVisible();
  await checkA11y(page);

  // Ended (here ahead of its last day, as "Finalizar ahora" does): it disappears at once.
  await page.goto(editUrl as string);
  await page.getByRole("button", { name: "Finalizar ahora" }).click();
  await expect(page.getByText("Promoción finalizada: ya no se muestra.")).toBeVisible();
  await openProduct(page, productUrl as string);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: TITLE })).toHaveCount(0);
  expect(consoleProblems).toEqual([]);
});
