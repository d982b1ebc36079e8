import { chooseCookies, DEMO_PASSWORD, login } from "./support/accounts-flow";
import { checkA11y, expect, test } from "./support/fixtures";
import { linkIn, waitForMail } from "./support/mail";

const REP_EMAIL = "demo-visita@farmanexo.test";
const PROFESSIONAL_EMAIL = `e2e-${Date.now()}@centro-salud.test`;

test.beforeEach(async ({ context }) => {
  await chooseCookies(context);
});

test("the demo representative asks a professional to verify a visit; the professional confirms from the e-mail; the count shows on the dashboard and the public profile", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);

  await login(page, REP_EMAIL, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/app\/visita\/visitador$/);
  await expect(page.getByRole("heading", { name: "Tu perfil público" })).toBeVisible();
  await checkA11y(page);

  // The newest portfolio entry has no verifications yet.
  const entry = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: /^Pedir verificación de / }) })
    .first();
  await expect(entry.getByText("0 verificaciones")).toBeVisible();
  const productName = ((await entry.getByRole("link").first().textContent()) ?? "").trim();
  await entry.getByRole("link", { name: `Pedir verificación de ${productName}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pedir una verificación" })).toBeVisible();
  await checkA11y(page);

  // Refused without the professional's details, then sent.
  await page.getByRole("button", { name: "Enviar solicitud" }).click();
  await expect(page.getByText("Escribe el nombre del profesional.")).toBeVisible();
  await page.getByLabel("Nombre del profesional").fill("Dra. Elena Prieto");
  await page.getByLabel("Correo electrónico").fill(PROFESSIONAL_EMAIL);
  await page.getByLabel("Número de colegiado (opcional)").fill("282899999");
  await page.getByRole("button", { name: "Enviar solicitud" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Solicitud enviada" })).toBeVisible();
  await expect(page.getByText(PROFESSIONAL_EMAIL)).toBeVisible();
  await checkA11y(page);

  // The professional opens the link from the e-mail in their own browser, without an account.
  const mail = await waitForMail(PROFESSIONAL_EMAIL, /producto/);
  const link = linkIn(mail, "/app/visita/visitador/public/verify/");
  const professional = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: "es-ES" });
  await chooseCookies(professional);
  const proPage = await professional.newPage();
  await proPage.goto(link);
  await expect(proPage.getByRole("heading", { level: 1, name: "Verificar una visita" })).toBeVisible();
  await expect(proPage.getByText(productName)).toBeVisible();
  await expect(proPage.getByText("Javier Romero Visitador")).toBeVisible();
  await checkA11y(proPage);
  // Opening it again changes nothing (mail scanners open links too).
  await proPage.reload();
  await proPage.getByRole("button", { name: "Confirmar" }).click();
  await expect(proPage.getByText("Has confirmado esta visita. ¡Gracias!")).toBeVisible();
  await checkA11y(proPage);
  await proPage.reload();
  await expect(proPage.getByText("Has confirmado esta visita. ¡Gracias!")).toBeVisible();
  await expect(proPage.getByRole("button", { name: "Confirmar" })).toHaveCount(0);

  // The dashboard counts it.
  await page.goto("/app/visita/visitador");
  const counted = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: productName, exact: true }) });
  await expect(counted.getByText("1 verificación", { exact: true })).toBeVisible();
  await expect(counted.getByText(/^Última: /)).toBeVisible();

  // So does the public profile, for a visitor who says they are a healthcare professional (the
  // medicine needs a prescription: decision 0074 hides it from the others).
  const profileHref = await page.getByRole("link", { name: "Ver mi perfil público" }).getAttribute("href");
  expect(profileHref).toMatch(/\/app\/visita\/user\/\d+-javier-romero-visitador$/);
  await proPage.goto(profileHref as string);
  await expect(proPage.getByRole("heading", { level: 1, name: "Javier Romero Visitador" })).toBeVisible();
  await proPage.getByRole("button", { name: "Soy profesional sanitario" }).click();
  const card = proPage.locator(".mantine-Card-root").filter({ has: proPage.getByRole("link", { name: productName, exact: true }) });
  await expect(card.getByText("1 verificación", { exact: true })).toBeVisible();
  await expect(proPage.getByRole("link", { name: "Contactar" })).toBeVisible();
  await checkA11y(proPage);
  await professional.close();
});
