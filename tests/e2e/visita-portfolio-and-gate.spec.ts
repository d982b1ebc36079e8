import { chooseCookies, DEMO_PASSWORD, login } from "./support/accounts-flow";
import { checkA11y, expect, test } from "./support/fixtures";

const REP_EMAIL = "demo-visita@farmanexo.test";
const REP_NAME = "Javier Romero Visitador";
const MADRID = 412; // reference data: the province of Madrid

test.beforeEach(async ({ context }) => {
  await chooseCookies(context);
});

test("the demo representative adds a misspelt find to the portfolio, and an anonymous visitor passes the gate and finds them in their province", async ({
  page,
  browser,
  consoleProblems,
}) => {
  test.setTimeout(180_000);

  // The representative looks for a product, misspelt, from their area.
  await login(page, REP_EMAIL, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/app\/visita\/visitador$/);
  await page.getByRole("link", { name: "Añadir productos" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Añadir un producto a mi cartera" })).toBeVisible();
  await checkA11y(page);
  await page.getByLabel("Buscar medicamento").fill("amoxicillina");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/\/app\/visita\/results-db\?q=amoxicillina/);
  await checkA11y(page);

  // The first result they do not carry yet.
  const card = page
    .getByRole("article")
    .filter({ has: page.getByRole("link", { name: "Añadir a mi cartera" }) })
    .first();
  const productName = ((await card.locator("a").first().textContent()) ?? "").trim();
  expect(productName.toLowerCase()).toContain("amoxicilina");
  await card.getByRole("link", { name: "Añadir a mi cartera" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Añadir a mi cartera" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Vincular", selected: true })).toBeVisible();
  await checkA11y(page);

  // The profile's provinces come preselected; the representative picks exactly Madrid and Barcelona.
  const zonas = page.getByRole("combobox", { name: "Provincias en las que lo presentas" });
  await zonas.click();
  for (let i = 0; i < 5; i++) await zonas.press("Backspace");
  for (const province of ["Madrid", "Barcelona"]) {
    await zonas.fill(province);
    await page.getByRole("option", { name: province, exact: true }).click();
  }
  await page.keyboard.press("Escape");
  await page.getByLabel("Nota para los profesionales (opcional)").fill("Muestras para centros de salud.");
  await page.getByRole("button", { name: "Añadir a mi cartera" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Producto añadido a tu cartera" })).toBeVisible();
  await expect(page.getByText("Barcelona, Madrid")).toBeVisible();
  await checkA11y(page);
  await page.getByRole("link", { name: "Ir a mi perfil" }).click();
  await expect(page.getByRole("link", { name: productName, exact: true })).toBeVisible();

  // An anonymous visitor finds it misspelt, meets the gate, answers yes and sees the representative.
  const visitor = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: "es-ES" });
  await chooseCookies(visitor);
  const anon = await visitor.newPage();
  await anon.goto("/app/visita");
  await expect(anon.getByRole("heading", { level: 1, name: "Catálogo de medicamentos" })).toBeVisible();
  await checkA11y(anon);
  await anon.getByLabel("Buscar medicamento").fill("amoxicillina");
  await anon.getByRole("button", { name: "Buscar" }).click();
  await expect(anon).toHaveURL(/\/app\/visita\/result\?q=amoxicillina/);
  await checkA11y(anon);
  await anon.getByRole("link", { name: productName }).click();
  await expect(anon.getByRole("heading", { level: 2, name: "¿Es usted profesional sanitario?" })).toBeVisible();
  await expect(anon.getByRole("heading", { name: "Presentaciones" })).toHaveCount(0);
  await checkA11y(anon);
  await anon.getByRole("button", { name: "Sí, soy profesional sanitario" }).click();
  await expect(anon.getByRole("heading", { level: 2, name: "Presentaciones" })).toBeVisible();
  await anon.getByLabel("Provincia").selectOption(String(MADRID));
  await anon.getByRole("button", { name: "Filtrar" }).click();
  await expect(anon.getByRole("heading", { level: 2, name: "Visitadores que lo presentan en Madrid" })).toBeVisible();
  await expect(anon.getByRole("link", { name: REP_NAME, exact: true })).toBeVisible();
  await expect(anon.getByText("Muestras para centros de salud.")).toBeVisible();
  await checkA11y(anon);
  await visitor.close();

  expect(consoleProblems).toEqual([]);
});
