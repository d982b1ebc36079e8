import {
  type AccountType,
  byLabel,
  chooseCookies,
  completeProfile,
  login,
  logout,
  openVerificationLink,
  PASSWORD,
  register,
  uniqueEmail,
} from "./support/accounts-flow";
import { checkA11y, expect, test } from "./support/fixtures";

/** Where each type lands: the success page after its profile step and the page after logging in. */
const FLOWS: Array<{ type: AccountType; success: RegExp; successHeading: string; afterLogin: RegExp }> = [
  {
    type: "web",
    success: /:\d+\/app\/auth\/crear-cuenta\/web\/success/,
    successHeading: "¡Tu perfil está completo!",
    afterLogin: /:\d+\/app\/cuenta$/,
  },
  {
    type: "academia",
    success: /:\d+\/app\/auth\/crear-cuenta\/web\/success/,
    successHeading: "¡Tu perfil está completo!",
    afterLogin: /:\d+\/app\/cuenta$/,
  },
  {
    type: "candidato",
    success: /:\d+\/app\/auth\/crear-cuenta\/candidato\/success/,
    successHeading: "¡Tu perfil de candidato está listo!",
    afterLogin: /:\d+\/app\/cuenta$/,
  },
  {
    type: "visita",
    success: /:\d+\/app\/auth\/crear-cuenta\/visita\/success/,
    successHeading: "¡Tu perfil de visitador está listo!",
    afterLogin: /:\d+\/app\/visita\/visitador$/,
  },
  {
    type: "mkt",
    success: /:\d+\/app\/auth\/crear-cuenta\/mkt\/success/,
    successHeading: "¡Tu perfil de marketing está listo!",
    afterLogin: /:\d+\/app\/visita\/visitador$/,
  },
  {
    type: "empleo",
    success: /:\d+\/app\/auth\/crear-cuenta\/empleo\/success/,
    successHeading: "¡Tu empresa está lista para publicar ofertas!",
    afterLogin: /:\d+\/app\/empleo\/panel$/,
  },
];

test.beforeEach(async ({ context }) => chooseCookies(context));

for (const flow of FLOWS) {
  test(`a new ${flow.type} account: register, confirm by e-mail, complete the profile, log out and in`, async ({ page }) => {
    const email = uniqueEmail(flow.type);
    await register(page, flow.type, email);
    await openVerificationLink(page, email, flow.type);
    await completeProfile(page, flow.type);
    await expect(page).toHaveURL(flow.success);
    await expect(page.getByRole("heading", { level: 1, name: flow.successHeading })).toBeVisible();
    await expect(page.getByTestId("account-menu")).toBeVisible();
    await checkA11y(page);

    await logout(page);
    await checkA11y(page);
    await login(page, email, PASSWORD);
    await expect(page).toHaveURL(flow.afterLogin);
    if (flow.type === "visita" || flow.type === "mkt") {
      await expect(page.getByRole("heading", { level: 1, name: "Lucía Martín Pérez" })).toBeVisible();
      if (flow.type === "visita") await expect(page.getByText("Toledo")).toBeVisible();
      await checkA11y(page);
    }
    if (flow.afterLogin.source.includes("cuenta")) {
      await expect(page.getByRole("heading", { level: 1, name: "Mi cuenta" })).toBeVisible();
      await expect(byLabel(page, "Nombre")).toHaveValue("Lucía");
      await checkA11y(page);
    }
  });
}
