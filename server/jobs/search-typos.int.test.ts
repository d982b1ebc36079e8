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
