import type { Page } from "@playwright/test";
import { byLabel, chooseCookies, DEMO_PASSWORD, pickOption } from "./support/accounts-flow";
import { checkA11y, expect, test } from "./support/fixtures";
import { applyInOneClick, fillNewOffer, publishAndOpen, runToken, saveCv, signInAfresh, signUpAfresh } from "./support/jobs-flow";

// Issue 9's story: a professional with a web account becomes a candidate from the offer page, keeps
// a CV, applies in one click answering the company's screening question, withdraws, and the company
// (the demo company account) sees the answer and the withdrawal.

const COMPANY_EMAIL = "demo-empleo@farmanexo.test";
const QUESTION = "¿Tienes carné de conducir y vehículo propio?";

async function signInAsCompany(page: Page) {
  await signInAfresh(page, COMPANY_EMAIL, DEMO_PASSWORD);
  await expect(page.getByRole("heading", { level: 1, name: "Panel de empleo" })).toBeVisible();
}

test.beforeEach(async ({ context }) => {
  await chooseCookies(context);
});

test("a web professional applies in one click with a saved CV, answers a screening question, withdraws; the company sees it", async ({
  page,
  consoleProblems,
}) => {
  test.setTimeout(240_000);
  const token = runToken();
  const title = `Delegado de ventas hospitalarias ${token}`;

  // The company writes an offer with a knock-out screening question and publishes it.
  await signInAsCompany(page);
  await fillNewOffer(page, {
    title,
    puesto: "Técnico de farmacovigilancia",
    description: "Buscamos una persona para visitar hospitales de la Comunidad de Madrid con el equipo comercial.",
  });
  await page.getByRole("button", { name: "Añadir pregunta" }).click();
  const question = page.getByRole("group", { name: "Pregunta 1" });
  // Too short: the shared schema answers beside the field.
  const questionText = question.getByRole("textbox", { name: "Pregunta 1" });
  await questionText.fill("¿Sí?");
  await page.getByRole("button", { name: "Publicar" }).click();
  await expect(question.getByText("La pregunta debe tener al menos 5 caracteres.")).toBeVisible();
  await questionText.fill(QUESTION);
  await question.getByLabel("Eliminatoria").selectOption({ label: "Descarta si responde «No»" });
  await expect(question.getByRole("checkbox", { name: "Obligatoria" })).toBeChecked();
  await checkA11y(page);
  const offerPath = await publishAndOpen(page, title);

  // A professional registers a web account (not a candidate one).
  await signUpAfresh(page, "web", "profesional");

  // From the offer, they add the candidate role to the same account.
  await page.goto(offerPath);
  await page.getByRole("link", { name: "Inscribirme" }).click();
  await expect(page.getByRole("heading", { name: "Inscríbete con tu cuenta" })).toBeVisible();
  await byLabel(page, "Nombre").fill("Lucía");
  await byLabel(page, "Apellidos").fill("Martín Pérez");
  await byLabel(page, "Fecha de nacimiento").fill("14/03/1990");
  await pickOption(page, "Provincia o estado", "Madrid");
  await page.getByRole("button", { name: "Guardar y continuar" }).click();
  await expect(page.getByRole("heading", { name: "Inscribirme en esta oferta" })).toBeVisible();

  // They keep a CV in their area first: upload once.
  await saveCv(page, "cv-lucia.pdf");

  // One click with the saved CV still asks the company's question; unanswered, our message.
  await page.goto(offerPath);
  const oneClick = page.getByRole("form", { name: "Inscripción con un clic" });
  await expect(oneClick.getByText(QUESTION)).toBeVisible();
  await checkA11y(page);
  await oneClick.getByRole("button", { name: "Inscribirme con un clic" }).click();
  await expect(page.getByText("Responde a esta pregunta.")).toBeVisible();
  await page.goto(offerPath);
  await applyInOneClick(page, { [QUESTION]: "No" });

  // Their application shows their answer; they withdraw it.
  await page.goto("/app/empleo/candidaturas");
  const application = page.getByRole("listitem").filter({ hasText: title });
  await expect(application.getByText(QUESTION)).toBeVisible();
  await expect(application.getByText("No", { exact: true })).toBeVisible();
  await application.getByRole("button", { name: `Retirar la candidatura a ${title}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Retirar candidatura" }).click();
  await expect(page.getByText("Candidatura retirada. La empresa la verá como retirada.")).toBeVisible();
  await expect(application.getByText("Retirada", { exact: true }).first()).toBeVisible();
  await checkA11y(page);

  // The company sees the applicant, the answer, «No cumple requisitos» and the withdrawal.
  await signInAsCompany(page);
  await page.getByRole("article", { name: title }).getByRole("link", { name: "1 candidatura" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Candidaturas: ${title}` })).toBeVisible();
  const applicant = page.getByRole("article", { name: "Lucía Martín Pérez" });
  await expect(applicant.getByText(QUESTION)).toBeVisible();
  await expect(applicant.getByText("No", { exact: true })).toBeVisible();
  await expect(applicant.getByText("No cumple requisitos")).toBeVisible();
  await expect(applicant.getByText("Retirada", { exact: true })).toBeVisible();
  await checkA11y(page);
  await page.getByRole("link", { name: "Cumplen requisitos" }).click();
  await expect(page.getByText("Ninguna candidatura con este filtro")).toBeVisible();
  await page.getByRole("link", { name: "No cumple requisitos" }).click();
  await expect(page.getByRole("article", { name: "Lucía Martín Pérez" })).toBeVisible();
  // The unanswered questions were marked in the page before anything was sent (decision 0076): no 422.
  expect(consoleProblems).toEqual([]);
});
