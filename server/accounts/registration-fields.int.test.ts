import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { createUser } from "./factories";

// Issue 26, "Accounts and marketing": what registration asked (a candidate's birth date, the
// company of a web, academia or candidate account) is editable in Mi cuenta with registration's
// rules; and without the academy (ACADEMIA_URL unset) its account type is not offered.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const basics = { nombre: "Irene", apellidos: "Soto Vidal", pais_id: 1, estado_id: null, cargo: null, telefono: null, publicidad: false };

async function signedIn(type: "candidato" | "web" | "visita") {
  const user = await createUser(server.ctx.db, { type, roles: type === "candidato" ? ["candidato"] : undefined, nombre: "Irene" });
  await server.ctx.db
    .update(users)
    .set({ nacimiento: type === "candidato" ? "1990-05-20" : null, empresaNombre: type === "visita" ? null : "Farmacia Soto" })
    .where(eq(users.id, user.id));
  return { user, client: await new BrowserClient(server).signInAs(user.id) };
}

const row = async (id: number) => (await server.ctx.db.select().from(users).where(eq(users.id, id)))[0];
const page = async (client: BrowserClient, path = "/app/cuenta") => (await client.fetch(path, { headers: { Accept: "text/html" } })).text();

describe("Mi cuenta: the birth date and company asked at registration", () => {
  it("shows them to a candidate and saves them from the page's form", async () => {
    const { user, client } = await signedIn("candidato");
    const html = await page(client);
    expect(html).toContain("Fecha de nacimiento");
    expect(html).toContain('name="empresa_nombre"');
    expect(html).toContain('value="Farmacia Soto"');
    const response = await client.fetch("/app/cuenta", {
      method: "POST",
      headers: { Accept: "text/html", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        intent: "profile",
        nombre: "Irene",
        apellidos: "Soto Vidal",
        pais_id: "1",
        nacimiento: "1988-11-02",
        empresa_editable: "1",
        empresa_nombre: "Hospital del Sur",
      }).toString(),
    });
    expect(response.status).toBe(200);
    expect(await row(user.id)).toMatchObject({ nacimiento: "1988-11-02", empresaNombre: "Hospital del Sur", desempleado: false });
  });

  it("refuses with registration's messages, per field, changing nothing", async () => {
    const { user, client } = await signedIn("candidato");
    const tooYoung = new Date(Date.now() - 10 * 365 * 86_400_000).toISOString().slice(0, 10);
    for (const [body, field, message] of [
      [{ nacimiento: "31/02/1990" }, "nacimiento", "Introduce una fecha de nacimiento válida (dd/mm/aaaa)"],
      [{ nacimiento: "" }, "nacimiento", "Introduce una fecha de nacimiento válida (dd/mm/aaaa)"],
      [{ nacimiento: tooYoung }, "nacimiento", "Debes tener entre 16 y 100 años"],
      [{ empresa_nombre: "", desempleado: false }, "empresa_nombre", "Indica el nombre de tu empresa"],
    ] as const) {
      const response = await client.json("/api/user/profile", { ...basics, ...body }, "PUT");
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect((await response.json()).errors?.[field]?.[0]).toBe(message);
    }
    expect(await row(user.id)).toMatchObject({ nacimiento: "1990-05-20", empresaNombre: "Farmacia Soto" });
    // Unemployed: no company needed; clients that send neither field keep both.
    expect((await client.json("/api/user/profile", { ...basics, desempleado: true }, "PUT")).status).toBeLessThan(300);
    expect(await row(user.id)).toMatchObject({ empresaNombre: null, desempleado: true, nacimiento: "1990-05-20" });
  });

  it("offers no birth date to a web account and neither field to a representative", async () => {
    const web = await page((await signedIn("web")).client);
    expect(web).not.toContain("Fecha de nacimiento");
    expect(web).toContain('name="empresa_nombre"');
    const visita = await page((await signedIn("visita")).client);
    expect(visita).not.toContain('name="empresa_nombre"');
  });
});

describe("the academia account without ACADEMIA_URL", () => {
  it("is not offered at registration, and its address leads to the professional account", async () => {
    const choice = await (await server.fetch("/app/auth/crear-cuenta", { headers: { Accept: "text/html" } })).text();
    expect(choice).toContain("Profesionales del sector farmacéutico y sanitario");
    expect(choice).not.toContain("Alumnos de formación online");
    expect(choice).not.toContain("crear-cuenta/academia");
    for (const path of ["/app/auth/crear-cuenta/academia", "/app/auth/crear-cuenta/academia?register_type=academia&redirect_url=%2Fapp"]) {
      const response = await server.fetch(path, { headers: { Accept: "text/html" }, redirect: "manual" });
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location"), path).toMatch(/^\/app\/auth\/crear-cuenta\/web(\?redirect_url=%2Fapp)?$/);
    }
  });
});
