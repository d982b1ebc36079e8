import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#server/accounts/factories";
import { BARCELONA, createCompany, FARMACEUTICO_COMUNITARIO, insertOffer, MADRID } from "#tests/factories/jobs";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";

// Issue 28: recommended offers read the candidate's profile (decision 0127) as well as their alerts
// and applications: a job title their positions name, or an offer that mentions one of their skills.

const DELEGADO_DE_VENTAS = 15; // cargos.json: delegado-de-ventas
const CONTROL_DE_CALIDAD = 11;

let server: TestServer;
let empresaId: number;

beforeAll(async () => {
  server = await startTestServer();
  empresaId = (await createCompany(server.ctx, "Laboratorios Perfil")).empresa.id;
});
afterAll(() => server?.close());

/** The home page's «Ofertas recomendadas para ti» section (empty when there is none). */
async function recommendedOn(client: BrowserClient) {
  const html = await (await client.fetch("/app", { headers: { Accept: "text/html" } })).text();
  const start = html.indexOf("Ofertas recomendadas para ti");
  return start === -1 ? "" : html.slice(start, html.indexOf("Últimas ofertas de empleo", start));
}

describe("recommendations from the candidate profile", () => {
  it("recommends offers for the positions and skills of a profile, positions first; nothing without signals", async () => {
    // Offers away from the candidates' province (Madrid), so the account's province plays no part.
    const byPosition = await insertOffer(server.ctx, empresaId, {
      titulo: "Delegado de ventas Cataluña",
      cargoId: DELEGADO_DE_VENTAS,
      estadoId: BARCELONA,
      ciudad: "Barcelona",
    });
    const bySkill = await insertOffer(server.ctx, empresaId, {
      titulo: "Farmacéutico adjunto con farmacovigilancia",
      cargoId: FARMACEUTICO_COMUNITARIO,
      estadoId: BARCELONA,
      ciudad: "Barcelona",
      descripcionTexto: "Llevarás la farmacovigilancia de la farmacia y la atención al paciente.",
    });
    const unrelated = await insertOffer(server.ctx, empresaId, {
      titulo: "Analista de control de calidad",
      cargoId: CONTROL_DE_CALIDAD,
      estadoId: BARCELONA,
      ciudad: "Barcelona",
    });

    const marta = await createUser(server.ctx.db, { type: "candidato", nombre: "Marta", apellidos: "Perfil", estadoId: MADRID });
    const client = await new BrowserClient(server).signInAs(marta.id);
    expect(await recommendedOn(client)).toBe("");

    const saved = await client.json(
      "/api/empleo/perfil",
      {
        titular: "Delegada comercial en hospitales",
        experiencia: [{ puesto: "Delegada de ventas", empresa: "Laboratorios Norte", desde: "2019-02", descripcion: "" }],
        formacion: [],
        idiomas: [],
        habilidades: ["Farmacovigilancia", "Negociación"],
        disponibilidad: "quince_dias",
        abierto_a_ofertas: false,
      },
      "PUT",
    );
    expect(saved.status).toBe(200);

    const section = await recommendedOn(client);
    expect(section).toContain(byPosition.titulo);
    expect(section).toContain(bySkill.titulo);
    expect(section).not.toContain(unrelated.titulo);
    // A job title the positions name weighs more than a skill the offer mentions.
    expect(section.indexOf(byPosition.titulo)).toBeLessThan(section.indexOf(bySkill.titulo));

    // Another candidate with no profile, alerts or applications gets none of them.
    const other = await createUser(server.ctx.db, { type: "candidato", nombre: "Nuria", apellidos: "Sinperfil", estadoId: MADRID });
    expect(await recommendedOn(await new BrowserClient(server).signInAs(other.id))).toBe("");
  });
});
