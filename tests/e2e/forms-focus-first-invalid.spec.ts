import { byLabel, chooseCookies, DEMO_PASSWORD, login } from "./support/accounts-flow";
import { expect, test } from "./support/fixtures";

// Decision 0060: after a refused form, the first field marked invalid has the focus — on every page
// form, also those that render their errors themselves (the shell's useFocusFirstInvalidAfterSubmit).

test.beforeEach(async ({ context }) => chooseCookies(context));

test("a refused alert form focuses its invalid field, below the sticky header", async ({ page, consoleProblems }) => {
  await login(page, "demo-candidato@farmanexo.test", DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/app\/cuenta$/);
  await page.goto("/app/empleo/alertas");
  const salary = byLabel(page, "Salario mínimo");
  // The browser's own check would stop the form first: a hand-made value reaches the server's check.
  await salary.evaluate((input) => {
    input.removeAttribute("min");
    input.removeAttribute("step");
  });
  await salary.fill("-5");
  await page.getByRole("button", { name: "Crear alerta" }).click();
  await expect(page.getByText("El salario mínimo debe ser un número entero positivo.")).toBeVisible();
  await expect(salary).toBeFocused();
  const top = await salary.evaluate((input) => input.getBoundingClientRect().top);
  expect(top).toBeGreaterThanOrEqual(64);
  consoleProblems.length = 0; // the 422 answer is logged by Chromium
});
