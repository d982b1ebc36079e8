import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { delegaciones, empresas, users, userZonas } from "#server/db/schema";
import { findCargoBySlug, findEstadosOfPais, findPaisByIso } from "#server/reference/catalog";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { createEmpleoUser, createUser } from "./factories";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const CARGO = findCargoBySlug("visitador-medico")?.id ?? 0;
const [MADRID, BARCELONA] = findEstadosOfPais(28);
const MEXICO = findPaisByIso("MX");
const ESTADO_MX = MEXICO ? findEstadosOfPais(MEXICO.id)[0] : undefined;

async function signedIn(type: "web" | "academia" | "candidato" | "visita" | "mkt" | "empleo") {
  const user = await createUser(server.ctx.db, { type, profileCompleted: false, nombre: undefined });
  return { user, client: await new BrowserClient(server).signInAs(user.id) };
}

const web = {
  nombre: "Marta",
  apellidos: "Ruiz Gómez",
  empresa_nombre: "Farmacia Central",
  delegacion: "Valencia",
  cargo: CARGO,
  empresa_tipo: 3,
  desempleado: false,
  autoempleo: 0,
};
const company = {
  empresa: "Laboratorios Ñandú",
  emailEmpresa: "contacto@nandu.example.com",
  empresaCodigoPostal: "28001",
  empresaDireccion: "Calle Mayor 1",
  empresaDireccion2: "2º B",
  empresaPais: 28,
  empresaPoblacion: "Madrid",
  tipoEmpresa: 1,
  empresaTelefono: "+34 910 000 000",
  empresaEstado: MADRID?.id,
};

describe("profile steps", () => {
  it("web and academia: save, mark complete and go to the web success page", async () => {
    for (const type of ["web", "academia"] as const) {
      const { user, client } = await signedIn(type);
      const response = await client.json(`/api/user/${type}`, web);
      expect(response.status, type).toBe(200);
      const body = await response.json();
      expect(body.redirect).toBe("/app/auth/crear-cuenta/web/success");
      expect(body.user).toMatchObject({ id: user.id, nombre: "Marta", apellidos: "Ruiz Gómez", profile_completed: true });
      const [row] = await server.ctx.db.select().from(users).where(eq(users.id, user.id));
      expect(row).toMatchObject({
        cargoId: CARGO,
        empresaNombre: "Farmacia Central",
        delegacionTexto: "Valencia",
        empresaTipoId: 3,
        desempleado: false,
      });
    }
  });

  it("accepts a free-text cargo and an unemployed person without company", async () => {
    const { user, client } = await signedIn("web");
    const response = await client.json("/api/user/web", {
      nombre: "Luis",
      apellidos: "Pérez",
      cargo: "Farmacéutico adjunto",
      desempleado: true,
    });
    expect(response.status).toBe(200);
    const [row] = await server.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ cargoId: null, cargoTexto: "Farmacéutico adjunto", desempleado: true, empresaNombre: null });
  });

  it("candidato: birth date, country and a sub-division of that country", async () => {
    const { user, client } = await signedIn("candidato");
    const ok = await client.json("/api/user/candidato", { ...web, nacimiento: "1990-05-17", pais: 28, estado: MADRID?.id });
    expect(ok.status).toBe(200);
    expect((await ok.json()).redirect).toBe("/app/auth/crear-cuenta/candidato/success");
    const [row] = await server.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ nacimiento: "1990-05-17", paisId: 28, estadoId: MADRID?.id });
    const wrong = await client.json("/api/user/candidato", { ...web, nacimiento: "1990-02-30", pais: 28, estado: ESTADO_MX?.id });
    expect(wrong.status).toBe(422);
    const { errors } = await wrong.json();
    expect(errors.nacimiento).toEqual(["Introduce una fecha de nacimiento válida (dd/mm/aaaa)"]);
  });

  it("candidato: the sub-division must belong to the country", async () => {
    const { client } = await signedIn("candidato");
    const response = await client.json("/api/user/candidato", { ...web, nacimiento: "1990-05-17", pais: 28, estado: ESTADO_MX?.id });
    expect(response.status).toBe(422);
    expect((await response.json()).errors.estado).toEqual(["La provincia o estado no pertenece al país elegido"]);
  });

  it("visita: zones are saved and replace the previous ones", async () => {
    const { user, client } = await signedIn("visita");
    await client.json("/api/user/visita", { nombre: "Pablo", apellidos: "Sanz", cargo: CARGO, zonas: [MADRID?.id] });
    const response = await client.json("/api/user/visita", {
      nombre: "Pablo",
      apellidos: "Sanz",
      cargo: CARGO,
      zonas: [BARCELONA?.id, MADRID?.id, MADRID?.id],
    });
    expect(response.status).toBe(200);
    expect((await response.json()).redirect).toBe("/app/auth/crear-cuenta/visita/success");
    const zonas = await server.ctx.db.select().from(userZonas).where(eq(userZonas.userId, user.id));
    expect(zonas.map((z) => z.estadoId).sort()).toEqual([MADRID?.id, BARCELONA?.id].sort());
    const invalid = await client.json("/api/user/visita", { nombre: "", apellidos: "Sanz", cargo: 999999, zonas: [] });
    expect(invalid.status).toBe(422);
    const { errors } = await invalid.json();
    expect(errors.nombre).toEqual(["Introduce tu nombre"]);
    expect(errors.zonas).toEqual(["Elige al menos una zona"]);
    const unknownCargo = await client.json("/api/user/visita", { nombre: "P", apellidos: "S", cargo: 999999, zonas: [MADRID?.id] });
    expect((await unknownCargo.json()).errors.cargo).toEqual(["Elige un cargo de la lista"]);
  });

  it("marketing: creates the company and its first delegation 'Sede central'", async () => {
    const { user, client } = await signedIn("mkt");
    const response = await client.json("/api/user/marketing", {
      nombre: "Eva",
      apellidos: "Mora",
      cargo: "Brand manager",
      ...company,
      empresaWeb: "https://nandu.example.com",
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.redirect).toBe("/app/auth/crear-cuenta/mkt/success");
    expect(body.user.empresa).toMatchObject({
      nombre: "Laboratorios Ñandú",
      slug: "laboratorios-nandu",
      delegacion: { nombre: "Sede central" },
    });
    const [empresa] = await server.ctx.db.select().from(empresas).where(eq(empresas.id, body.user.empresa.id));
    expect(empresa).toMatchObject({
      web: "https://nandu.example.com",
      email: "contacto@nandu.example.com",
      codigoPostal: "28001",
      paisId: 28,
      estadoId: MADRID?.id,
    });
    // Saving again edits the same company rather than creating another.
    const again = await (
      await client.json("/api/user/marketing", {
        nombre: "Eva",
        apellidos: "Mora",
        cargo: "Brand manager",
        ...company,
        empresaPoblacion: "Alcalá",
      })
    ).json();
    expect(again.user.empresa.id).toBe(body.user.empresa.id);
    const [row] = await server.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.cargoTexto).toBe("Brand manager");
  });

  it("marketing: every company field is checked with its own message", async () => {
    const { client } = await signedIn("mkt");
    const response = await client.json("/api/user/marketing", {
      nombre: "Eva",
      apellidos: "Mora",
      cargo: CARGO,
      empresa: "",
      emailEmpresa: "no",
      empresaCodigoPostal: "!",
      empresaDireccion: "",
      empresaPais: "x",
      empresaPoblacion: "",
      tipoEmpresa: null,
      empresaTelefono: "abc",
      empresaWeb: "ftp://x",
    });
    expect(response.status).toBe(422);
    const { errors } = await response.json();
    expect(errors).toMatchObject({
      empresa: ["Indica el nombre de la empresa"],
      emailEmpresa: ["Introduce un correo electrónico de empresa válido"],
      empresaCodigoPostal: ["Introduce un código postal válido"],
      empresaDireccion: ["Introduce la dirección de la empresa"],
      empresaPais: ["Elige un país"],
      empresaPoblacion: ["Introduce la población"],
      tipoEmpresa: ["Elige el tipo de empresa"],
      empresaTelefono: ["Introduce un teléfono válido"],
      empresaWeb: ["Introduce una dirección web válida (https://…)"],
    });
  });

  it("empleo: company without web, then the empleo success page", async () => {
    const { client } = await signedIn("empleo");
    const response = await client.json("/api/user/empleo", {
      nombre: "Raúl",
      apellidos: "Vidal",
      cargo: CARGO,
      ...company,
      empresa: "Clínica Vidal",
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.redirect).toBe("/app/auth/crear-cuenta/empleo/success");
    expect(body.user.empresa).toMatchObject({ nombre: "Clínica Vidal", delegacion: { nombre: "Sede central" } });
    expect(body.user.roles.administrador_empleo).toBe(1);
  });

  it("empleo/empresa: ask to join an existing company (its administrators decide) or create one; then the employment area", async () => {
    // Joining in detail, approvals and departures: company-members.int.test.ts.
    const { empresa } = await createEmpleoUser(server.ctx.db, { empresaNombre: "Hospital San Rafael" });
    const { client } = await signedIn("empleo");
    const join = await client.json("/api/user/empleo/empresa", { empresa: empresa.id });
    expect(join.status).toBe(202);
    expect((await join.json()).user.empresa).toBeNull();
    const missing = await client.json("/api/user/empleo/empresa", { empresa: 99999999 });
    expect(missing.status).toBe(422);
    expect((await missing.json()).errors.empresa).toEqual(["La empresa elegida no existe"]);

    const other = await signedIn("empleo");
    const create = await other.client.json("/api/user/empleo/empresa", { cargo: CARGO, ...company, empresa: "Farmacias Norte" });
    expect(create.status).toBe(200);
    expect((await create.json()).user.empresa).toMatchObject({ nombre: "Farmacias Norte", delegacion: { nombre: "Sede central" } });
    const incomplete = await other.client.json("/api/user/empleo/empresa", { empresa: "Sin datos" });
    expect(incomplete.status).toBe(422);
    expect(Object.keys((await incomplete.json()).errors)).toEqual(expect.arrayContaining(["cargo", "emailEmpresa", "empresaTelefono"]));
  });

  it("refuses the step of another account type (403) before looking at the payload, and needs a session (401)", async () => {
    const { client } = await signedIn("web");
    for (const path of [
      "/api/user/visita",
      "/api/user/marketing",
      "/api/user/empleo",
      "/api/user/empleo/empresa",
      "/api/user/candidato",
      "/api/user/academia",
    ]) {
      const response = await client.json(path, {});
      expect(response.status, path).toBe(403);
      expect((await response.json()).message).toBe("Este paso del registro no corresponde a tu tipo de cuenta.");
    }
    const visita = await signedIn("visita");
    expect((await visita.client.json("/api/user/web", web)).status).toBe(403);
    expect((await new BrowserClient(server).json("/api/user/web", web)).status).toBe(401);
  });
});

describe("DELETE /api/user/delegacion", () => {
  it("unlinks the delegation and deletes it when nobody else uses it", async () => {
    const { user, delegacion, empresa } = await createEmpleoUser(server.ctx.db);
    const client = await new BrowserClient(server).signInAs(user.id);
    const response = await client.fetch("/api/user/delegacion", { method: "DELETE" });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.redirect).toBe("/app/auth/crear-cuenta/empleo-empresa");
    expect(body.user.empresa).toMatchObject({ id: empresa.id, delegacion: null });
    expect(
      await server.ctx.db
        .select()
        .from(delegaciones)
        .where(eq(delegaciones.id, delegacion?.id ?? 0)),
    ).toEqual([]);
  });

  it("keeps a delegation another user still belongs to", async () => {
    const { user, delegacion, empresa } = await createEmpleoUser(server.ctx.db);
    await createUser(server.ctx.db, { type: "empleo", empresaId: empresa.id, delegacionId: delegacion?.id });
    const client = await new BrowserClient(server).signInAs(user.id);
    expect((await client.fetch("/api/user/delegacion", { method: "DELETE" })).status).toBe(200);
    expect(
      await server.ctx.db
        .select()
        .from(delegaciones)
        .where(eq(delegaciones.id, delegacion?.id ?? 0)),
    ).toHaveLength(1);
  });
});
