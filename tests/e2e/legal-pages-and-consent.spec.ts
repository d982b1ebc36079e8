import { type Page, request as playwrightRequest } from "@playwright/test";
import { isRegistered } from "#common/legal/cookie-registry";
import { byLabel, chooseCookies, DEMO_PASSWORD, login, openVerificationLink, register, uniqueEmail } from "./support/accounts-flow";
import { checkA11y, expect, test } from "./support/fixtures";
import { E2E_BASE_URL } from "./support/ports";

// Issue 27, points 1 and 2: the four legal texts from every page's footer, the acceptance recorded
// at registration, and a material change of the terms that a signed-in user accepts before going on.

const LEGAL = [
  { link: "Aviso legal", heading: "Aviso legal" },
  { link: "Privacidad", heading: "Política de privacidad" },
  { link: "Cookies", heading: "Política de cookies" },
  { link: "Condiciones de uso", heading: "Condiciones de uso" },
];

const legalNav = (page: Page) => page.getByRole("navigation", { name: "Información legal" });

async function reachLegalPagesFrom(page: Page, start: string, checked: Set<string>) {
  for (const { link, heading } of LEGAL) {
    await page.goto(start);
    await legalNav(page).getByRole("link", { name: link, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText(/^Versión \d+, publicada el/)).toBeVisible();
    if (!checked.has(heading)) {
      checked.add(heading);
      await checkA11y(page);
    }
  }
}

/** Every cookie and storage key this browser holds must be in the registry the cookie policy is made from. */
async function expectOnlyRegisteredStorage(page: Page) {
  const cookies = await page.context().cookies();
  expect(cookies.filter((cookie) => !isRegistered(cookie.name, "cookie")).map((cookie) => cookie.name)).toEqual([]);
  const keys = await page.evaluate(() => Object.keys(window.localStorage));
  expect(keys.filter((key) => !isRegistered(key, "localStorage"))).toEqual([]);
}

test("an anonymous visitor reaches the four legal texts from the footer of home, an offer, a product and the chat", async ({ page }) => {
  // Sixteen footer visits on a shared machine.
  test.setTimeout(240_000);
  await page.goto("/app");
  // No choice yet: the banner offers Rechazar as plainly as Aceptar, and links to the cookie policy.
  const banner = page.getByRole("region", { name: "Aviso de cookies" });
  await expect(banner.getByRole("link", { name: "Política de cookies" })).toBeVisible();
  await banner.getByRole("button", { name: "Rechazar" }).click();
  await expect(banner).toBeHidden();

  await page.goto("/app/empleo/p/espana");
  const offer = await page.locator('a[href^="/app/empleo/oferta/"]').first().getAttribute("href");
  await page.goto("/app/visita/result?q=a");
  const product = await page.locator('a[href^="/app/visita/producto/"]').first().getAttribute("href");
  expect(offer && product).toBeTruthy();

  const checked = new Set<string>();
  for (const start of ["/app", offer as string, product as string, "/app/chat"]) await reachLegalPagesFrom(page, start, checked);

  // The cookie policy lists what the site stores, generated from the registry.
  await legalNav(page).getByRole("link", { name: "Cookies", exact: true }).click();
  const table = page.getByRole("table", { name: "Cookies y almacenamiento local que usa este sitio" });
  await expect(table.getByRole("rowheader", { name: "farmanexo_consent" })).toBeVisible();

  // The choice can be changed at any time from the footer, and is kept with its month.
  await legalNav(page).getByRole("link", { name: "Configurar cookies" }).click();
  const dialog = page.getByRole("dialog", { name: "Configurar cookies" });
  await dialog.getByRole("switch", { name: /Cookies analíticas/ }).check();
  await dialog.getByRole("button", { name: "Guardar preferencias" }).click();
  await expect(dialog).toBeHidden();
  const consent = (await page.context().cookies()).find((cookie) => cookie.name === "farmanexo_consent");
  expect(consent?.value).toMatch(/^1\.0\.\d{6}\.[0-9a-z]+$/);
  await expectOnlyRegisteredStorage(page);
});

test("a user registers ticking the acceptance, an admin publishes new terms, and the user accepts them before going on", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await chooseCookies(page.context());
  const email = uniqueEmail("legal");
  // The box is not pre-ticked and is required.
  await page.goto("/app/auth/crear-cuenta/web");
  await byLabel(page, "Correo electrónico").fill(email);
  await byLabel(page, "Contraseña").fill("Contraseña-segura-1");
  await byLabel(page, "Repite la contraseña").fill("Contraseña-segura-1");
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page.getByText("Debes aceptar las condiciones de uso y la política de privacidad para crear tu cuenta.")).toBeVisible();
  await register(page, "web", email);
  await openVerificationLink(page, email, "web");

  // The admin publishes a material change of the terms.
  const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: "es-ES" });
  await chooseCookies(adminContext);
  const admin = await adminContext.newPage();
  await login(admin, "demo-admin@farmanexo.test", DEMO_PASSWORD);
  await expect(admin).not.toHaveURL(/auth\/login/);
  await admin.goto("/app/admin/legal");
  await expect(admin.getByRole("heading", { level: 1, name: "Textos legales" })).toBeVisible();
  await checkA11y(admin);
  await admin.locator("main").getByRole("link", { name: "Condiciones de uso" }).click();
  await byLabel(admin, "Qué cambia (se muestra en la lista de versiones)").fill("Nuevas reglas para las promociones.");
  await admin.getByRole("checkbox", { name: /Cambio sustancial/ }).check();
  await checkA11y(admin);
  await admin.getByRole("button", { name: /^Publicar la versión \d+$/ }).click();
  // The admin joined before the change too: they are asked first.
  await expect(admin).toHaveURL(/\/app\/legal\/(condiciones|aceptar)/);
  await adminContext.close();

  // The user's next page asks for the new version; the box must be ticked.
  await page.goto("/app/noticias");
  await expect(page).toHaveURL(/\/app\/legal\/aceptar\?redirect_url=%2Fapp%2Fnoticias$/);
  await expect(page.getByRole("heading", { level: 1, name: "Hemos actualizado las condiciones de uso" })).toBeVisible();
  await expect(page.getByText("Nuevas reglas para las promociones.")).toBeVisible();
  await checkA11y(page);
  await page.getByRole("button", { name: "Aceptar y continuar" }).click();
  await expect(page.getByText("Marca la casilla para aceptar las condiciones de uso y seguir usando tu cuenta.")).toBeVisible();
  await page.getByRole("checkbox", { name: "He leído y acepto la nueva versión de las condiciones de uso" }).check();
  await page.getByRole("button", { name: "Aceptar y continuar" }).click();
  await expect(page).toHaveURL(/\/app\/noticias$/);
  await page.goto("/app/empleo/p/espana");
  await expect(page).toHaveURL(/\/app\/empleo\/p\/espana$/);
  await expectOnlyRegisteredStorage(page);
});

// The suite shares one database: the demo accounts accept the new terms so the specs after this one
// sign in as before (the acceptance stays open to a user with pending terms).
test.afterAll(async () => {
  const api = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  const demos = ["admin", "editor", "moderador", "web", "academia", "candidato", "visita", "mkt", "empleo"];
  for (const [index, who] of demos.entries()) {
    const login = await api.post("/api/login", {
      data: { email: `demo-${who}@farmanexo.test`, password: DEMO_PASSWORD },
      headers: { "X-Forwarded-For": `198.19.7.${index + 1}` },
    });
    if (login.status() !== 200) continue;
    const { access_token: token } = await login.json();
    await api.post("/api/legal/aceptar", { headers: { Authorization: `Bearer ${token}` } });
  }
  await api.dispose();
});

test("«Configurar cookies» works before any script runs: the footer's link opens the cookie form, which the server saves", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/app");
  await legalNav(page).getByRole("link", { name: "Configurar cookies" }).click();
  await expect(page).toHaveURL(/\/app\/legal\/cookies#configurar$/);
  const form = page.getByRole("region", { name: "Configurar cookies" });
  await form.getByRole("checkbox", { name: /Cookies publicitarias/ }).check();
  await form.getByRole("button", { name: "Guardar preferencias" }).click();
  await expect(page.getByRole("status")).toHaveText("Preferencias de cookies guardadas.");
  await expect(page.getByRole("region", { name: "Aviso de cookies" })).toHaveCount(0);
  const consent = (await context.cookies()).find((cookie) => cookie.name === "farmanexo_consent");
  expect(consent?.value).toMatch(/^0\.1\.\d{6}\.[0-9a-z]+$/);
  await context.close();
});

test("on a 390×844 phone the unanswered cookie banner never covers the chat's message box", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, "demo-visita@farmanexo.test", DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto("/app/chat");
  // The test before published new terms: the gate asks first (the banner stays unanswered).
  const gate = page.getByRole("heading", { level: 1, name: "Hemos actualizado las condiciones de uso" });
  if (await gate.isVisible()) {
    await page.getByRole("checkbox", { name: /He leído y acepto la nueva versión/ }).check();
    await page.getByRole("button", { name: "Aceptar y continuar" }).click();
    await expect(gate).toHaveCount(0);
    await page.goto("/app/chat");
  }
  await page.getByRole("list", { name: "Conversaciones" }).getByRole("link").first().click();
  const box = page.getByRole("textbox", { name: "Escribe un mensaje" });
  await expect(box).toBeVisible();
  const banner = page.getByRole("region", { name: "Aviso de cookies" });
  await expect(banner).toBeVisible();
  const send = page.getByRole("button", { name: "Enviar", exact: true });
  const [boxArea, sendArea, bannerArea] = await Promise.all([box.boundingBox(), send.boundingBox(), banner.boundingBox()]);
  expect(boxArea && sendArea && bannerArea).toBeTruthy();
  for (const area of [boxArea, sendArea]) expect((area?.y ?? 0) + (area?.height ?? 0)).toBeLessThanOrEqual(bannerArea?.y ?? 0);
  // Answered, the room it kept is given back: the message box moves to the bottom of the screen.
  await banner.getByRole("button", { name: "Rechazar" }).click();
  await expect(banner).toBeHidden();
  await expect
    .poll(async () => Math.round(((await box.boundingBox())?.y ?? 0) + ((await box.boundingBox())?.height ?? 0)))
    .toBeGreaterThan(Math.round(bannerArea?.y ?? 0));
});
