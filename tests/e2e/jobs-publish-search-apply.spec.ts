import type { Page } from "@playwright/test";
import { byLabel, chooseCookies, login, PASSWORD } from "./support/accounts-flow";
import { checkA11y, expect, test } from "./support/fixtures";
import { applyTo, runToken, signOut, signUpAfresh } from "./support/jobs-flow";
import { mailsTo, waitForMail } from "./support/mail";

// A company account of the demo data (its administrador_empleo publishes for "Iberdata Bioestadística").
const COMPANY_EMAIL = "empleo-iberdata-bioestadistica@farmanexo.test";
const COMPANY_PASSWORD = PASSWORD;

async function signInAsCompany(page: Page) {
  await signOut(page);
  await login(page, COMPANY_EMAIL, COMPANY_PASSWORD);
  await expect(page).toHaveURL(/\/app\/empleo\/panel$/);
  await expect(page.getByRole("heading", { level: 1, name: "Panel de empleo" })).toBeVisible();
}

test.beforeEach(async ({ context }) => {
  await chooseCookies(context);
});

test("a company publishes an offer, a candidate finds it without accents and applies, and follows its status", async ({
  page,
  consoleProblems,
}) => {
  test.setTimeout(180_000);
  const token = runToken();
  const title = `Técnico de farmacovigilancia en biológicos Zúñiga ${token}`;

  // The company writes the offer in the panel and publishes it.
  await signInAsCompany(page);
  await checkA11y(page);
  await page.getByRole("link", { name: "Nueva oferta" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Nueva oferta" })).toBeVisible();
  const editor = page.getByRole("textbox", { name: "Descripción de la oferta" });
  await expect(editor).toBeVisible();
  await checkA11y(page);

  // The shared schema answers in the browser first, per field.
  await page.getByRole("button", { name: "Publicar" }).click();
  await expect(page.getByText("El título debe tener al menos 5 caracteres.")).toBeVisible();
  await expect(page.getByText("Elige un puesto.")).toBeVisible();

  await byLabel(page, "Título de la oferta").fill(title);
  await byLabel(page, "Puesto").selectOption({ label: "Técnico de farmacovigilancia" });
  await byLabel(page, "Vacantes").fill("2");
  await byLabel(page, "Provincia o estado").selectOption({ label: "Madrid" });
  await byLabel(page, "Ciudad").fill("Alcalá de Henares");
  await byLabel(page, "Modalidad").selectOption({ label: "Híbrido" });
  await byLabel(page, "Salario desde").fill("30000");
  await byLabel(page, "Salario hasta").fill("38000");
  await editor.click();
  await editor.pressSequentially("Buscamos una persona para el área de farmacovigilancia de productos biológicos. ");
  await editor.pressSequentially("Gestionarás casos de seguridad, señales e informes periódicos con el equipo médico.");
  await page.getByRole("button", { name: "Publicar" }).click();
  await expect(page).toHaveURL(/\/app\/empleo\/panel\?aviso=publicada$/);
  await expect(page.getByText("Oferta publicada: ya aparece en el listado y admite candidaturas.")).toBeVisible();
  const panelCard = page.getByRole("article", { name: title });
  await expect(panelCard.getByText("Publicada", { exact: true })).toBeVisible();
  await checkA11y(page);

  // A new candidate signs up, searches with no accents and finds it.
  const candidateEmail = await signUpAfresh(page, "candidato", "candidata");

  await page.goto("/app/empleo/p/espana");
  await page.getByRole("searchbox", { name: /Buscar en/ }).fill(`tecnico farmacovigilancia biologicos zuniga ${token}`);
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=tecnico\\+farmacovigilancia\\+biologicos\\+zuniga\\+${token}$`));
  await expect(page.getByText("1 oferta abierta")).toBeVisible();
  const result = page.getByRole("article").filter({ hasText: title });
  await expect(result).toHaveCount(1);
  await expect(result.getByText("30.000 € – 38.000 € al año")).toBeVisible();
  await checkA11y(page);

  // The offer page, then the application with a PDF and a cover letter.
  await result.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("Alcalá de Henares, Madrid, España").first()).toBeVisible();
  await checkA11y(page);
  await page.getByRole("button", { name: "Guardar oferta" }).click();
  await expect(page.getByRole("button", { name: "Oferta guardada" })).toBeVisible();
  await applyTo(page, { cv: "cv-lucia.pdf", letter: "Tengo tres años de experiencia en farmacovigilancia de biológicos.", a11y: true });
  await expect(page.getByText("Ya te has inscrito · Estado:")).toBeVisible();
  await expect(page.getByText("Recibida", { exact: true })).toBeVisible();
  await checkA11y(page);

  await page.goto("/app/empleo/candidaturas");
  const application = page.getByRole("listitem").filter({ hasText: title });
  await expect(application.getByText("Recibida", { exact: true })).toBeVisible();
  await checkA11y(page);
  expect((await mailsTo(candidateEmail)).some((m) => /En proceso/.test(m.subject))).toBe(false);

  // The company sees the applicant, downloads the CV and moves the application on.
  await signInAsCompany(page);
  await page.getByRole("article", { name: title }).getByRole("link", { name: "1 candidatura" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Candidaturas: ${title}` })).toBeVisible();
  const applicant = page.getByRole("article", { name: "Lucía Martín Pérez" });
  await expect(applicant.getByText("Tengo tres años de experiencia en farmacovigilancia de biológicos.")).toBeVisible();
  const cv = await page.request.get((await applicant.getByRole("link", { name: /Descargar CV/ }).getAttribute("href")) ?? "");
  expect(cv.status()).toBe(200);
  expect((await cv.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await checkA11y(page);
  await applicant.getByLabel("Estado de Lucía Martín Pérez").selectOption({ label: "En proceso" });
  await applicant.getByRole("button", { name: "Cambiar estado" }).click();
  // The status badge (the select's options carry the same words).
  await expect(applicant.locator(".mantine-Badge-label").getByText("En proceso", { exact: true })).toBeVisible();
  await expect(applicant.getByLabel("Estado de Lucía Martín Pérez")).toHaveValue("finalista");

  // The candidate is told by e-mail and sees the new status in "Mis candidaturas".
  const mail = await waitForMail(candidateEmail, /En proceso/);
  expect(mail.subject).toContain(title);
  expect(mail.text).toContain(title);
  await signOut(page);
  await login(page, candidateEmail, PASSWORD);
  await expect(page).toHaveURL(/\/app\/cuenta$/); // landed (else the login's own navigation races ours)
  await page.goto("/app/empleo/candidaturas");
  await expect(page.getByRole("listitem").filter({ hasText: title }).getByText("En proceso", { exact: true })).toBeVisible();
  await page.goto("/app/empleo/guardadas");
  await expect(page.getByRole("article").filter({ hasText: title })).toBeVisible();
  await checkA11y(page);
  expect(consoleProblems).toEqual([]);
});

test("private jobs pages: visitors go to log in, other roles get a 403 page", async ({ page, request }) => {
  const response = await request.get("/app/empleo/panel", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/app/auth/login?redirect_url=%2Fapp%2Fempleo%2Fpanel");
  const candidatePage = await request.get("/app/empleo/candidaturas", { maxRedirects: 0 });
  expect(candidatePage.headers().location).toBe("/app/auth/login?redirect_url=%2Fapp%2Fempleo%2Fcandidaturas");

  await signInAsCompany(page);
  const forbidden = await page.goto("/app/empleo/candidaturas");
  expect(forbidden?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1, name: "No tienes acceso a esta página" })).toBeVisible();
  await checkA11y(page);
});

test("an alert is created from a search and removed from the alerts page; the unsubscribe link works signed out", async ({ page }) => {
  await signUpAfresh(page, "candidato", "alerta");

  await page.goto("/app/empleo/p/espana/cargo/visitador-medico?modalidad=presencial");
  await page.getByRole("button", { name: "Crear alerta con esta búsqueda" }).click();
  await expect(page).toHaveURL(/\/app\/empleo\/alertas\?creada=1$/);
  await expect(page.getByText("Alerta creada")).toBeVisible();
  const item = page.getByRole("listitem").filter({ hasText: "Visitador médico" });
  await expect(item).toContainText("Presencial");
  await checkA11y(page);
  await item.getByRole("button", { name: /Eliminar/ }).click();
  await expect(page.getByText("No tienes alertas")).toBeVisible();

  await signOut(page);
  await page.goto("/app/empleo/alertas/baja/token-que-no-existe");
  await expect(page.getByRole("heading", { level: 1, name: "Alerta de empleo" })).toBeVisible();
  await checkA11y(page);
  await page.getByRole("button", { name: "Darme de baja" }).click();
  await expect(page.getByText("Esta alerta ya no existe")).toBeVisible();
});
