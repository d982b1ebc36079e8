import type { Page } from "@playwright/test";
import { acceptTerms, byLabel, chooseCookies, DEMO_PASSWORD, login, PASSWORD } from "./support/accounts-flow";
import { checkA11y, expect, test } from "./support/fixtures";
import { linkIn, waitForMail } from "./support/mail";

// The registration and profile forms: an e-mail already registered, the Spanish date and password
// fields, and a completed profile coming back filled in.

async function signIn(page: Page, email: string) {
  await login(page, email, DEMO_PASSWORD);
  await expect(page.getByTestId("account-menu")).toBeVisible();
}

test.beforeEach(async ({ context }) => {
  await chooseCookies(context);
});

test("the 'someone tried to register' e-mail leads to the reset request form", async ({ page }) => {
  const email = "demo-academia@farmanexo.test";
  await page.goto("/app/auth/crear-cuenta/web");
  await byLabel(page, "Correo electrónico").fill(email);
  await byLabel(page, "Contraseña").fill(PASSWORD);
  await byLabel(page, "Repite la contraseña").fill(PASSWORD);
  await acceptTerms(page);
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

test("the birth date is a Spanish date field (dd/mm/aaaa, weeks from Monday)", async ({ page }) => {
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

test("a completed account's profile form comes back with its job title and company", async ({ page }) => {
  await signIn(page, "demo-academia@farmanexo.test");
  await page.goto("/app/auth/crear-cuenta/academia");
  await expect(page.getByRole("combobox", { name: "Cargo", exact: true })).toHaveValue("Farmacéutico comunitario");
  await expect(byLabel(page, "Empresa")).toHaveValue("Farmacia Demo");
  await checkA11y(page);
});

test("password fields and the CV picker speak Spanish", async ({ page }) => {
  await page.goto("/app/auth/login");
  await expect(page.getByRole("button", { name: "Mostrar contraseña" })).toHaveCount(1);
  expect(await page.content()).not.toContain("Toggle password visibility");
  await page.goto("/app/auth/crear-cuenta/web");
  await expect(page.getByRole("button", { name: "Mostrar contraseña" })).toHaveCount(2);
});
