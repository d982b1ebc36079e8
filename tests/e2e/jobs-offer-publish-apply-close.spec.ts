import type { APIRequestContext, Page } from "@playwright/test";
import {
  byLabel,
  chooseCookies,
  completeProfile,
  DEMO_PASSWORD,
  login,
  openVerificationLink,
  PASSWORD,
  register,
  uniqueEmail,
} from "./support/accounts-flow";
import { pdfFile } from "./support/files";
import { checkA11y, expect, test } from "./support/fixtures";

// A company publishes an offer, candidates apply with and without mistakes, the company picks finalists
// and closes it; then the delegation and the phone listing. Serial: the later ones follow the offer the first one publishes.
test.describe.configure({ mode: "serial" });

const COMPANY_EMAIL = "empleo-iberdata-bioestadistica@farmanexo.test";
const token = Math.random()
  .toString(36)
  .replace(/[^a-z]/g, "")
  .slice(0, 6);
const TITLE = `Responsable de calidad farmacéutica ${token}`;
let offerPath = "";

/** The first offer address on a listing page, read from its server-rendered HTML. */
async function firstOfferPath(request: APIRequestContext, listing = "/app/empleo/p/espana") {
  const html = await (await request.get(listing)).text();
  const match = /href="(\/app\/empleo\/oferta\/[^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error("no offer on the listing");
  return match[1];
}

async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.context().clearCookies();
  await chooseCookies(page.context());
  await login(page, email, password);
  await expect(page.getByTestId("account-menu")).toBeVisible();
}

/** "23/12/2026" → "23 dic 2026", as the offer page writes it. */
function spanishLongDate(ddmmyyyy: string) {
  const [d, m, y] = ddmmyyyy.split("/").map(Number) as [number, number, number];
  return new Intl.DateTimeFormat("es-ES", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" })
    .format(new Date(Date.UTC(y, m - 1, d)))
    .replace(/\.$/, "");
}

test.beforeEach(async ({ context }) => {
  await chooseCookies(context);
});

test("a wrong CV file gets the Spanish message beside the field and the letter is kept", async ({ page }) => {
  // Its own candidate, with no CV saved yet: the demo candidate's CVs and applications change under other specs.
  const email = uniqueEmail("cv-erroneo");
  await register(page, "candidato", email);
  await openVerificationLink(page, email, "candidato");
  await completeProfile(page, "candidato");
  await expect(page.getByTestId("account-menu")).toBeVisible();
  const path = await firstOfferPath(page.request);
  await page.goto(`${path}?inscribirme=1`);
  await expect(page.getByRole("heading", { name: "Inscribirme en esta oferta" })).toBeVisible();
  // The CV picker is ours, in Spanish.
  await expect(page.getByText("Elegir archivo")).toBeVisible();
  await expect(page.getByText("Ningún archivo elegido")).toBeVisible();

  // Without a CV: our message, not the browser's bubble.
  const letter = "Me interesa mucho el puesto y tengo experiencia en el sector.";
  await byLabel(page, "Carta de presentación").fill(letter);
  await page.getByRole("button", { name: "Enviar candidatura" }).click();
  await expect(page.getByText("Adjunta tu CV en PDF o DOCX.")).toBeVisible();

  // A text file renamed .pdf: the server's message, the page stays and keeps the letter.
  await page
    .getByLabel("Currículum (CV)")
    .setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: Buffer.from("no soy un pdf") });
  await expect(page.getByText(/cv\.pdf · 1 kB/)).toBeVisible();
  await page.getByRole("button", { name: "Enviar candidatura" }).click();
  await expect(page.getByText("El CV debe ser un archivo PDF, DOCX.")).toBeVisible();
  await expect(byLabel(page, "Carta de presentación")).toHaveValue(letter);
  await expect(page.getByRole("heading", { name: "Inscribirme en esta oferta" })).toBeVisible();
  await checkA11y(page);

  // A real PDF then goes through.
  await page.getByLabel("Currículum (CV)").setInputFiles(pdfFile("cv-bueno.pdf"));
  await page.getByRole("button", { name: "Enviar candidatura" }).click();
  await expect(page.getByText("¡Candidatura enviada!")).toBeVisible();
});

test("the closing date chosen is the one stored and shown (Spain's time zone)", async ({ page }) => {
  await signIn(page, COMPANY_EMAIL, PASSWORD);
  await page.getByRole("link", { name: "Nueva oferta" }).click();
  await byLabel(page, "Título de la oferta").fill(TITLE);
  await byLabel(page, "Puesto").selectOption({ label: "Técnico de farmacovigilancia" });
  await byLabel(page, "Provincia o estado").selectOption({ label: "Madrid" });
  await byLabel(page, "Ciudad").fill("Madrid");
  const editor = page.getByRole("textbox", { name: "Descripción de la oferta" });
  await editor.click();
  await editor.pressSequentially("Buscamos una persona para liderar la calidad de los lotes y las auditorías con el equipo técnico.");
  // The date picker writes dd/mm/aaaa; the day chosen is the day shown on the offer.
  const chosen = (await page.getByRole("button", { name: /Admite candidaturas hasta/ }).textContent())?.match(/\d{2}\/\d{2}\/\d{4}/)?.[0];
  expect(chosen).toBeTruthy();
  await page.getByRole("button", { name: "Publicar" }).click();
  await expect(page).toHaveURL(/\/app\/empleo\/panel\?aviso=publicada$/);
  const card = page.getByRole("article", { name: TITLE });
  await expect(card.getByText(`Caduca el ${spanishLongDate(chosen as string)}`)).toBeVisible();
  await card.getByRole("link", { name: "Ver oferta" }).click();
  await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByText(`Admite candidaturas hasta el ${spanishLongDate(chosen as string)}`)).toBeVisible();
  offerPath = new URL(page.url()).pathname;
});

test("a professional with a web account adds the candidate role from the offer and applies", async ({ page }) => {
  await signIn(page, "demo-web@farmanexo.test");
  await page.goto(offerPath);
  await expect(page.getByText("necesitas una cuenta de candidato")).toHaveCount(0);
  await page.getByRole("link", { name: "Inscribirme" }).click();
  await expect(page.getByRole("heading", { name: "Inscríbete con tu cuenta" })).toBeVisible();
  await checkA11y(page);
  await byLabel(page, "Nombre").fill("Marta");
  await byLabel(page, "Apellidos").fill("Web Candidata");
  // Nothing typed in the birth date: our Spanish message, the names stay.
  await page.getByRole("button", { name: "Guardar y continuar" }).click();
  await expect(page.getByText("Introduce una fecha de nacimiento válida (dd/mm/aaaa)")).toBeVisible();
  await expect(byLabel(page, "Apellidos")).toHaveValue("Web Candidata");
  await byLabel(page, "Fecha de nacimiento").fill("14/03/1990");
  await page.getByRole("button", { name: "Guardar y continuar" }).click();

  await expect(page.getByRole("heading", { name: "Inscribirme en esta oferta" })).toBeVisible();
  await page.getByLabel("Currículum (CV)").setInputFiles(pdfFile("cv-marta.pdf"));
  await page.getByRole("button", { name: "Enviar candidatura" }).click();
  await expect(page.getByText("¡Candidatura enviada!")).toBeVisible();

  // The same account now has the candidate's pages in its menu.
  await page.getByTestId("account-menu").click();
  await page.getByRole("menuitem", { name: "Mis candidaturas" }).click();
  await expect(
    page
      .getByRole("listitem")
      .filter({ hasText: TITLE })
      .getByText(/Candidatura enviada el/),
  ).toBeVisible();
});

test("1 finalista, neutral wording, and a closed offer no longer admits applications", async ({ page }) => {
  await signIn(page, COMPANY_EMAIL, PASSWORD);
  const card = page.getByRole("article", { name: TITLE });
  await card.getByRole("link", { name: "1 candidatura" }).click();
  const applicant = page.getByRole("article", { name: "Marta Web Candidata" });
  await expect(applicant.getByText(/Candidatura enviada el/)).toBeVisible();
  await expect(page.getByText(/Inscrit[oa] el/)).toHaveCount(0);
  await applicant.getByLabel("Estado de Marta Web Candidata").selectOption({ label: "En proceso" });
  await applicant.getByRole("button", { name: "Cambiar estado" }).click();
  await expect(applicant.getByLabel("Estado de Marta Web Candidata")).toHaveValue("finalista");
  await applicant.getByLabel("Estado de Marta Web Candidata").selectOption({ label: "Finalista" });
  await applicant.getByRole("button", { name: "Cambiar estado" }).click();
  await expect(applicant.locator(".mantine-Badge-label").getByText("Finalista", { exact: true })).toBeVisible();

  await page.goto("/app/empleo/panel");
  await expect(card.getByText("· 1 finalista")).toBeVisible();
  await expect(card.getByText("finalistas")).toHaveCount(0);
  await card.getByRole("button", { name: "Cerrar" }).click();
  await page.getByRole("button", { name: "Cerrar oferta" }).click();
  await expect(card.getByText("Cerrada", { exact: true })).toBeVisible();

  await page.goto(offerPath);
  await expect(page.getByText(/Publicada el .* · Ya no admite candidaturas/)).toBeVisible();
  await expect(page.getByText(/Admite candidaturas hasta/)).toHaveCount(0);
});

test("after Eliminar delegación, new offers no longer carry the delegation", async ({ page }) => {
  await signIn(page, "demo-empleo@farmanexo.test");
  await page.goto("/app/empleo/panel/ofertas/nueva");
  await expect(byLabel(page, "Delegación").locator("option:checked")).toHaveText("Sede central");

  await page.goto("/app/auth/crear-cuenta/empleo-condiciones");
  await expect(page.getByText("Delegación Sede central")).toBeVisible();
  await page.getByRole("button", { name: "Eliminar delegación" }).click();
  const dialog = page.getByRole("dialog", { name: "Eliminar delegación" });
  await expect(dialog.getByText("Tus nuevas ofertas dejarán de publicarse en nombre de la delegación «Sede central»")).toBeVisible();
  await dialog.getByRole("button", { name: "Eliminar delegación" }).click();
  await expect(page).toHaveURL(/\/app\/auth\/crear-cuenta\/empleo-empresa/);

  await page.goto("/app/empleo/panel/ofertas/nueva");
  await expect(byLabel(page, "Delegación").locator("option:checked")).toHaveText("Sin delegación");
});

test("on a phone the filters fold behind Filtros (n) and the first offer shows above the fold", async ({ page, context }) => {
  await context.clearCookies(); // the cookie banner shows, as for a first visit
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/app/empleo/p/espana?modalidad=remoto");
  const summary = page.getByText("Filtros (1)", { exact: true });
  await expect(summary).toBeVisible();
  await expect(page.getByLabel("Modalidad")).toBeHidden();
  const firstOffer = page.getByRole("article").first().getByRole("heading");
  await expect(firstOffer).toBeInViewport();
  const banner = page.getByRole("region", { name: "Aviso de cookies" });
  const [offerBox, bannerBox] = [await firstOffer.boundingBox(), await banner.boundingBox()];
  expect((offerBox?.y ?? 0) + (offerBox?.height ?? 0)).toBeLessThan(bannerBox?.y ?? 0);
  await page.screenshot({ path: "/work/screens/jobs/e2e-listing-phone.png" });
  await summary.click();
  await expect(page.getByLabel("Modalidad")).toBeVisible();
  await checkA11y(page);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/app/empleo/p/espana");
  await expect(page.getByLabel("Modalidad")).toBeVisible();
});
