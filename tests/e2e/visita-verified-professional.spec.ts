import type { Browser, Page } from "@playwright/test";
import { VERIFIED_BADGE } from "#common/accounts/professional-verification";
import { chooseCookies, DEMO_PASSWORD, login } from "./support/accounts-flow";
import { pdfFile } from "./support/files";
import { checkA11y, expect, test } from "./support/fixtures";

// Issue 30's story: a web user asks to be verified, a moderator approves, the gate no longer asks
// them, and a representative's visit they confirm in the app counts on the representative's profile.
const PROFESSIONAL = { email: "demo-web@farmanexo.test", name: "Lucía Martín Web" };
const REP_EMAIL = "demo-visita@farmanexo.test";
const MODERATOR_EMAIL = "demo-moderador@farmanexo.test";

test.beforeEach(async ({ context }) => {
  await chooseCookies(context);
});

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: "es-ES" });
  await chooseCookies(context);
  const page = await context.newPage();
  await login(page, email, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/auth\/login/);
  return page;
}

test("a web user is verified by a moderator, reads a prescription medicine without the gate and confirms a representative's visit in the app", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);

  // 1. Not verified yet, the web user meets the gate on a prescription medicine, then asks to be
  // verified, with a proof.
  await login(page, PROFESSIONAL.email, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto("/app/visita/result?q=amoxicilina");
  await page
    .getByRole("link", { name: /amoxicilina/i })
    .first()
    .click();
  // The demo user has declared themselves a professional: withdrawn, the gate asks again.
  await page.getByRole("button", { name: "Retirar mi declaración" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "¿Es usted profesional sanitario?" })).toBeVisible();
  const productUrl = page.url();
  await page.goto("/app/cuenta/profesional");
  await expect(page.getByText("Sin verificar")).toBeVisible();
  await page.getByLabel("Profesión").selectOption("medico");
  await page.getByLabel("Número de colegiado").fill("282812345");
  await page.getByLabel("Provincia del colegio").selectOption({ index: 1 });
  await page.locator('input[name="justificante"]').setInputFiles(pdfFile("carne-colegiado.pdf", "Carne de colegiado"));
  await page.getByRole("button", { name: "Enviar solicitud" }).click();
  await expect(page.getByText("Solicitud enviada: te avisaremos por correo cuando la revisemos.")).toBeVisible();
  await expect(page.getByText("Solicitud pendiente")).toBeVisible();
  await checkA11y(page);

  // 2. A moderator approves it in the back office.
  const moderator = await signedIn(browser, MODERATOR_EMAIL);
  await moderator.goto("/app/admin/profesionales");
  // Found by e-mail: other specs may have renamed the demo user.
  const request = moderator.getByRole("article").filter({ hasText: `Correo: ${PROFESSIONAL.email}` });
  await expect(request.getByRole("link", { name: /^Ver el justificante de / })).toBeVisible();
  await checkA11y(moderator);
  await request.getByRole("button", { name: "Aprobar" }).click();
  await expect(moderator.getByRole("article").filter({ hasText: `Correo: ${PROFESSIONAL.email}` })).toHaveCount(0);
  await moderator.context().close();

  // 3. Verified: the badge, and a prescription medicine opens without the gate.
  await page.goto("/app/cuenta/profesional");
  await expect(page.getByText(VERIFIED_BADGE, { exact: true })).toBeVisible();
  await page.goto(productUrl);
  await expect(page.getByRole("heading", { level: 2, name: "Presentaciones" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "¿Es usted profesional sanitario?" })).toHaveCount(0);

  // 4. The representative asks them to confirm a visit: a verified professional gets it in the app.
  const rep = await signedIn(browser, REP_EMAIL);
  await expect(rep).toHaveURL(/\/app\/visita\/visitador$/);
  const profileLink = rep.getByRole("link", { name: "Ver mi perfil público" });
  const profileUrl = (await profileLink.getAttribute("href")) ?? "";
  await rep.goto(profileUrl);
  const countLine = rep.getByText(/visitas? confirmadas? por profesionales verificados/);
  const before = Number.parseInt((await countLine.textContent()) ?? "0", 10);
  await rep.goto("/app/visita/visitador");
  const entry = rep.getByRole("link", { name: /^Pedir verificación de / }).first();
  await entry.click();
  await expect(rep.getByRole("heading", { level: 1, name: "Pedir una verificación" })).toBeVisible();
  await rep.getByLabel("Nombre del profesional").fill(PROFESSIONAL.name);
  await rep.getByLabel("Correo electrónico").fill(PROFESSIONAL.email);
  await rep.getByRole("button", { name: "Enviar solicitud" }).click();
  await expect(rep.getByRole("heading", { level: 1, name: "Solicitud enviada" })).toBeVisible();

  // 5. The professional confirms it in Mi cuenta › Profesional; the representative's profile counts it.
  await page.goto("/app/cuenta/profesional");
  await page.getByRole("button", { name: /^Confirmar la visita de / }).click();
  await expect(page.getByText("Visita confirmada. ¡Gracias!")).toBeVisible();
  await checkA11y(page);
  await rep.goto(profileUrl);
  await expect(
    rep.getByText(
      before + 1 === 1
        ? "1 visita confirmada por profesionales verificados"
        : `${before + 1} visitas confirmadas por profesionales verificados`,
    ),
  ).toBeVisible();
  await rep.context().close();
});
