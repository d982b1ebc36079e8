import type { Page } from "@playwright/test";
import { pdfBytes } from "#tests/support/files";
import { chooseCookies, DEMO_PASSWORD, login } from "./support/accounts-flow";
import { checkA11y, expect, test } from "./support/fixtures";

// Issue 31's story: the demo candidate has a page open; the demo company moves their application;
// the bell in the candidate's header counts up live, the list links to the application, and
// opening it clears the count.

const COMPANY_EMAIL = "demo-empleo@farmanexo.test";
const CANDIDATE_EMAIL = "demo-candidato@farmanexo.test";

/** Calls the API from the page as the app does (session cookie, CSRF token, same origin). */
async function callApi(page: Page, method: string, path: string, body?: unknown, pdf?: number[]) {
  return page.evaluate(
    async ({ method, path, body, pdf }) => {
      await fetch("/sanctum/csrf-cookie", { credentials: "same-origin" });
      const token = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? "");
      const headers: Record<string, string> = { Accept: "application/json", "X-XSRF-TOKEN": token };
      let payload: BodyInit | undefined;
      if (pdf) {
        const form = new FormData();
        form.set("cv", new Blob([new Uint8Array(pdf)], { type: "application/pdf" }), "cv.pdf");
        form.set("carta", "Me interesa mucho este puesto.");
        payload = form;
      } else if (body !== undefined) {
        headers["Content-Type"] = "application/json";
        payload = JSON.stringify(body);
      }
      const response = await fetch(path, { method, headers, body: payload, credentials: "same-origin" });
      return { status: response.status, json: (await response.json().catch(() => null)) as Record<string, unknown> | null };
    },
    { method, path, body, pdf },
  );
}

async function signedIn(page: Page, email: string) {
  await chooseCookies(page.context());
  await login(page, email, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/auth\/login/);
}

test("a candidate's bell counts up when the company moves their application, links to it, and clears when read", async ({
  page: candidate,
  browser,
  consoleProblems,
}) => {
  test.setTimeout(180_000);
  const baseURL = test.info().project.use.baseURL;
  const token = Math.random().toString(36).slice(2, 8);

  // The company publishes an offer (through its panel's API: the panel's own pages are other specs').
  const companyContext = await browser.newContext({ baseURL, locale: "es-ES", timezoneId: "Europe/Madrid" });
  const company = await companyContext.newPage();
  company.on("pageerror", (error) => consoleProblems.push(`company: ${error.message}`));
  await signedIn(company, COMPANY_EMAIL);
  const expires = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  const created = await callApi(company, "POST", "/api/empleo/panel/ofertas", {
    titulo: `Delegada de avisos ${token}`,
    cargo_id: 53,
    pais_id: 28,
    estado_id: 412,
    ciudad: "Madrid",
    modalidad: "hibrido",
    contrato: "indefinido",
    jornada: "completa",
    experiencia: "2_anios",
    estudios: "grado",
    descripcion: "<p>Buscamos una persona para visitar centros de salud de Madrid con el equipo comercial.</p>",
    vacantes: 1,
    fecha_expiracion: expires,
  });
  expect(created.status).toBe(201);
  const offerId = Number(created.json?.id);
  expect((await callApi(company, "POST", `/api/empleo/panel/ofertas/${offerId}/publicar`)).status).toBe(200);

  // The candidate applies and stays on their applications page.
  await signedIn(candidate, CANDIDATE_EMAIL);
  await candidate.goto("/app/empleo/candidaturas");
  const applied = await callApi(candidate, "POST", `/api/empleo/ofertas/${offerId}/candidaturas`, undefined, [
    ...pdfBytes("CV de la demo"),
  ]);
  expect(applied.status).toBe(201);
  const applicationId = Number(applied.json?.id);
  // Earlier runs may have left notifications: read them all first, so the count starts at zero.
  expect((await callApi(candidate, "POST", "/api/notifications/read")).status).toBe(204);
  await candidate.reload();
  const bell = candidate.getByTestId("notification-bell");
  await expect(bell).toHaveAccessibleName("Notificaciones");

  // The company moves the application: the open page's bell counts it without a reload.
  const moved = await callApi(company, "PUT", `/api/empleo/panel/candidaturas/${applicationId}/estado`, { status: "en_proceso" });
  expect(moved.status).toBe(200);
  await expect(candidate.getByTestId("notification-count")).toHaveText("1");
  await expect(bell).toHaveAccessibleName("Notificaciones: 1 sin leer");

  // The list links to the application; opening it leads there and clears the count.
  await bell.click();
  await expect(candidate.getByRole("heading", { level: 1, name: "Notificaciones" })).toBeVisible();
  const item = candidate.getByRole("button", { name: new RegExp(`Tu candidatura a «Delegada de avisos ${token}»`) });
  await expect(item).toBeVisible();
  await checkA11y(candidate);
  await item.click();
  await expect(candidate).toHaveURL(/\/app\/empleo\/candidaturas$/);
  await expect(candidate.getByTestId("notification-count")).toHaveCount(0);
  await expect(bell).toHaveAccessibleName("Notificaciones");
  await companyContext.close();
});
