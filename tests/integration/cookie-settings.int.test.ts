import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSENT_COOKIE } from "#common/constants";
import { parseCookieChoice } from "#common/legal/consent-cookie";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const html = { Accept: "text/html" };
const form = (fields: Record<string, string>) => ({
  method: "POST",
  body: new URLSearchParams(fields).toString(),
  headers: { ...html, "Content-Type": "application/x-www-form-urlencoded" },
});

describe("«Configurar cookies» before the page is hydrated (issue 27)", () => {
  it("links the footer and the banner to a cookie form that a page without JavaScript can post", async () => {
    const client = new BrowserClient(server);
    const home = await (await client.fetch("/app", { headers: html })).text();
    // The footer's «Configurar cookies» and the banner's «Configurar» are links, not script-only buttons.
    expect(home).toMatch(/<a[^>]+href="\/app\/legal\/cookies#configurar"[^>]*>Configurar cookies<\/a>/);
    expect(home).toMatch(/<a[^>]+href="\/app\/legal\/cookies#configurar"[^>]*>[\s\S]{0,200}Configurar<\/span>/);
    const policy = await (await client.fetch("/app/legal/cookies", { headers: html })).text();
    expect(policy).toContain('id="configurar"');
    expect(policy).toMatch(/<form action="\/app\/legal\/cookies" method="post">/);
    expect(policy).toContain('name="analiticas"');
  });

  it("saves the chosen switches and comes back to the form with a confirmation", async () => {
    const client = new BrowserClient(server);
    const saved = await client.fetch("/app/legal/cookies", form({ analiticas: "1" }));
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/app/legal/cookies?guardado=1#configurar");
    expect(parseCookieChoice(client.cookies.get(CONSENT_COOKIE))).toMatchObject({ analytics: true, publicidad: false });
    const page = await (await client.fetch("/app/legal/cookies?guardado=1", { headers: html })).text();
    expect(page).toContain("Preferencias de cookies guardadas.");
    // Answered: the banner is gone from the next page.
    expect(page).not.toContain("Aviso de cookies");
  });

  it("takes the banner's «Rechazar» and «Aceptar» back to the page the visitor was on, never elsewhere", async () => {
    const client = new BrowserClient(server);
    const home = await (await client.fetch("/app/empleo/p/espana?q=farmacia", { headers: html })).text();
    expect(home).toContain('name="volver" value="/app/empleo/p/espana?q=farmacia"');
    const rejected = await client.fetch("/app/legal/cookies", form({ eleccion: "rechazar", volver: "/app/empleo/p/espana?q=farmacia" }));
    expect(rejected.headers.get("location")).toBe("/app/empleo/p/espana?q=farmacia");
    expect(parseCookieChoice(client.cookies.get(CONSENT_COOKIE))).toMatchObject({ analytics: false, publicidad: false });
    const accepted = await client.fetch("/app/legal/cookies", form({ eleccion: "aceptar", volver: "https://elsewhere.example/" }));
    expect(accepted.headers.get("location")).toBe("/app");
    expect(parseCookieChoice(client.cookies.get(CONSENT_COOKIE))).toMatchObject({ analytics: true, publicidad: true });
  });

  it("answers 404 to a post on any other legal text", async () => {
    const client = new BrowserClient(server);
    const response = await client.fetch("/app/legal/privacidad", form({ eleccion: "aceptar" }));
    expect(response.status).toBe(404);
    expect(client.cookies.has(CONSENT_COOKIE)).toBe(false);
  });
});
