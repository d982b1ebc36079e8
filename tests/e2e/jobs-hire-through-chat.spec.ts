import type { Page } from "@playwright/test";
import { byLabel, chooseCookies, DEMO_PASSWORD, PASSWORD } from "./support/accounts-flow";
import { checkA11y, expect, test } from "./support/fixtures";
import { applyInOneClick, applyTo, fillNewOffer, publishAndOpen, runToken, saveCv, signInAfresh, signUpAfresh } from "./support/jobs-flow";
import { waitForMail } from "./support/mail";

// Issue 28's story, end to end: a candidate with a saved CV and a filled profile applies in one
// click to an offer with a screening question (shown first, no error before sending); a second
// candidate finds the offer with a typo and applies too; the company opens the applications (seen),
// writes to the first through the chat and hires her; the other applicant is told the offer is
// filled; the hired candidate sees each step.

const COMPANY_EMAIL = "demo-empleo@farmanexo.test";
const HIRED_EMAIL = "demo-candidato@farmanexo.test";
const HIRED_NAME = "Carmen Ortega Candidata";
const OTHER_NAME = "Lucía Martín Pérez";
const QUESTION = "¿Tienes experiencia en visita hospitalaria?";

/** A message in the open conversation (the conversation list repeats its first words). */
function bubble(page: Page, text: string) {
  return page.locator("[class*=bubble]").filter({ hasText: text });
}

/**
 * The demo conversation between these two accounts links to cima.aemps.es; this machine has no
 * network, so its preview fails (422) and the browser logs it. Not part of this story.
 */
function ignoreOfflinePreviews(problems: string[]) {
  for (let i = problems.length - 1; i >= 0; i--)
    if (problems[i]?.includes("/api/link-preview?url=https%3A%2F%2Fcima.aemps.es")) problems.splice(i, 1);
}

test.beforeEach(async ({ context }) => {
  await chooseCookies(context);
});

test("a candidate applies in one click, the company opens it, writes through the chat and hires her; the other applicant is told", async ({
  page,
  consoleProblems,
}) => {
  test.setTimeout(420_000);
  const token = runToken();
  const title = `Visitador médico hospitalario ${token}`;

  // The company publishes an offer (one vacancy) with a knock-out screening question.
  await signInAfresh(page, COMPANY_EMAIL, DEMO_PASSWORD);
  await expect(page.getByRole("heading", { level: 1, name: "Panel de empleo" })).toBeVisible();
  await fillNewOffer(page, {
    title,
    puesto: "Visitador médico",
    description: "Visitarás los servicios de oncología de los hospitales de Madrid con el equipo médico.",
  });
  await page.getByRole("button", { name: "Añadir pregunta" }).click();
  const question = page.getByRole("group", { name: "Pregunta 1" });
  await question.getByRole("textbox", { name: "Pregunta 1" }).fill(QUESTION);
  await question.getByLabel("Eliminatoria").selectOption({ label: "Descarta si responde «No»" });
  const offerPath = await publishAndOpen(page, title);

  // The first candidate fills her profile and keeps a CV.
  await signInAfresh(page, HIRED_EMAIL, DEMO_PASSWORD);
  await page.goto("/app/empleo/perfil");
  await byLabel(page, "Titular").fill("Visitadora médica en oncología");
  await byLabel(page, "Habilidades").fill("Oncología, Visita hospitalaria, CRM");
  await page.getByRole("switch", { name: "Abierto a ofertas" }).check();
  await page.getByRole("button", { name: "Guardar perfil" }).click();
  await expect(page.getByText("Perfil guardado")).toBeVisible();
  await saveCv(page, "cv-carmen.pdf");

  // One click: the question comes first, with no error before anything was sent.
  await page.goto(offerPath);
  const oneClick = page.getByRole("form", { name: "Inscripción con un clic" });
  const answer = oneClick.getByRole("radiogroup", { name: QUESTION });
  await expect(answer).toBeVisible();
  await expect(page.getByText("Responde a esta pregunta.")).toHaveCount(0);
  await expect(page.getByText("Los datos enviados no son válidos")).toHaveCount(0);
  await checkA11y(page);
  await applyInOneClick(page, { [QUESTION]: "Sí" });
  await expect(page.getByText("Los datos enviados no son válidos")).toHaveCount(0);

  // A second candidate signs up and finds the offer with a typo («vistador»).
  const otherEmail = await signUpAfresh(page, "candidato", "segunda");
  await page.goto("/app/empleo/p/espana");
  await page.getByRole("searchbox", { name: /Buscar en/ }).fill(`vistador medico ${token}`);
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  const found = page.getByRole("article").filter({ hasText: title });
  await expect(found).toHaveCount(1);
  await found.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await applyTo(page, { cv: "cv-lucia.pdf", answers: { [QUESTION]: "Sí" } });

  // The company sees two new applications and opens them: they are seen.
  await signInAfresh(page, COMPANY_EMAIL, DEMO_PASSWORD);
  const panelCard = page.getByRole("article", { name: title });
  await expect(panelCard.getByText("2 sin revisar")).toBeVisible();
  await panelCard.getByRole("link", { name: "2 candidaturas" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Candidaturas: ${title}` })).toBeVisible();
  const hired = page.getByRole("article", { name: HIRED_NAME });
  await expect(hired.getByRole("region", { name: `Perfil de ${HIRED_NAME}` })).toContainText("Visitadora médica en oncología");
  await checkA11y(page);
  await page.goto("/app/empleo/panel");
  await expect(page.getByRole("article", { name: title })).toBeVisible();
  await expect(page.getByRole("article", { name: title }).getByText("sin revisar")).toHaveCount(0);

  // It writes to the first candidate through the chat.
  await page.getByRole("article", { name: title }).getByRole("link", { name: "2 candidaturas" }).click();
  await hired.getByText("Enviar mensaje", { exact: true }).first().click();
  const greeting = `Hola, Carmen: ¿podemos hablar mañana sobre la oferta ${token}?`;
  await hired.getByRole("textbox", { name: `Mensaje para ${HIRED_NAME}` }).fill(greeting);
  await hired.getByRole("button", { name: "Enviar mensaje" }).click();
  await expect(page).toHaveURL(/\/app\/chat\/\d+/);
  await expect(bubble(page, greeting)).toBeVisible();

  // The candidate sees «Vista por la empresa» and the message.
  await signInAfresh(page, HIRED_EMAIL, DEMO_PASSWORD);
  await page.goto("/app/empleo/candidaturas");
  const mine = page.getByRole("listitem").filter({ hasText: title });
  await expect(mine.getByText("Vista por la empresa")).toBeVisible();
  await expect(mine.getByText("Recibida", { exact: true })).toBeVisible();
  await page.goto("/app/chat");
  await page.getByRole("link").filter({ hasText: greeting }).first().click();
  await expect(bubble(page, greeting)).toBeVisible();

  // The company hires her with a message; the offer's one vacancy is filled.
  await signInAfresh(page, COMPANY_EMAIL, DEMO_PASSWORD);
  await page.getByRole("article", { name: title }).getByRole("link", { name: "2 candidaturas" }).click();
  await hired.getByLabel(`Estado de ${HIRED_NAME}`).selectOption({ label: "Contratada" });
  await hired
    .getByLabel("Mensaje para la persona candidata (opcional)")
    .fill("¡Bienvenida al equipo! Te escribimos con la fecha de incorporación.");
  await hired.getByRole("button", { name: "Cambiar estado" }).click();
  await expect(hired.locator(".mantine-Badge-label").getByText("Contratada", { exact: true })).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole("article", { name: OTHER_NAME }).locator(".mantine-Badge-label").getByText("Descartada", { exact: true }),
  ).toBeVisible();

  // The other applicant is told the offer is filled, and sees it.
  const filled = await waitForMail(otherEmail, /se ha cubierto/);
  expect(filled.subject).toContain(title);
  await signInAfresh(page, otherEmail, PASSWORD);
  await page.goto("/app/empleo/candidaturas");
  await expect(page.getByRole("listitem").filter({ hasText: title }).getByText("Descartada", { exact: true })).toBeVisible();

  // The hired candidate is told by e-mail and sees «Contratada» with the company's words.
  const hiredMail = await waitForMail(HIRED_EMAIL, new RegExp(`${token}.*Contratada`));
  expect(hiredMail.subject).toContain(title);
  await signInAfresh(page, HIRED_EMAIL, DEMO_PASSWORD);
  await page.goto("/app/empleo/candidaturas");
  await expect(mine.getByText("Contratada", { exact: true }).first()).toBeVisible();
  await expect(mine.getByText("¡Bienvenida al equipo! Te escribimos con la fecha de incorporación.")).toBeVisible();
  await checkA11y(page);
  ignoreOfflinePreviews(consoleProblems);
  expect(consoleProblems).toEqual([]);
});
