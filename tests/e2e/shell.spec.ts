import { checkA11y, expect, test } from "./support/fixtures";

test("the home page renders in Spanish with the main navigation", async ({ page, consoleProblems }) => {
  const response = await page.goto("/app");
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1, name: "La red profesional del sector farmacéutico y sanitario" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Principal", exact: true });
  for (const label of ["Empleo", "Noticias", "Visita", "Chat"]) await expect(nav.getByRole("link", { name: label })).toBeVisible();
  await expect(page.getByRole("link", { name: "Iniciar sesión" })).toBeVisible();
  await checkA11y(page);
  expect(consoleProblems).toEqual([]);
});

test("an unknown path shows the not-found page with status 404", async ({ page, consoleProblems }) => {
  const response = await page.goto("/app/esto/no/existe");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Página no encontrada" })).toBeVisible();
  await page.getByRole("link", { name: "Volver al inicio" }).click();
  await expect(page).toHaveURL(/\/app$/);
  await checkA11y(page);
  expect(consoleProblems).toEqual([]);
});

test("the test route has an empty layout", async ({ page }) => {
  await page.goto("/app/test");
  await expect(page.getByTestId("empty-layout")).toBeAttached();
  await expect(page.getByRole("banner")).toHaveCount(0);
});
