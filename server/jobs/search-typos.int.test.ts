import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCompany, FARMACEUTICO_COMUNITARIO, insertOffer } from "#tests/factories/jobs";
import { startTestServer, type TestServer } from "#tests/support/test-server";

// Issue 28: a misspelt search finds offers (one typo per word), ranked below exact matches.

let server: TestServer;
let visitador: number;
let venta: number;
let vendas: number;

const ids = async (q: string) => {
  const response = await server.fetch(`/api/empleo/ofertas?pais=espana&q=${encodeURIComponent(q)}`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { items: Array<{ id: number }>; total: number };
  expect(body.total).toBe(body.items.length);
  return body.items.map((item) => item.id);
};

beforeAll(async () => {
  server = await startTestServer();
  const { empresa } = await createCompany(server.ctx, "Laboratorios Erratas");
  visitador = (await insertOffer(server.ctx, empresa.id, { titulo: "Visitador médico hospitalario" })).id;
  venta = (await insertOffer(server.ctx, empresa.id, { titulo: "Técnico de venta en farmacia", cargoId: FARMACEUTICO_COMUNITARIO })).id;
  vendas = (await insertOffer(server.ctx, empresa.id, { titulo: "Representante de vendas para Brasil", cargoId: FARMACEUTICO_COMUNITARIO }))
    .id;
});
afterAll(() => server?.close());

describe("typo tolerance of the offer search", () => {
  it("finds «visitador médico» written «vistador medico» and with a swapped or extra letter", async () => {
    expect(await ids("visitador medico")).toEqual([visitador]);
    expect(await ids("vistador medico")).toEqual([visitador]);
    expect(await ids("visitadro médicoo")).toEqual([visitador]);
    // Two typos in one word are not forgiven.
    expect(await ids("vstador medico")).toEqual([]);
  });

  it("ranks offers matching the words as written above those reached through a typo", async () => {
    // «ventas» is written by no offer: «venta» matches it as written (same stem), «vendas» by one letter.
    expect(await ids("ventas")).toEqual([venta, vendas]);
  });

  it("learns the words of new offers and leaves search syntax as written", async () => {
    const { empresa } = await createCompany(server.ctx, "Laboratorios Nuevos");
    const nueva = (await insertOffer(server.ctx, empresa.id, { titulo: "Farmacovigilancia senior", cargoId: FARMACEUTICO_COMUNITARIO })).id;
    expect(await ids("farmacovigilancai")).toEqual([nueva]);
    expect(await ids('"vistador medico"')).toEqual([]);
  });
});

describe("what a candidate notices when a misspelt search has several pages (decision 0131)", () => {
  it("lists the offers matching the words as written first, then the typo matches, page after page without repeats", async () => {
    const { empresa } = await createCompany(server.ctx, "Laboratorios Paginados");
    // Colombia keeps these offers apart from the Spanish ones above; the newest are created last.
    const offer = async (titulo: string, descripcionTexto?: string) =>
      (
        await insertOffer(server.ctx, empresa.id, {
          titulo,
          ...(descripcionTexto ? { descripcionTexto } : {}),
          paisId: 47,
          estadoId: 717,
          ciudad: "Bogotá",
          cargoId: FARMACEUTICO_COMUNITARIO,
        })
      ).id;
    const titleExact = [await offer("Técnico de venta en farmacia"), await offer("Venta de dermocosmética")];
    // «venta» only in the description: still written as searched, so above every typo match.
    const descriptionExact = await offer("Auxiliar de mostrador", "Atención al cliente y venta cruzada en la farmacia.");
    const typo = [await offer("Representante de vendas"), await offer("Vendas hospitalarias"), await offer("Gestor de vendas")];

    const seen: number[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const response = await server.fetch(`/api/empleo/ofertas?pais=colombia&q=ventas&limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(response.status).toBe(200);
      const page = (await response.json()) as { items: Array<{ id: number }>; total: number; next_cursor: string | null };
      expect(page.total).toBe(6);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.next_cursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    // Title matches rank alike (the newest first), the description match after them, then the typos.
    expect(seen).toEqual([...titleExact.reverse(), descriptionExact, ...typo.reverse()]);
  });
});
