import type { Page } from "@playwright/test";
import {
  type AccountType,
  byLabel,
  chooseCookies,
  completeProfile,
  login,
  openVerificationLink,
  register,
  uniqueEmail,
} from "./accounts-flow";
import { pdfFile } from "./files";
import { checkA11y, expect } from "./fixtures";

/** Six random letters, so that each run's offer titles (and the searches for them) are its own. */
export const runToken = () =>
  Math.random()
    .toString(36)
    .replace(/[^a-z]/g, "")
    .slice(0, 6);

/** Ends the session (cookies cleared) and keeps the cookie-consent choice. */
export async function signOut(page: Page) {
  await page.context().clearCookies();
  await chooseCookies(page.context());
}

/** Signs in afresh (any other session ended) and waits to land, else the login's own navigation races the next goto. */
export async function signInAfresh(page: Page, email: string, password: string) {
  await signOut(page);
  await login(page, email, password);
  await expect(page).not.toHaveURL(/\/app\/auth\/login/);
}

/** A new account of `type`, registered, verified and completed; signed in on its success page. Returns its e-mail. */
export async function signUpAfresh(page: Page, type: Extract<AccountType, "web" | "candidato">, prefix: string) {
  await signOut(page);
  const email = uniqueEmail(prefix);
  await register(page, type, email);
  await openVerificationLink(page, email, type);
  await completeProfile(page, type);
  await expect(page).toHaveURL(new RegExp(`/app/auth/crear-cuenta/${type}/success`));
  return email;
}

/** From the jobs panel, opens «Nueva oferta» and fills what every offer needs (in Madrid). */
export async function fillNewOffer(page: Page, { title, puesto, description }: { title: string; puesto: string; description: string }) {
  await page.getByRole("link", { name: "Nueva oferta" }).click();
  await byLabel(page, "Título de la oferta").fill(title);
  await byLabel(page, "Puesto").selectOption({ label: puesto });
  await byLabel(page, "Provincia o estado").selectOption({ label: "Madrid" });
  await byLabel(page, "Ciudad").fill("Madrid");
  const editor = page.getByRole("textbox", { name: "Descripción de la oferta" });
  await editor.click();
  await editor.pressSequentially(description);
}

/** Publishes the offer being written, opens it from the panel and returns its path. */
export async function publishAndOpen(page: Page, title: string) {
  await page.getByRole("button", { name: "Publicar" }).click();
  await expect(page).toHaveURL(/\/app\/empleo\/panel\?aviso=publicada$/);
  await page.getByRole("article", { name: title }).getByRole("link", { name: "Ver oferta" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  return new URL(page.url()).pathname;
}

/** Keeps a CV in the signed-in candidate's area («Mis candidaturas»). */
export async function saveCv(page: Page, file: string) {
  await page.goto("/app/empleo/candidaturas");
  await page.getByLabel("Añadir un CV").setInputFiles(pdfFile(file));
  await page.getByRole("button", { name: "Guardar CV" }).click();
  await expect(page.getByText("CV guardado.")).toBeVisible();
}

/** Screening questions and the answer to pick («Sí» or «No»), by the question's text. */
export type Answers = Record<string, "Sí" | "No">;

/**
 * From the offer page, applies through its form («Inscribirme»): no error is shown before sending;
 * then the CV, the answers and the cover letter, and «¡Candidatura enviada!».
 */
export async function applyTo(
  page: Page,
  { cv, answers = {}, letter, a11y = false }: { cv: string; answers?: Answers; letter?: string; a11y?: boolean },
) {
  await page.getByRole("link", { name: "Inscribirme" }).click();
  await expect(page.getByRole("heading", { name: "Inscribirme en esta oferta" })).toBeVisible();
  await expect(page.getByText("Responde a esta pregunta.")).toHaveCount(0);
  if (a11y) await checkA11y(page);
  await page.getByLabel("Currículum (CV)").setInputFiles(pdfFile(cv));
  await expect(page.getByText(new RegExp(`${cv.replace(/\./g, "\\.")} · \\d+ kB`))).toBeVisible();
  for (const [question, answer] of Object.entries(answers))
    await page.getByRole("radiogroup", { name: question }).getByLabel(answer).check();
  if (letter !== undefined) await byLabel(page, "Carta de presentación").fill(letter);
  await page.getByRole("button", { name: "Enviar candidatura" }).click();
  await expect(page.getByText("¡Candidatura enviada!")).toBeVisible();
}

/** On the offer page, applies in one click with the saved CV, answering the questions. */
export async function applyInOneClick(page: Page, answers: Answers = {}) {
  const oneClick = page.getByRole("form", { name: "Inscripción con un clic" });
  for (const [question, answer] of Object.entries(answers))
    await oneClick.getByRole("radiogroup", { name: question }).getByLabel(answer).check();
  await oneClick.getByRole("button", { name: "Inscribirme con un clic" }).click();
  await expect(page.getByText("¡Candidatura enviada!")).toBeVisible();
}
