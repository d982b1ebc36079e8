import type { Page } from "@playwright/test";
import { byLabel, chooseCookies, DEMO_PASSWORD, login } from "./support/accounts-flow";
import { expect, test } from "./support/fixtures";

// The offer page loads its apply form's code only when the form is shown (decision 0041). A page
// opened with the form already there renders it on the server; what the visitor types before the
// form's code arrives must survive hydration.

/** The last offer on the listing's first page (other specs apply to the first one). */
async function lastOfferPath(page: Page) {
  const html = await (await page.request.get("/app/empleo/p/espana")).text();
  const paths = [...html.matchAll(/href="(\/app\/empleo\/oferta\/[^"]+)"/g)].map((match) => match[1]);
  const path = paths.at(-1);
  if (!path) throw new Error("no offer on the listing");
  return path;
}

test("a cover letter typed before the apply form's code loads is kept", async ({ page }) => {
  await chooseCookies(page.context());
  await login(page, "demo-candidato@farmanexo.test", DEMO_PASSWORD);
  await expect(page.getByTestId("account-menu")).toBeVisible();
  const path = await lastOfferPath(page);

  // Hold the form's code back until the letter has been typed into the server-rendered field.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/app\/assets\/apply-form-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${path}?inscribirme=1`, { waitUntil: "domcontentloaded" });
  const letter = "Escrito antes de que la página cargara su código.";
  await byLabel(page, "Carta de presentación").fill(letter);
  release();

  // The character count is drawn from the form's state: it shows the letter once hydrated.
  await expect(page.getByText(`${letter.length} / `)).toBeVisible();
  await expect(byLabel(page, "Carta de presentación")).toHaveValue(letter);
});
