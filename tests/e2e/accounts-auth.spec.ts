import type { APIRequestContext } from "@playwright/test";
import { byLabel, chooseCookies, DEMO_PASSWORD, login, PASSWORD, register, uniqueEmail } from "./support/accounts-flow";
import { checkA11y, expect, test } from "./support/fixtures";
import { linkIn, waitForMail } from "./support/mail";

test.beforeEach(async ({ context }) => chooseCookies(context));

/** Chromium logs an expected 4xx answer of the API as a console error; only that exact one is forgiven. */
function forgive(problems: string[], pattern: RegExp) {
  for (let i = problems.length - 1; i >= 0; i--) if (pattern.test(problems[i] as string)) problems.splice(i, 1);
}

/** A fresh, unconfirmed account through the API (the specification's payload), for tests of its e-mails. */
async function registerByApi(request: APIRequestContext, email: string, type: "web" | "mkt") {
  const registration = {
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    register_type: type,
    pais_id: 28,
    acepta_condiciones: true,
  };
  expect((await request.post("/api/register", { data: registration })).status()).toBe(201);
}

test("a failed login shows «¡Lo sentimos!» and offers to create an account", async ({ page, consoleProblems }) => {
  await login(page, "nadie@example.com", "Incorrecta-123");
  const dialog = page.getByRole("dialog", { name: "¡Lo sentimos!" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("No existe ninguna cuenta");
  await checkA11y(page);
  await dialog.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page).toHaveURL(/:\d+\/app\/auth\/crear-cuenta$/);
  forgive(consoleProblems, /status of 401 .*\/app\/auth\/login/);
});

test("a dialog asked for before the dialogs' code has arrived opens once it arrives", async ({ page, consoleProblems }) => {
  // Dialogs and notifications load when the browser is idle and mount on first use (decision 0053): hold them.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const overlaysFile = /\/assets\/overlays-[\w-]+\.js$/;
  await page.route(overlaysFile, async (route) => {
    await held;
    await route.continue();
  });
  const answered = page.waitForResponse(/\/app\/auth\/login\.data/);
  await login(page, "nadie@example.com", "Incorrecta-123");
  await answered;
  const dialog = page.getByRole("dialog", { name: "¡Lo sentimos!" });
  await page.waitForTimeout(300);
  await expect(dialog).toBeHidden();
  release();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("No existe ninguna cuenta");
  forgive(consoleProblems, /status of 401 .*\/app\/auth\/login/);
});

test("the login form shows Spanish errors under the fields and focuses the first", async ({ page, consoleProblems }) => {
  await page.goto("/app/auth/login");
  await page.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
  await expect(page.getByText("Introduce un correo electrónico válido")).toBeVisible();
  await expect(page.getByText("Introduce tu contraseña")).toBeVisible();
  await expect(byLabel(page, "Correo electrónico")).toBeFocused();
  await checkA11y(page);
  forgive(consoleProblems, /status of 422 .*\/app\/auth\/login/);
});

test("the login form works before the page's script has loaded (a plain POST)", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  await chooseCookies(context);
  const page = await context.newPage();
  await page.goto("/app/auth/login");
  await byLabel(page, "Correo electrónico").fill("nadie@example.com");
  await byLabel(page, "Contraseña").fill("Incorrecta-123");
  await page.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
  await expect(page.getByText("No existe ninguna cuenta")).toBeVisible();
  await expect(byLabel(page, "Correo electrónico")).toHaveValue("nadie@example.com");
  await expect(byLabel(page, "Contraseña")).toHaveValue("");
  await byLabel(page, "Correo electrónico").fill("demo-candidato@farmanexo.test");
  await byLabel(page, "Contraseña").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
  await expect(page).toHaveURL(/:\d+\/app\/cuenta$/);
  await context.close();
});

test("an unverified account is offered «Reenviar correo»", async ({ page, consoleProblems }) => {
  const email = uniqueEmail("sinverificar");
  await register(page, "web", email);
  await login(page, email, PASSWORD);
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Reenviar correo" }).click();
  // The notice (its module loads while the request runs) says the e-mail went out.
  await expect(page.getByRole("alert").filter({ hasText: "Correo de confirmación enviado" })).toBeVisible();
  forgive(consoleProblems, /status of 403 .*\/app\/auth\/login/);
});

test("password reset: request, e-mail link, new password, log in with it", async ({ page, request }) => {
  // Its own marketing account: a shared demo account's password must not change under later specs.
  const email = uniqueEmail("reset-mkt");
  await registerByApi(request, email, "mkt");
  await page.goto("/app/auth/change-password");
  await expect(page.getByRole("heading", { level: 1, name: "Recuperar contraseña" })).toBeVisible();
  await checkA11y(page);
  await byLabel(page, "Correo electrónico").fill(email);
  await page.getByRole("button", { name: "Enviar enlace" }).click();
  const dialog = page.getByRole("dialog", { name: "¡Solicitud enviada!" });
  await expect(dialog).toContainText("Si el email está registrado en Farmanexo, recibirás un correo para restablecer la contraseña.");
  await dialog.getByRole("button", { name: "Aceptar" }).click();
  await expect(page).toHaveURL(/:\d+\/app\/auth\/login$/);

  const mail = await waitForMail(email, /contraseña/i);
  await page.goto(linkIn(mail, "/app/auth/renew-password"));
  await expect(page.getByRole("heading", { level: 1, name: "Elige una contraseña nueva" })).toBeVisible();
  await expect(byLabel(page, "Contraseña nueva")).toBeEnabled();
  await checkA11y(page);
  const fresh = "Nueva-clave-2026";
  await byLabel(page, "Contraseña nueva").fill(fresh);
  await byLabel(page, "Repite la contraseña").fill(fresh);
  await page.getByRole("button", { name: "Guardar contraseña" }).click();
  await expect(page).toHaveURL(/:\d+\/app\/auth\/login$/);
  // The notice (the page's own success message is for browsers without JavaScript).
  await expect(page.getByRole("alert").filter({ hasText: "Contraseña cambiada correctamente" })).toBeVisible();

  await login(page, email, fresh);
  // A marketing account lands on its representative profile home.
  await expect(page).toHaveURL(/:\d+\/app\/visita\/visitador$/);
});

test("a bad reset link ends in «Ups algo ha ido mal» and back to login", async ({ page }) => {
  await page.goto("/app/auth/renew-password?token=no-vale");
  const dialog = page.getByRole("dialog", { name: "Ups algo ha ido mal" });
  await expect(dialog).toContainText("El enlace para restablecer la contraseña no es válido o ya se ha utilizado.");
  await dialog.getByRole("button", { name: "Aceptar" }).click();
  await expect(page).toHaveURL(/:\d+\/app\/auth\/login$/);
});

test("e-mail links work before the page's JavaScript, and opening them spends nothing", async ({ browser, request }) => {
  // A fresh account: the reset proves the address, and no shared demo password changes.
  const email = uniqueEmail("sin-js");
  await registerByApi(request, email, "web");
  const verification = linkIn(await waitForMail(email, /confirm/i), "/app/register/verification");
  expect((await request.post("/api/renew-password/send", { data: { email } })).status()).toBe(200);
  const reset = linkIn(await waitForMail(email, /contraseña/i), "/app/auth/renew-password");

  const context = await browser.newContext({ javaScriptEnabled: false });
  await chooseCookies(context);
  const page = await context.newPage();
  // Opened twice, as a mail scanner and then the person would: still good for the button.
  for (let i = 0; i < 2; i++) await page.goto(verification);
  await page.getByRole("button", { name: "Confirmar mi correo" }).click();
  await expect(page).toHaveURL(/:\d+\/app\/auth\/crear-cuenta\/web(\?|$)/);
  await context.clearCookies();
  await chooseCookies(context);

  for (let i = 0; i < 2; i++) await page.goto(reset);
  const fresh = "Sin-javascript-2026";
  await page.getByLabel(/^Contraseña nueva/).fill(fresh);
  await page.getByLabel(/^Repite la contraseña/).fill(fresh);
  await page.getByRole("button", { name: "Guardar contraseña" }).click();
  await expect(page.getByText("Contraseña cambiada correctamente")).toBeVisible();
  await context.close();
  expect((await request.post("/api/login", { data: { email, password: fresh } })).status()).toBe(200);
});

test("guards: anonymous visitors go to login and come back; signed-in users skip login and crear-cuenta", async ({ page }) => {
  await page.goto("/app/visita/visitador");
  await expect(page).toHaveURL(/:\d+\/app\/auth\/login\?redirect_url=%2Fapp%2Fvisita%2Fvisitador$/);
  await checkA11y(page);
  await page.goto("/app/cuenta");
  await expect(page).toHaveURL(/:\d+\/app\/auth\/login\?redirect_url=%2Fapp%2Fcuenta$/);
  await byLabel(page, "Correo electrónico").fill("demo-visita@farmanexo.test");
  await byLabel(page, "Contraseña").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
  await expect(page).toHaveURL(/:\d+\/app\/cuenta$/);
  await checkA11y(page);

  // Signed in: login sends a representative to their page; crear-cuenta and the reset pages go through login.
  await page.goto("/app/auth/login");
  await expect(page).toHaveURL(/:\d+\/app\/visita\/visitador$/);
  await page.goto("/app/auth/crear-cuenta");
  await expect(page).toHaveURL(/:\d+\/app\/visita\/visitador$/);
  await page.goto("/app/auth/change-password");
  await expect(page).toHaveURL(/:\d+\/app\/visita\/visitador$/);

  await page.goto("/app/cuenta/sesiones");
  await expect(page.getByText("Esta sesión")).toBeVisible();
  await checkA11y(page);
  await page.goto("/app/cuenta/privacidad");
  await expect(page.getByRole("link", { name: "Descargar mis datos" })).toBeVisible();
  await checkA11y(page);
});

test("a web user opening the representative page gets 403; login sends them to their area", async ({ page, consoleProblems }) => {
  await login(page, "demo-candidato@farmanexo.test", DEMO_PASSWORD);
  await expect(page).toHaveURL(/:\d+\/app\/cuenta$/);
  const response = await page.goto("/app/visita/visitador");
  expect(response?.status()).toBe(403);
  await page.goto("/app/auth/login");
  await expect(page).toHaveURL(/:\d+\/app\/cuenta$/);
  forgive(consoleProblems, /status of 403/);
});

test("legacy addresses redirect to their configured destinations", async ({ page }) => {
  await page.goto("/app/canal-farmacias");
  await expect(page).toHaveURL(/:\d+\/app\/noticias$/);
  await page.goto("/app/pf3");
  await expect(page).toHaveURL(/:\d+\/app\/auth\/crear-cuenta\/candidato$/);
});

test("the consent banner remembers the choice", async ({ page, context }) => {
  await context.clearCookies();
  await page.goto("/app/auth/login");
  const banner = page.getByRole("region", { name: "Aviso de cookies" });
  await expect(banner).toBeVisible();
  await checkA11y(page);
  await banner.getByRole("button", { name: "Rechazar" }).click();
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Iniciar sesión" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Aviso de cookies" })).toHaveCount(0);
});
