import type { Page } from "@playwright/test";
import { imageBytes } from "#tests/support/files";
import { byLabel, chooseCookies, DEMO_PASSWORD, login } from "./support/accounts-flow";
import { checkA11y, expect, test } from "./support/fixtures";

const REP_EMAIL = "demo-visita@farmanexo.test";
const REP_NAME = "Javier Romero Visitador";
const MODERATOR_EMAIL = "demo-moderador@farmanexo.test";
const MADRID = 412; // reference data: the province of Madrid
const PRODUCT = "Zolmafen 25 mg comprimidos";

test.beforeEach(async ({ context }) => {
  await chooseCookies(context);
});

/** Picks an option of a Mantine Select, typing first into a searchable one. */
async function choose(page: Page, label: string, typed: string | null, option: string) {
  const field = page.getByRole("combobox", { name: label, exact: true });
  await field.click();
  if (typed !== null) await field.fill(typed);
  await page.getByRole("option", { name: option, exact: true }).click();
}

test("a representative proposes a missing product with an image, a moderator approves it, and an anonymous visitor finds it and the representative in their province", async ({
  page,
  browser,
  consoleProblems,
}) => {
  test.setTimeout(240_000);
  const baseURL = test.info().project.use.baseURL;

  // The representative proposes the product the catalogue lacks.
  await login(page, REP_EMAIL, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/app\/visita\/visitador$/);
  await page.getByRole("link", { name: "Proponer un producto" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Proponer un producto nuevo" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Datos obligatorios", selected: true })).toBeVisible();
  await checkA11y(page);
  await byLabel(page, "Nombre del medicamento").fill(PRODUCT);
  await choose(page, "Laboratorio titular", "Almenara", "Laboratorios Almenara");
  await byLabel(page, "Nº de registro (AEMPS)").fill("99887766");
  await choose(page, "Forma farmacéutica", "Comprimido", "Comprimido");
  await choose(page, "Dispensación", null, "Con receta médica");
  await byLabel(page, "Principio activo 1").fill("zolmitriptán");
  await byLabel(page, "Dosis").fill("25");
  await byLabel(page, "Código nacional 1").fill("998877");
  await byLabel(page, "Presentación").fill("6 comprimidos");
  await page.getByRole("tab", { name: "Datos opcionales" }).click();
  await page.getByLabel("Vía oral", { exact: true }).check();
  await page.getByRole("tab", { name: "Imágenes" }).click();
  await checkA11y(page);
  await page.getByLabel("Foto de la caja").setInputFiles({ name: "caja.png", mimeType: "image/png", buffer: await imageBytes(640, 480) });
  await page.getByRole("button", { name: "Ver cómo quedará" }).click();

  // The preview is the product page as it will look.
  await expect(page).toHaveURL(/\/app\/visita\/preview-editar-producto\?revision=\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: PRODUCT })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Presentaciones" })).toBeVisible();
  await expect(page.getByRole("img", { name: `Caja de ${PRODUCT}` })).toBeVisible();
  await checkA11y(page);
  await page.getByRole("button", { name: "Enviar a revisión" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "¡Propuesta enviada!" })).toBeVisible();
  await checkA11y(page);

  // A moderator approves it in the back office.
  const moderation = await browser.newContext({ baseURL, locale: "es-ES" });
  await chooseCookies(moderation);
  const moderator = await moderation.newPage();
  await login(moderator, MODERATOR_EMAIL, DEMO_PASSWORD);
  // Wait for the post-login destination before moving on, or it would land after our own navigation.
  await expect(moderator).not.toHaveURL(/\/app\/auth\/login/);
  await moderator.goto("/app/admin");
  await moderator.getByRole("link", { name: "Propuestas del catálogo" }).first().click();
  await expect(moderator.getByRole("heading", { level: 1, name: "Propuestas del catálogo" })).toBeVisible();
  await checkA11y(moderator);
  await moderator.getByRole("link", { name: PRODUCT }).click();
  await expect(moderator.getByRole("img", { name: "Imagen de la propuesta" })).toBeVisible();
  await checkA11y(moderator);
  await moderator.getByRole("button", { name: "Aprobar y publicar" }).click();
  await expect(moderator.getByText("Propuesta aprobada y aplicada al catálogo.")).toBeVisible();
  await moderation.close();

  // The representative is told, and adds the new product to the portfolio for Madrid.
  await page.goto("/app/visita/visitador");
  await expect(page.getByText(`Hemos aprobado tu propuesta «${PRODUCT}»: ya está en el catálogo.`)).toBeVisible();
  await page.goto(`/app/visita/results-db?q=${encodeURIComponent("zolmafen")}`);
  const card = page.getByRole("article").filter({ hasText: PRODUCT });
  await card.getByRole("link", { name: "Añadir a mi cartera" }).click();
  const zonas = page.getByRole("combobox", { name: "Provincias en las que lo presentas" });
  await zonas.click();
  for (let i = 0; i < 5; i++) await zonas.press("Backspace");
  await zonas.fill("Madrid");
  await page.getByRole("option", { name: "Madrid", exact: true }).click();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Añadir a mi cartera" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Producto añadido a tu cartera" })).toBeVisible();

  // An anonymous visitor finds it, passes the gate and sees the representative in Madrid.
  const visitor = await browser.newContext({ baseURL, locale: "es-ES" });
  await chooseCookies(visitor);
  const anon = await visitor.newPage();
  await anon.goto("/app/visita");
  await anon.getByLabel("Buscar medicamento").fill("zolmafen");
  await anon.getByRole("button", { name: "Buscar" }).click();
  await anon.getByRole("link", { name: PRODUCT }).click();
  await expect(anon.getByRole("heading", { level: 2, name: "¿Es usted profesional sanitario?" })).toBeVisible();
  await anon.getByRole("button", { name: "Sí, soy profesional sanitario" }).click();
  await expect(anon.getByText("zolmitriptán 25 mg")).toBeVisible();
  await anon.getByLabel("Provincia").selectOption(String(MADRID));
  await anon.getByRole("button", { name: "Filtrar" }).click();
  await expect(anon.getByRole("heading", { level: 2, name: "Visitadores que lo presentan en Madrid" })).toBeVisible();
  await expect(anon.getByRole("link", { name: REP_NAME, exact: true })).toBeVisible();
  await checkA11y(anon);
  // "Contactar" asks an anonymous visitor to sign in first.
  await anon.getByRole("link", { name: `Contactar con ${REP_NAME}` }).click();
  await expect(anon).toHaveURL(/\/app\/auth\/login\?redirect_url=/);
  await visitor.close();

  expect(consoleProblems).toEqual([]);
});
