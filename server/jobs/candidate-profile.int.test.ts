import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, DEFAULT_TEST_PASSWORD } from "#server/accounts/factories";
import { candidatoPerfiles } from "#server/db/schema";
import { applyWithCv, BARCELONA, createCompany, insertOffer, MADRID } from "#tests/factories/jobs";
import { BrowserClient } from "#tests/support/browser-client";
import { readZip } from "#tests/support/read-zip";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { closeStaleProfiles } from "./privacy";

// Issue 28: the candidate profile (decision 0108) and who sees it (decision 0109): the candidate
// edits it; recruiters of a company find it only while «Abierto a ofertas» is on; a company the
// candidate applied to sees it beside the CV either way.

let server: TestServer;
let recruiter: BrowserClient;
let empresaId: number;

const FULL_PROFILE = {
  titular: "Delegada comercial en oncología",
  experiencia: [
    {
      puesto: "Delegada comercial",
      empresa: "Laboratorios Norte",
      desde: "2019-02",
      hasta: "2022-06",
      descripcion: "Hospitales de Madrid.",
    },
    { puesto: "Key account manager", empresa: "Oncofarma", desde: "2022-07", descripcion: "" },
  ],
  formacion: [{ titulo: "Grado en Farmacia", centro: "Universidad Complutense", desde: "2013-09", hasta: "2018-06" }],
  idiomas: [{ idioma: "Inglés", nivel: "C1" }],
  habilidades: ["Oncología", "CRM", "Negociación"],
  disponibilidad: "quince_dias",
  salario_deseado: 42000,
  salario_moneda: "EUR",
  abierto_a_ofertas: true,
};

async function candidateWith(nombre: string, estadoId: number, profile: Record<string, unknown> | null) {
  const user = await createUser(server.ctx.db, { type: "candidato", nombre, apellidos: "Prueba", estadoId });
  const client = await new BrowserClient(server).signInAs(user.id);
  if (profile) expect((await client.json("/api/empleo/perfil", profile, "PUT")).status).toBe(200);
  return { id: user.id, email: user.email, client };
}

const search = async (client: BrowserClient, query: string) => client.get(`/api/empleo/panel/perfiles?${query}`);
const namesOf = async (response: Response) => ((await response.json()).data as Array<{ nombre: string }>).map((row) => row.nombre).sort();

beforeAll(async () => {
  server = await startTestServer();
  const owner = await createCompany(server.ctx, "Reclutamiento Sur");
  empresaId = owner.empresa.id;
  recruiter = await new BrowserClient(server).signInAs(owner.user.id);
});
afterAll(() => server?.close());

describe("the candidate's profile", () => {
  it("saves whole, sorts positions newest first and reports its completeness", async () => {
    const { client } = await candidateWith("Ana", MADRID, null);
    const empty = await (await client.get("/api/empleo/perfil")).json();
    expect(empty.completitud).toEqual({ porcentaje: 0, falta: expect.arrayContaining(["Añade tu experiencia (al menos un puesto)"]) });
    expect(empty.perfil.abierto_a_ofertas).toBe(false);

    const saved = await client.json(
      "/api/empleo/perfil",
      { ...FULL_PROFILE, salario_deseado: undefined, salario_moneda: undefined },
      "PUT",
    );
    expect(saved.status).toBe(200);
    const body = await saved.json();
    expect(body.perfil.experiencia.map((row: { empresa: string }) => row.empresa)).toEqual(["Oncofarma", "Laboratorios Norte"]);
    expect(body.completitud).toEqual({ porcentaje: 95, falta: ["Indica el salario que buscas"] });
    expect((await (await client.get("/api/empleo/perfil")).json()).perfil).toMatchObject({
      titular: FULL_PROFILE.titular,
      salario_deseado: null,
    });
  });

  it("refuses bad input field by field (API) and keeps what was typed (page form, before hydration)", async () => {
    const { client } = await candidateWith("Bea", MADRID, null);
    const tooMany = Array.from({ length: 21 }, (_, i) => ({ puesto: `Puesto ${i}`, empresa: "X", desde: "2020-01", descripcion: "" }));
    const refused = await client.json("/api/empleo/perfil", { ...FULL_PROFILE, experiencia: tooMany, salario_moneda: undefined }, "PUT");
    expect(refused.status).toBe(422);
    const errors = (await refused.json()).errors as Record<string, string[]>;
    expect(errors.experiencia).toEqual(["Como máximo 20 puestos."]);
    expect(errors.salario_moneda).toEqual(["Elige la moneda del salario."]);

    const page = await client.fetch("/app/empleo/perfil", {
      method: "POST",
      headers: { Accept: "text/html", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        titular: "Farmacéutica comunitaria",
        "experiencia.0.puesto": "Adjunta",
        "experiencia.0.empresa": "",
        "experiencia.0.desde": "2021-13",
        "idiomas.0.idioma": "Francés",
        "idiomas.0.nivel": "B3",
        habilidades: "",
      }),
    });
    expect(page.status).toBe(422);
    const html = await page.text();
    expect(html).toContain("Indica la empresa.");
    expect(html).toContain("Indica el mes (AAAA-MM).");
    expect(html).toContain("Elige un nivel (A1–C2 o nativo).");
    expect(html).toContain('value="Farmacéutica comunitaria"');
    expect(html).toContain('value="Adjunta"');
    // Nothing was saved.
    expect((await (await client.get("/api/empleo/perfil")).json()).actualizado_en).toBeNull();
  });

  it("is saved from the page form, where an emptied row is removed", async () => {
    const { id, client } = await candidateWith("Carla", MADRID, FULL_PROFILE);
    const response = await client.fetch("/app/empleo/perfil", {
      method: "POST",
      headers: { Accept: "text/html", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        titular: "Visitadora médica",
        "experiencia.0.puesto": "",
        "experiencia.0.empresa": "",
        "experiencia.0.desde": "",
        "experiencia.1.puesto": "Visitadora médica",
        "experiencia.1.empresa": "Farmacia Sol",
        "experiencia.1.desde": "2020-01",
        habilidades: "Ventas, ventas, Formación",
        disponibilidad: "inmediata",
        salario_deseado: "",
        salario_moneda: "EUR",
      }),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Perfil guardado");
    const [row] = await server.ctx.db.select().from(candidatoPerfiles).where(eq(candidatoPerfiles.userId, id));
    expect(row).toMatchObject({
      titular: "Visitadora médica",
      experiencia: [{ puesto: "Visitadora médica", empresa: "Farmacia Sol", desde: "2020-01", descripcion: "" }],
      habilidades: ["Ventas", "Formación"],
      disponibilidad: "inmediata",
      salarioDeseado: null,
      salarioMoneda: null,
      // The switch was not sent: off.
      abiertoAOfertas: false,
    });
  });

  it("is only for candidates", async () => {
    expect((await recruiter.get("/api/empleo/perfil")).status).toBe(403);
    expect((await new BrowserClient(server).get("/api/empleo/perfil")).status).toBe(401);
  });
});

describe("recruiter search", () => {
  it("finds only profiles open to offers, by keyword, province and skill, without contact details", async () => {
    const skills = ["Farmacovigilancia", "CRM"];
    const titular = "Delegada hospitalaria";
    const open = await candidateWith("Diana", MADRID, { ...FULL_PROFILE, habilidades: skills, titular });
    await candidateWith("Elena", BARCELONA, { ...FULL_PROFILE, habilidades: ["Farmacovigilancia"], titular });
    await candidateWith("Fátima", MADRID, { ...FULL_PROFILE, habilidades: skills, titular, abierto_a_ofertas: false });

    const all = await search(recruiter, "q=hospitalaria");
    expect(all.status).toBe(200);
    expect(await namesOf(all)).toEqual(["Diana Prueba", "Elena Prueba"]);
    expect(await namesOf(await search(recruiter, `q=hospitalaria&estado=${MADRID}`))).toEqual(["Diana Prueba"]);
    // Skills are compared without case or accents, by part of a word.
    expect(await namesOf(await search(recruiter, "habilidad=FARMACOVIGIL%C3%81NCIA"))).toEqual(["Diana Prueba", "Elena Prueba"]);
    expect(await namesOf(await search(recruiter, "q=hospitalaria&habilidad=crm"))).toEqual(["Diana Prueba"]);
    expect(await namesOf(await search(recruiter, "q=dermatolog%C3%ADa&habilidad=farmacovigilancia"))).toEqual([]);

    const text = await (await search(recruiter, `habilidad=farmacovig&estado=${MADRID}`)).text();
    expect(text).not.toContain(open.email);
    expect(JSON.parse(text).data).toMatchObject([
      { id: open.id, provincia: "Madrid", puesto_actual: { empresa: "Oncofarma" }, conversacion_id: null },
    ]);

    // The page renders the same results.
    const html = await (await recruiter.get("/app/empleo/panel/talento?habilidad=farmacovig")).text();
    expect(html).toContain("Diana Prueba");
    expect(html).not.toContain("Fátima Prueba");
    expect(html).not.toContain(open.email);
  });

  it("is paginated and ignores a bad page number on the page", async () => {
    for (let i = 0; i < 21; i++) await candidateWith(`Página${i}`, MADRID, { ...FULL_PROFILE, habilidades: ["Paginación"] });
    const first = await (await search(recruiter, "habilidad=paginacion")).json();
    expect(first).toMatchObject({ total: 21, pagina: 1, paginas: 2 });
    expect(first.data).toHaveLength(20);
    const second = await (await search(recruiter, "habilidad=paginacion&pagina=2")).json();
    expect(second.data).toHaveLength(1);
    expect((await search(recruiter, "pagina=abc")).status).toBe(422);
    expect((await recruiter.get("/app/empleo/panel/talento?pagina=abc")).status).toBe(200);
  });

  it("is only for company recruiters", async () => {
    const { client } = await candidateWith("Gala", MADRID, FULL_PROFILE);
    const candidate = await search(client, "q=delegada");
    expect(candidate.status).toBe(403);
    expect((await candidate.json()).message).toBe("Solo los reclutadores de una empresa pueden buscar candidatos.");
    expect((await client.get("/app/empleo/panel/talento")).status).toBe(403);
    expect((await search(new BrowserClient(server), "q=delegada")).status).toBe(401);
  });
});

describe("the employer's view of an applicant", () => {
  it("shows the profile beside the CV even when it is not open to offers; other companies never see it", async () => {
    const offer = await insertOffer(server.ctx, empresaId);
    const hidden = await candidateWith("Helena", MADRID, {
      ...FULL_PROFILE,
      abierto_a_ofertas: false,
      titular: "Perfil privado de Helena",
    });
    await applyWithCv(hidden.client, offer.id);
    const html = await (await recruiter.get(`/app/empleo/panel/ofertas/${offer.id}/candidatos`)).text();
    expect(html).toContain("Perfil privado de Helena");
    expect(html).toContain("Key account manager en Oncofarma");
    expect(html).toContain("Inglés (C1 · Avanzado)");

    const rival = await new BrowserClient(server).signInAs((await createCompany(server.ctx, "Otra empresa")).user.id);
    expect((await rival.get(`/app/empleo/panel/ofertas/${offer.id}/candidatos`)).status).toBe(404);
    expect(await namesOf(await search(rival, "q=privado"))).toEqual([]);
  });
});

describe("privacy", () => {
  it("exports the profile, deletes it with the account, and hides a profile untouched for a year", async () => {
    const { id, client } = await candidateWith("Irene", MADRID, FULL_PROFILE);
    const zip = await readZip(Buffer.from(await (await client.get("/api/user/export")).arrayBuffer()));
    const data = JSON.parse(zip.get("datos.json")?.toString() ?? "{}");
    expect(data.empleo.perfil_candidato).toMatchObject({
      titular: FULL_PROFILE.titular,
      habilidades: FULL_PROFILE.habilidades,
      abierto_a_ofertas: true,
      salario_deseado: 42000,
    });

    const stale = await candidateWith("Julia", MADRID, FULL_PROFILE);
    await server.ctx.db
      .update(candidatoPerfiles)
      .set({ updatedAt: new Date(Date.now() - 13 * 30 * 86_400_000) })
      .where(eq(candidatoPerfiles.userId, stale.id));
    expect(await closeStaleProfiles(server.ctx.db, new Date())).toBe(1);
    expect(await namesOf(await search(recruiter, "q=delegada&habilidad=oncologia"))).not.toContain("Julia Prueba");

    const erased = await client.fetch("/api/user", {
      method: "DELETE",
      body: JSON.stringify({ password: DEFAULT_TEST_PASSWORD }),
      headers: { "Content-Type": "application/json" },
    });
    expect(erased.status).toBe(204);
    expect(await server.ctx.db.select().from(candidatoPerfiles).where(eq(candidatoPerfiles.userId, id))).toEqual([]);
  });
});
