import type { Page } from "@playwright/test";
import { byLabel, chooseCookies, DEMO_PASSWORD, login, PASSWORD } from "./support/accounts-flow";
import { checkA11y, expect, test } from "./support/fixtures";
import { linkIn, waitForMail } from "./support/mail";
import { E2E_BASE_URL } from "./support/ports";

// Issue 9's accounts defects, one test each.

async function signIn(page: Page, email: string) {
  await login(page, email, DEMO_PASSWORD);
  await expect(page.getByTestId("account-menu")).toBeVisible();
}

test.beforeEach(async ({ context }) => {
  await chooseCookies(context);
});

test("defect 2: a candidate finds their applications, saved offers and alerts in the menu and in their account", async ({ page }) => {
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

test("defect 5: the 'someone tried to register' e-mail leads to the reset request form", async ({ page }) => {
  const email = "demo-academia@farmanexo.test";
  await page.goto("/app/auth/crear-cuenta/web");
  await byLabel(page, "Correo electrónico").fill(email);
  await byLabel(page, "Contraseña").fill(PASSWORD);
  await byLabel(page, "Repite la contraseña").fill(PASSWORD);
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Correo de confirmación enviado" })).toBeVisible();
  const mail = await waitForMail(email, /registrarse/);
  await page.goto(linkIn(mail, "/app/auth/change-password"));
  await expect(page.getByRole("heading", { level: 1, name: "Recuperar contraseña" })).toBeVisible();
  await expect(page.getByText("Ups algo ha ido mal")).toHaveCount(0);
  // The reset page without a token sends to the same form.
  await page.goto("/app/auth/renew-password");
  await expect(page).toHaveURL(/\/app\/auth\/change-password$/);
});

test("defect 7: the birth date is a Spanish date field (dd/mm/aaaa, weeks from Monday)", async ({ page }) => {
  await signIn(page, "demo-candidato@farmanexo.test");
  await page.goto("/app/auth/crear-cuenta/candidato");
  const birth = byLabel(page, "Fecha de nacimiento");
  await expect(birth).toHaveValue("14/03/1992");
  await birth.click();
  // A birth date starts from the decade; down to a month, the week starts on Monday.
  await page.getByRole("button", { name: "1992", exact: true }).click();
  await page.getByRole("button", { name: "mar", exact: true }).click();
  await expect(page.locator("[class*=weekday]").first()).toHaveText(/^lu/i);
  await page.keyboard.press("Escape");
  await birth.fill("");
  await page.getByRole("button", { name: "Guardar y continuar" }).click();
  await expect(page.getByText("Introduce una fecha de nacimiento válida (dd/mm/aaaa)")).toBeVisible();
  await expect(page.getByText(/AAAA-MM-DD/)).toHaveCount(0);
  await birth.fill("01/05/1990");
  await page.getByRole("button", { name: "Guardar y continuar" }).click();
  await expect(page).toHaveURL(/\/app\/auth\/crear-cuenta\/candidato\/success/);
  await page.goto("/app/auth/crear-cuenta/candidato");
  await expect(byLabel(page, "Fecha de nacimiento")).toHaveValue("01/05/1990");
});

test("defect 8: a completed account's profile form comes back with its job title and company", async ({ page }) => {
  await signIn(page, "demo-academia@farmanexo.test");
  await page.goto("/app/auth/crear-cuenta/academia");
  await expect(page.getByRole("combobox", { name: "Cargo", exact: true })).toHaveValue("Farmacéutico comunitario");
  await expect(byLabel(page, "Empresa")).toHaveValue("Farmacia Demo");
  await checkA11y(page);
});

test("defect 11: password fields and the CV picker speak Spanish", async ({ page }) => {
  await page.goto("/app/auth/login");
  await expect(page.getByRole("button", { name: "Mostrar contraseña" })).toHaveCount(1);
  expect(await page.content()).not.toContain("Toggle password visibility");
  await page.goto("/app/auth/crear-cuenta/web");
  await expect(page.getByRole("button", { name: "Mostrar contraseña" })).toHaveCount(2);
});

test("defect 12: signed-in users are not invited to create an account; visitors find Crear cuenta on a phone", async ({ page }) => {
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

test("defect 13: every link of the navigation, the account menu and the footer leads to a page", async ({ page, request }) => {
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
