import { createServer, type Server } from "node:http";
import type { BrowserContext, Page, Route, WebSocket } from "@playwright/test";
import { chooseCookies, DEMO_PASSWORD, login } from "./support/accounts-flow";
import { checkA11y, expect, test } from "./support/fixtures";
import { signOut } from "./support/jobs-flow";
import { E2E_LINK_SITE_PORT } from "./support/ports";

// Two browsers: a professional (demo academia account) and the demo representative, then the
// demo moderator. Every wait is on something a person would see; nothing sleeps.

const PRO_EMAIL = "demo-academia@farmanexo.test";
const REP_EMAIL = "demo-visita@farmanexo.test";
const MODERATOR_EMAIL = "demo-moderador@farmanexo.test";
const PRO = /Andrés/;
const REP = "Javier";

// A product sheet on loopback with Open Graph tags; the e2e stack lets the link preview reach it.
const SITE_URL = `http://127.0.0.1:${E2E_LINK_SITE_PORT}/ficha/ibuprofeno`;
const SITE_PAGE = `<!doctype html><html lang="es"><head><title>Ficha</title>
<meta property="og:title" content="Ibuprofeno 600 mg: ficha técnica">
<meta property="og:description" content="Posología, contraindicaciones y presentaciones.">
<meta property="og:site_name" content="Vademécum de prueba">
</head><body><h1>Ibuprofeno 600 mg</h1></body></html>`;

let site: Server;

test.beforeAll(async () => {
  site = createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(SITE_PAGE);
  });
  await new Promise<void>((resolve) => site.listen(E2E_LINK_SITE_PORT, "127.0.0.1", resolve));
});

test.afterAll(async () => {
  await new Promise((resolve) => site.close(resolve));
});

async function newPerson(context: BrowserContext, email: string): Promise<Page> {
  await chooseCookies(context);
  const page = await context.newPage();
  await login(page, email, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/auth\/login/);
  return page;
}

const messagesOf = (page: Page) => page.getByRole("list", { name: "Mensajes" }).getByTestId("chat-message");
const messageWith = (page: Page, text: string) => messagesOf(page).filter({ hasText: text });

async function send(page: Page, text: string) {
  await page.getByRole("textbox", { name: "Escribe un mensaje" }).fill(text);
  await page.getByRole("button", { name: "Enviar", exact: true }).click();
}

test("a professional contacts the demo representative, they talk live through a lost connection, share a link, and the moderator handles a report", async ({
  page: proPage,
  browser,
  consoleProblems,
}) => {
  test.setTimeout(240_000);
  const baseURL = test.info().project.use.baseURL;

  // The representative signs in and finds the address of their public profile.
  const repContext = await browser.newContext({ baseURL, locale: "es-ES", timezoneId: "Europe/Madrid" });
  const rep = await newPerson(repContext, REP_EMAIL);
  rep.on("pageerror", (error) => consoleProblems.push(`representative: ${error.message}`));
  await rep.goto("/app/visita/visitador");
  const profileUrl = await rep.getByRole("link", { name: "Ver mi perfil público" }).getAttribute("href");
  expect(profileUrl).toBeTruthy();

  // The professional opens that profile and contacts them: the first message is a request.
  await chooseCookies(proPage.context());
  await login(proPage, PRO_EMAIL, DEMO_PASSWORD);
  await expect(proPage).not.toHaveURL(/\/auth\/login/);
  await proPage.goto(profileUrl as string);
  await proPage.getByRole("link", { name: "Contactar" }).click();
  // «Contactar» names where it came from, so the chat it starts is counted (decision 0113).
  await expect(proPage).toHaveURL(/\/app\/chat\?to=\d+&origen=visita$/);
  await expect(proPage.getByText("Todavía no habéis hablado: tu primer mensaje le llegará como una solicitud.")).toBeVisible();
  await send(proPage, "Buenas tardes, Javier. ¿Tenéis muestras del ibuprofeno 600 mg para la academia?");
  await expect(proPage).toHaveURL(/\/app\/chat\/\d+$/);
  await expect(proPage.getByText(`Solicitud enviada: ${REP}`)).toBeVisible();
  // The representative's browser is open (on their dashboard): it got it.
  await expect(messageWith(proPage, "muestras del ibuprofeno").getByTitle("Entregado")).toBeVisible();
  await checkA11y(proPage);

  // The representative finds it among the requests and accepts it.
  await rep.goto("/app/chat?carpeta=solicitudes");
  await rep.getByRole("list", { name: "Solicitudes de mensaje" }).getByRole("link", { name: PRO }).click();
  await expect(rep.getByText(/quiere hablar contigo$/)).toBeVisible();
  await expect(messageWith(rep, "muestras del ibuprofeno")).toBeVisible();
  await checkA11y(rep);
  await rep.getByRole("button", { name: "Aceptar" }).click();
  await expect(rep.getByText(/quiere hablar contigo$/)).toHaveCount(0);
  // Seen on the representative's screen: the professional's message shows "Leído".
  await expect(messageWith(proPage, "muestras del ibuprofeno").getByTitle("Leído")).toBeVisible();

  // The representative types (the professional sees it) and answers.
  await rep.getByRole("textbox", { name: "Escribe un mensaje" }).fill("Sí, claro");
  await expect(proPage.getByText(`${REP} Romero Visitador está escribiendo…`)).toBeVisible();
  await rep.getByRole("button", { name: "Enviar", exact: true }).click();
  await expect(messageWith(proPage, "Sí, claro")).toBeVisible();
  await expect(proPage.getByText(/está escribiendo…/)).toHaveCount(0);
  await expect(messageWith(rep, "Sí, claro").getByTitle("Leído")).toBeVisible();

  // And the other way round.
  await proPage.getByRole("textbox", { name: "Escribe un mensaje" }).fill("Perfecto");
  await expect(rep.getByText(/^Andrés .* está escribiendo…$/)).toBeVisible();
  await proPage.getByRole("button", { name: "Enviar", exact: true }).click();
  await expect(messageWith(rep, "Perfecto")).toBeVisible();
  await expect(messageWith(proPage, "Perfecto").getByTitle("Leído")).toBeVisible();

  // The professional loses the network. What the representative sends meanwhile waits on the server;
  // what the professional writes waits in the browser.
  const beforeOffline = consoleProblems.length;
  await proPage.context().setOffline(true);
  await expect(proPage.getByText("Sin conexión · reintentando…")).toBeVisible();
  for (const text of ["Primero: la guía", "Segundo: las muestras", "Tercero: la visita del martes"]) {
    await send(rep, text);
    await expect(messageWith(rep, text).getByTitle("Enviado")).toBeVisible();
  }
  await send(proPage, "Escrito sin conexión");
  await expect(messageWith(proPage, "Escrito sin conexión").getByTitle("Enviando")).toBeVisible();
  await expect(messageWith(proPage, "Primero: la guía")).toHaveCount(0);
  await expect(messageWith(rep, "Escrito sin conexión")).toHaveCount(0);

  // Back online: everything arrives once, in order, on both sides.
  await proPage.context().setOffline(false);
  await expect(messagesOf(proPage)).toContainText(["Primero: la guía", "Segundo: las muestras", "Tercero: la visita del martes"]);
  await expect(proPage.getByText("Sin conexión · reintentando…")).toHaveCount(0);
  // Chromium logs each refused reconnection while offline; those are the point of this step.
  const offlineNoise = /WebSocket connection to '.*\/ws' failed|ERR_INTERNET_DISCONNECTED/;
  const whileOffline = consoleProblems.splice(beforeOffline).filter((problem) => !offlineNoise.test(problem));
  consoleProblems.push(...whileOffline);
  await expect(messageWith(proPage, "Primero: la guía")).toHaveCount(1);
  await expect(messageWith(rep, "Escrito sin conexión")).toHaveCount(1);
  await expect(messageWith(proPage, "Escrito sin conexión").getByTitle("Leído")).toBeVisible();
  await expect(messageWith(rep, "Tercero: la visita del martes").getByTitle("Leído")).toBeVisible();

  // A link becomes a card with the page's title, and opens in a new tab.
  await send(rep, `Aquí tienes la ficha: ${SITE_URL}`);
  const card = messageWith(proPage, "Aquí tienes la ficha").getByTestId("link-preview");
  await expect(card.getByText("Vademécum de prueba")).toBeVisible();
  await expect(card.getByText("Posología, contraindicaciones y presentaciones.")).toBeVisible();
  const cardLink = card.getByRole("link", { name: "Ibuprofeno 600 mg: ficha técnica" });
  await expect(cardLink).toHaveAttribute("target", "_blank");
  await expect(cardLink).toHaveAttribute("rel", /noopener/);
  const [tab] = await Promise.all([proPage.context().waitForEvent("page"), cardLink.click()]);
  await expect(tab).toHaveURL(SITE_URL);
  await expect(tab.getByRole("heading", { name: "Ibuprofeno 600 mg" })).toBeVisible();
  await tab.close();
  await expect(messageWith(proPage, "Aquí tienes la ficha").getByRole("link", { name: SITE_URL })).toHaveAttribute("target", "_blank");

  // The professional reports the conversation.
  await proPage.getByRole("button", { name: "Opciones de la conversación" }).click();
  await proPage.getByRole("menuitem", { name: "Denunciar conversación" }).click();
  const dialog = proPage.getByRole("dialog", { name: "Denunciar conversación" });
  await dialog.getByRole("combobox", { name: /^Motivo/ }).click();
  await proPage.getByRole("option", { name: "Spam o publicidad no deseada" }).click();
  await dialog.getByRole("textbox", { name: "Detalles (opcional)" }).fill("Me envía enlaces sin que se los pida (prueba e2e).");
  await dialog.getByRole("button", { name: "Enviar denuncia" }).click();
  await expect(proPage.getByText("Denuncia enviada. Un moderador la revisará. Gracias por avisarnos.")).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // The moderator reads it with its context and stops the account from writing in the chat.
  const moderatorContext = await browser.newContext({ baseURL, locale: "es-ES", timezoneId: "Europe/Madrid" });
  const moderator = await newPerson(moderatorContext, MODERATOR_EMAIL);
  await moderator.goto("/app/admin/denuncias");
  await expect(moderator.getByRole("heading", { level: 1, name: "Denuncias del chat" })).toBeVisible();
  const report = moderator.getByRole("article").filter({ hasText: "Me envía enlaces sin que se los pida (prueba e2e)." });
  await expect(report.getByText("Spam o publicidad no deseada")).toBeVisible();
  await expect(report.getByText("Tercero: la visita del martes")).toBeVisible();
  await checkA11y(moderator);
  await report.getByRole("button", { name: "Suspender en el chat" }).click();
  await moderator.getByRole("dialog", { name: "Suspender en el chat" }).getByRole("button", { name: "Suspender" }).click();
  // Handled, it leaves the pending queue for the resolved one, with the decision and its effect.
  await expect(report).toHaveCount(0);
  await moderator.getByText("Resueltas", { exact: true }).click();
  await expect(moderator).toHaveURL(/estado=resueltos/);
  await expect(report.getByText("Suspendida en el chat", { exact: true })).toBeVisible();
  await expect(report.getByText("No puede escribir en el chat")).toBeVisible();

  // The representative can no longer write; the professional is not told anything.
  await send(rep, "¿Sigues ahí?");
  await expect(messageWith(rep, "¿Sigues ahí?").getByText("Tu cuenta no puede enviar mensajes.", { exact: false })).toBeVisible();
  await expect(messageWith(proPage, "¿Sigues ahí?")).toHaveCount(0);

  await moderatorContext.close();
  await repContext.close();
});

/** Holds the requests of a script chunk until release() (the page's parts that load after it is shown). */
async function holdChunk(page: Page, file: RegExp) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(file, async (route: Route) => {
    await held;
    await route.continue();
  });
  return release;
}

test("a page signed out before its chat connection starts opens none, and the next account's opens with its session", async ({
  page,
  consoleProblems,
}) => {
  const sockets: WebSocket[] = [];
  let greeted = 0;
  page.on("websocket", (socket) => {
    sockets.push(socket);
    socket.on("framereceived", (frame) => {
      if (String(frame.payload).includes('"type":"hello"')) greeted++;
    });
  });
  await chooseCookies(page.context());
  // The header's unread count opens the connection once its code arrives: held, the session ends
  // first (as when a page switches accounts while the last one is still loading).
  const releaseBadge = await holdChunk(page, /\/assets\/unread-badge-[\w-]+\.js$/);
  const releaseBell = await holdChunk(page, /\/assets\/bell-[\w-]+\.js$/);
  await login(page, PRO_EMAIL, DEMO_PASSWORD);
  // Signed in and shown (the header's menu follows the session the page took from the server).
  await expect(page.getByTestId("account-menu")).toBeVisible();
  await signOut(page);
  const badgeLoaded = page.waitForResponse(/\/assets\/unread-badge-[\w-]+\.js$/);
  releaseBadge();
  await (await badgeLoaded).finished();
  // The bell comes after the badge: once it shows, the badge has mounted too.
  releaseBell();
  await expect(page.getByTestId("notification-bell")).toBeVisible();
  // Without a session a socket would be refused (401, logged by the browser as an error).
  expect(sockets).toHaveLength(0);

  // The next account's page connects with its own session: the server greets the socket.
  await login(page, REP_EMAIL, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await expect.poll(() => greeted).toBe(1);
  expect(consoleProblems).toEqual([]);
});
