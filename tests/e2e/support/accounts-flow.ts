import type { BrowserContext, Page } from "@playwright/test";
import { serializeCookieChoice } from "#common/legal/consent-cookie";
import { checkA11y, expect } from "./fixtures";
import { linkIn, waitForMail } from "./mail";
import { E2E_BASE_URL } from "./ports";

export const PASSWORD = "Contraseña-segura-1";
export const DEMO_PASSWORD = "Farmanexo-demo-1";

/** A fresh address per run, so the suite can run again on the same database. */
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;

/** Cookie choice made up front, so the consent banner does not cover the pages under test. */
export async function chooseCookies(context: BrowserContext) {
  await context.addCookies([
    { name: "farmanexo_consent", value: serializeCookieChoice({ analytics: false, publicidad: false }), url: E2E_BASE_URL },
  ]);
}

/** A form field by its label; Mantine appends " *" to the label of required fields. */
export function byLabel(page: Page, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return page.getByLabel(new RegExp(`^${escaped}( \\*)?$`));
}

export async function pickOption(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

export type AccountType = "web" | "academia" | "candidato" | "visita" | "mkt" | "empleo";

export const CHOICE_LINK: Record<AccountType, string> = {
  web: "Crear cuenta de profesional",
  academia: "Crear cuenta de academia",
  candidato: "Crear cuenta de candidato",
  visita: "Crear cuenta de visitador médico",
  mkt: "Crear cuenta de marketing de laboratorio",
  empleo: "Crear cuenta de empresa que contrata",
};

/** Choice page → registration form → "Correo de confirmación enviado". */
/**
 * Each registration comes from its own visitor address (X-Forwarded-For, trusted by the e2e stack):
 * the suite registers more accounts than the per-address limit of 10 an hour allows one visitor.
 */
const visitorAddress = () => `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

/** The registration's explicit acceptance of the terms and privacy policy (not pre-ticked). */
export async function acceptTerms(page: Page) {
  const box = page.getByRole("checkbox", { name: /He leído y acepto las condiciones de uso/ });
  await expect(box).not.toBeChecked();
  await box.check();
}

export async function register(page: Page, type: AccountType, email: string) {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": visitorAddress() });
  await page.goto("/app/auth/crear-cuenta");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Crea tu cuenta");
  await checkA11y(page);
  await page.getByRole("link", { name: CHOICE_LINK[type] }).click();
  await expect(page).toHaveURL(new RegExp(`:\\d+/app/auth/crear-cuenta/${type}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Crear cuenta de");
  await checkA11y(page);
  await byLabel(page, "Correo electrónico").fill(email);
  await byLabel(page, "Contraseña").fill(PASSWORD);
  await byLabel(page, "Repite la contraseña").fill(PASSWORD);
  await acceptTerms(page);
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page).toHaveURL(/:\d+\/app\/auth\/crear-cuenta\/success\?/);
  await expect(page.getByRole("heading", { level: 1, name: "Correo de confirmación enviado" })).toBeVisible();
  await checkA11y(page);
}

/**
 * Opens the verification link of the e-mail and presses its button (opening it alone changes
 * nothing, so mail scanners cannot spend it); ends on the profile step.
 */
export async function openVerificationLink(page: Page, email: string, type: AccountType) {
  const mail = await waitForMail(email, /confirm/i);
  const link = linkIn(mail, "/app/register/verification");
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Confirma tu correo electrónico" })).toBeVisible();
  await checkA11y(page);
  await page.getByRole("button", { name: "Confirmar mi correo" }).click();
  await expect(page).toHaveURL(new RegExp(`:\\d+/app/auth/crear-cuenta/${type}(\\?|$)`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Completa tu perfil");
  await checkA11y(page);
}

async function fillPerson(page: Page) {
  await byLabel(page, "Nombre").fill("Lucía");
  await byLabel(page, "Apellidos").fill("Martín Pérez");
  await pickOption(page, "Cargo", "Administración");
}

async function fillCompany(page: Page, withWeb: boolean) {
  await byLabel(page, "Nombre de la empresa").fill(`Laboratorios Prueba ${Date.now().toString(36)}`);
  await pickOption(page, "Tipo de empresa", "Laboratorio farmacéutico");
  await byLabel(page, "Correo electrónico de la empresa").fill("rrhh@laboratorios-prueba.example");
  await byLabel(page, "Teléfono de la empresa").fill("+34 910 000 000");
  if (withWeb) await byLabel(page, "Web de la empresa").fill("https://laboratorios-prueba.example");
  await byLabel(page, "Dirección").fill("Calle Mayor 1");
  await byLabel(page, "Código postal").fill("28013");
  await byLabel(page, "Población").fill("Madrid");
  await pickOption(page, "Provincia o estado", "Madrid");
}

/** Fills and saves the profile step of a type. */
export async function completeProfile(page: Page, type: AccountType) {
  await fillPerson(page);
  if (type === "web" || type === "academia" || type === "candidato") {
    await byLabel(page, "Empresa").fill("Farmacia Central");
    if (type === "candidato") {
      await byLabel(page, "Fecha de nacimiento").fill("01/05/1990");
      await pickOption(page, "Provincia o estado", "Madrid");
    }
  }
  if (type === "visita") {
    await page.getByRole("combobox", { name: "Zonas que cubres", exact: true }).click();
    await page.getByRole("option", { name: "Madrid", exact: true }).click();
    await page.getByRole("option", { name: "Toledo", exact: true }).click();
    await page.keyboard.press("Escape");
  }
  if (type === "mkt" || type === "empleo") await fillCompany(page, type === "mkt");
  await page.getByRole("button", { name: "Guardar y continuar" }).click();
}

export async function login(page: Page, email: string, password: string) {
  await page.goto("/app/auth/login");
  await expect(page.getByRole("heading", { level: 1, name: "Iniciar sesión" })).toBeVisible();
  await byLabel(page, "Correo electrónico").fill(email);
  await byLabel(page, "Contraseña").fill(password);
  await page.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
}

export async function logout(page: Page) {
  await page.getByTestId("account-menu").click();
  await page.getByRole("menuitem", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL(/:\d+\/app\/auth\/login\?aviso=sesion-cerrada$/);
  await expect(page.getByText("Sesión cerrada correctamente")).toBeVisible();
  await expect(page.getByRole("link", { name: "Iniciar sesión" }).first()).toBeVisible();
}
