import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORAGE_REGISTRY } from "#common/legal/cookie-registry";

import { createUser, findUserByEmail } from "#server/accounts/factories";
import { exportConsents } from "#server/legal";
import { GOOD_PASSWORD, uniqueEmail } from "#tests/factories/accounts";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";

let server: TestServer;
let admin: BrowserClient;

const html = (client: BrowserClient, path: string) => client.fetch(path, { headers: { Accept: "text/html" }, redirect: "manual" });
const postForm = (client: BrowserClient, path: string, fields: Record<string, string>) =>
  client.fetch(path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Accept: "text/html", "Content-Type": "application/x-www-form-urlencoded" },
    redirect: "manual",
  });
const LONG_TEXT = `## Objeto\n\n${"Estas condiciones regulan el uso del servicio y las reglas de la comunidad profesional. ".repeat(4)}\n\n- Una regla nueva del chat.`;

beforeAll(async () => {
  server = await startTestServer({ LEGAL_OWNER: "Farmanexo Salud S.L.", LEGAL_TAX_ID: "B12345678" });
  admin = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { roles: ["admin"] })).id);
});
afterAll(() => server?.close());

describe("the legal texts", () => {
  it("serve version 1 of each text with the operator's data from the configuration, the missing ones marked to configure", async () => {
    const response = await new BrowserClient(server).get("/api/legal/aviso-legal");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ documento: "aviso-legal", titulo: "Aviso legal", version: 1, vigente: true });
    expect(body.texto).toContain("Titular: Farmanexo Salud S.L.");
    expect(body.texto).toContain("NIF: B12345678");
    expect(body.texto).toContain("Domicilio: [Por configurar: LEGAL_ADDRESS]");
    const page = await (await html(new BrowserClient(server), "/app/legal/privacidad")).text();
    expect(page).toContain("<h1>Política de privacidad</h1>");
    expect(page).toContain("Agencia Española de Protección de Datos");
    expect((await new BrowserClient(server).get("/api/legal/nada")).status).toBe(422);
    expect((await html(new BrowserClient(server), "/app/legal/nada")).status).toBe(404);
  });

  it("generate the cookie policy's table from the registry in code", async () => {
    const page = await (await html(new BrowserClient(server), "/app/legal/cookies")).text();
    for (const entry of STORAGE_REGISTRY) expect(page).toContain(entry.name);
  });

  it("let only admins publish; each publication is a new version and the earlier one stays readable", async () => {
    const reader = await new BrowserClient(server).signInAs((await createUser(server.ctx.db)).id);
    const refused = await reader.json("/api/admin/legal/privacidad", { body: LONG_TEXT, summary: "Cambio" });
    expect(refused.status).toBe(403);
    const invalid = await admin.json("/api/admin/legal/privacidad", { body: "corto", summary: "" });
    expect(invalid.status).toBe(422);
    expect((await invalid.json()).errors).toMatchObject({ body: [expect.stringContaining("al menos 200")], summary: [expect.any(String)] });

    // An anonymous reader's page comes from the page cache until a version is published.
    const cachedPage = async () => {
      const response = await html(new BrowserClient(server), "/app/legal/privacidad");
      return { cacheControl: response.headers.get("cache-control"), etag: response.headers.get("etag"), text: await response.text() };
    };
    const before = await cachedPage();
    expect(before.cacheControl).toMatch(/^public/);
    expect((await cachedPage()).etag).toBe(before.etag);

    const published = await admin.json("/api/admin/legal/privacidad", { body: LONG_TEXT, summary: "Nuevo apartado sobre el chat." });
    expect(published.status).toBe(201);
    expect(await published.json()).toMatchObject({ version: 2, vigente: true, cambio_sustancial: false });
    const after = await cachedPage();
    expect(after.etag).not.toBe(before.etag);
    expect(after.text).toContain("Una regla nueva del chat.");
    const current = await (await new BrowserClient(server).get("/api/legal/privacidad")).json();
    expect(current.version).toBe(2);
    expect(current.versiones.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    const first = await (await new BrowserClient(server).get("/api/legal/privacidad/versiones/1")).json();
    expect(first).toMatchObject({ version: 1, vigente: false });
    expect(first.texto).toContain("Agencia Española de Protección de Datos");
    expect((await new BrowserClient(server).get("/api/legal/privacidad/versiones/9")).status).toBe(404);
    const oldPage = await (await html(new BrowserClient(server), "/app/legal/privacidad/version/1")).text();
    expect(oldPage).toContain("Estás leyendo una versión anterior");
    expect(oldPage).toContain('name="robots" content="noindex"');
  });
});

describe("consent at registration", () => {
  it("refuses a registration without the explicit acceptance, in Spanish, and creates nothing", async () => {
    const email = uniqueEmail("sin-aceptar");
    const response = await new BrowserClient(server).json("/api/register", {
      email,
      password: GOOD_PASSWORD,
      password_confirmation: GOOD_PASSWORD,
      register_type: "candidato",
    });
    expect(response.status).toBe(422);
    expect((await response.json()).errors.acepta_condiciones).toEqual([
      "Debes aceptar las condiciones de uso y la política de privacidad para crear tu cuenta.",
    ]);
    expect(await findUserByEmail(server.ctx.db, email)).toBeFalsy();
  });

  it("records which terms and privacy versions were accepted, and each opt-in separately", async () => {
    const email = uniqueEmail("acepta");
    const response = await new BrowserClient(server).json("/api/register", {
      email,
      password: GOOD_PASSWORD,
      password_confirmation: GOOD_PASSWORD,
      register_type: "visita",
      publicidad: true,
      acepta_condiciones: true,
    });
    expect(response.status).toBe(201);
    const user = await findUserByEmail(server.ctx.db, email);
    const { version: privacyVersion } = await (await new BrowserClient(server).get("/api/legal/privacidad")).json();
    const { version: termsVersion } = await (await new BrowserClient(server).get("/api/legal/condiciones")).json();
    const record = await exportConsents(server.ctx.db, user?.id ?? 0);
    expect(record.aceptaciones).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ documento: "Condiciones de uso", version: termsVersion, origen: "registro" }),
        expect.objectContaining({ documento: "Política de privacidad", version: privacyVersion, origen: "registro" }),
      ]),
    );
    expect(record.aceptaciones).toHaveLength(2);
    expect(record.consentimientos).toEqual([
      expect.objectContaining({ finalidad: "publicidad", otorgado: true, origen: "registro" }),
      expect.objectContaining({ finalidad: "newsletter", otorgado: true, origen: "registro" }),
    ]);
  });

  it("keeps the chat e-mails opt-out and the newsletter opt-out with their dates", async () => {
    const user = await createUser(server.ctx.db);
    const client = await new BrowserClient(server).signInAs(user.id);
    expect((await client.json("/api/chat/settings", { unread_emails: false }, "PUT")).status).toBe(200);
    expect((await client.json("/api/chat/settings", { unread_emails: false }, "PUT")).status).toBe(200);
    expect((await client.json("/api/chat/settings", { unread_emails: true }, "PUT")).status).toBe(200);
    const { consentimientos } = await exportConsents(server.ctx.db, user.id);
    expect(consentimientos.map((c) => [c.finalidad, c.otorgado, c.origen])).toEqual([
      ["chat_email", false, "chat"],
      ["chat_email", true, "chat"],
    ]);
    expect(consentimientos[0]?.fecha).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });
});

describe("a material change of the terms", () => {
  it("stops a user who joined before it, on the API (clear Spanish 403) and on pages, until they accept", async () => {
    const before = await createUser(server.ctx.db);
    const pageUser = await createUser(server.ctx.db);
    const client = await new BrowserClient(server).signInAs(before.id);
    expect((await client.get("/api/noticias")).status).toBe(200);

    const published = await admin.json("/api/admin/legal/condiciones", {
      body: LONG_TEXT,
      summary: "Nuevas reglas del chat.",
      material: true,
    });
    expect(published.status).toBe(201);
    // The admin joined before too: they accept like anyone else.
    expect((await admin.json("/api/legal/aceptar", {})).status).toBe(200);

    const refused = await client.get("/api/noticias");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      message: "Hemos actualizado las condiciones de uso. Para seguir usando tu cuenta, léelas y acéptalas en /app/legal/aceptar.",
      code: "TERMS_NOT_ACCEPTED",
    });
    // Reading the texts, the account and signing out stay open.
    expect((await client.get("/api/legal/condiciones")).status).toBe(200);
    expect((await client.get("/api/user")).status).toBe(200);

    const page = await html(client, "/app/empleo/p/espana");
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/app/legal/aceptar?redirect_url=%2Fapp%2Fempleo%2Fp%2Fespana");
    const navigation = await client.get("/app/noticias.data");
    expect(navigation.status).toBe(204);
    expect(navigation.headers.get("X-Remix-Redirect")).toBe("/app/legal/aceptar?redirect_url=%2Fapp%2Fnoticias");
    const acceptPage = await (await html(client, "/app/legal/aceptar")).text();
    expect(acceptPage).toContain("Nuevas reglas del chat.");

    const accepted = await client.json("/api/legal/aceptar", {});
    expect(accepted.status).toBe(200);
    expect((await client.get("/api/noticias")).status).toBe(200);
    expect((await html(client, "/app/empleo/p/espana")).status).toBe(200);
    const { aceptaciones } = await exportConsents(server.ctx.db, before.id);
    expect(aceptaciones).toContainEqual(expect.objectContaining({ documento: "Condiciones de uso", version: 2, origen: "aceptacion" }));

    // The page's form: the box must be ticked, then back where the user was going.
    const pageClient = await new BrowserClient(server).signInAs(pageUser.id);
    const unticked = await postForm(pageClient, "/app/legal/aceptar?redirect_url=%2Fapp%2Fnoticias", {});
    expect(unticked.status).toBe(422);
    expect(await unticked.text()).toContain("Marca la casilla para aceptar las condiciones de uso");
    const ticked = await postForm(pageClient, "/app/legal/aceptar?redirect_url=%2Fapp%2Fnoticias", { acepto: "1" });
    expect(ticked.status).toBe(302);
    expect(ticked.headers.get("Location")).toBe("/app/noticias");
    expect((await html(pageClient, "/app/noticias")).status).toBe(200);
  });

  it("does not stop users who joined after it, nor visitors", async () => {
    const after = await createUser(server.ctx.db);
    const client = await new BrowserClient(server).signInAs(after.id);
    expect((await client.get("/api/noticias")).status).toBe(200);
    expect((await html(new BrowserClient(server), "/app/noticias")).status).toBe(200);
  });
});
