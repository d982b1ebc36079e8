import type { Page } from "@playwright/test";
import { chooseCookies, DEMO_PASSWORD, login } from "./support/accounts-flow";
import { checkA11y, expect, test } from "./support/fixtures";
import { E2E_BASE_URL } from "./support/ports";

// Finding one's way: the account menu, the navigation on a phone and every link they offer.

async function signIn(page: Page, email: string) {
  await login(page, email, DEMO_PASSWORD);
  await expect(page.getByTestId("account-menu")).toBeVisible();
}

test.beforeEach(async ({ context }) => {
  await chooseCookies(context);
});

test("a candidate finds their applications, saved offers and alerts in the menu and in their account", async ({ page }) => {
  await signIn(page, "demo-candidato@farmanexo.test");
  for (const [item, heading] of [
    ["Mis candidaturas", "Mis candidaturas"],
    ["Ofertas guardadas", "Ofertas guardadas"],
    ["Alertas", "Alertas de empleo"],
  ] as const) {
    await page.getByTestId("account-menu").click();
    await page.getByRole("menuitem", { name: item }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(heading);
  }
  await page.goto("/app/cuenta");
  const areas = page.getByRole("navigation", { name: "Mis áreas" });
  await expect(areas.getByRole("link", { name: "Mis candidaturas" })).toBeVisible();
  await expect(areas.getByRole("link", { name: "Alertas" })).toBeVisible();
  await checkA11y(page);
});

test("signed-in users are not invited to create an account; visitors find Crear cuenta on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/app");
  await expect(page.getByRole("link", { name: "Crear una cuenta gratis" })).toBeVisible();
  await page.getByRole("button", { name: "Abrir el menú" }).click();
  const phoneMenu = page.getByRole("navigation", { name: "Principal (móvil)" });
  await expect(phoneMenu.getByRole("link", { name: "Crear cuenta" })).toBeVisible();
  await phoneMenu.getByRole("link", { name: "Crear cuenta" }).click();
  await expect(page).toHaveURL(/\/app\/auth\/crear-cuenta$/);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "demo-web@farmanexo.test");
  await page.goto("/app");
  await expect(page.getByRole("link", { name: "Crear una cuenta gratis" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Ir a mi cuenta" })).toBeVisible();
});

test("every link of the navigation, the account menu and the footer leads to a page", async ({ page, request }) => {
  const check = async () => {
    const hrefs = await page
      .locator("header a[href], nav a[href], footer a[href], [role=menu] a[href]")
      .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).getAttribute("href") ?? ""));
    expect(hrefs.length).toBeGreaterThan(5);
    for (const href of new Set(hrefs.filter((h) => h.startsWith("/")))) {
      const response = await request.get(`${E2E_BASE_URL}${href}`, { maxRedirects: 0, headers: { cookie: await cookieHeader() } });
      expect(response.status(), href).toBeLessThan(400);
    }
  };
  const cookieHeader = async () => (await page.context().cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
  await page.goto("/app");
  await check();
  for (const email of ["demo-candidato@farmanexo.test", "demo-visita@farmanexo.test", "demo-admin@farmanexo.test"]) {
    await page.context().clearCookies();
    await chooseCookies(page.context());
    await signIn(page, email);
    await page.goto("/app");
    await page.getByTestId("account-menu").click();
    await expect(page.getByRole("menu")).toBeVisible();
    await check();
    await page.keyboard.press("Escape");
  }
});
