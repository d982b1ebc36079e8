import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { atcCodes, laboratories, productPresentations, products } from "#server/db/schema";
import { ImportError, importCatalogue } from "#server/visita";
import { IBUPROFENO, PARACETAMOL, SUPPLY } from "#tests/support/cima/fixtures";
import { startTestServer, type TestServer } from "#tests/support/test-server";

const NOMENCLATOR = path.resolve("tests/support/cima/nomenclator");
let server: TestServer;
let tmp: string;
const product = async (nregistro: string) =>
  (await server.ctx.db.select().from(products).where(eq(products.registrationNumber, nregistro)))[0];
const countProducts = async () => (await server.ctx.db.select({ n: sql<number>`count(*)::int` }).from(products))[0]?.n;
const write = (name: string, content: string | Buffer) => {
  const file = path.join(tmp, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
};

beforeAll(async () => {
  server = await startTestServer();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "catalogue-import-"));
});
afterAll(async () => {
  fs.rmSync(tmp, { recursive: true, force: true });
  await server?.close();
});

describe("catalogue import", () => {
  it("reads the Nomenclátor (ISO-8859-1) with its dictionaries; a second import changes nothing", async () => {
    const result = await importCatalogue(server.ctx, path.join(NOMENCLATOR, "prescripcion.xml"));
    expect(result).toMatchObject({ format: "nomenclator", counts: { medicines: 3, created: 3, presentations: 4, skipped: 1 } });
    expect(result.skipped).toEqual([{ nregistro: "80004", problem: "falta laboratorio_titular" }]);
    const omeprazol = await product("80001");
    expect(omeprazol).toMatchObject({
      name: "OMEPRAZOL MONTAÑÉS 20 mg CÁPSULAS DURAS GASTRORRESISTENTES EFG",
      form: "capsula_gastrorresistente",
      formLabel: "CÁPSULA DURA GASTRORRESISTENTE",
      prescription: "receta",
      generic: true,
      routes: ["oral"],
      atcCode: "A02BC01",
      supplyProblem: true,
      smpcUrl: "https://cima.aemps.es/cima/pdfs/es/ft/80001/FT_80001.pdf",
    });
    const [holder] = await server.ctx.db
      .select()
      .from(laboratories)
      .where(eq(laboratories.id, omeprazol?.holderLaboratoryId as number));
    expect(holder?.name).toBe("Laboratorios Montañés, S.A.");
    const [pack] = await server.ctx.db.select().from(productPresentations).where(eq(productPresentations.cn, "800012"));
    expect(pack).toMatchObject({
      supplyProblem: true,
      supplyFrom: new Date("2026-11-02T00:00:00Z"),
      supplyNote: expect.stringContaining("alternativas"),
    });
    expect((await server.ctx.db.select().from(atcCodes).where(eq(atcCodes.code, "A02BC01")))[0]?.name).toBe("OMEPRAZOL");
    expect(await product("80002")).toMatchObject({ prescription: "sin_receta", name: "IBUPROFENO PEÑALBA 400 mg COMPRIMIDOS" });
    expect((await product("80002"))?.marketingLaboratoryId).toBe(omeprazol?.holderLaboratoryId);
    expect(await product("80003")).toMatchObject({
      registerStatus: "suspendido",
      drivingWarning: true,
      suspendedAt: new Date("2026-10-10T00:00:00Z"),
    });

    const again = await importCatalogue(server.ctx, NOMENCLATOR);
    expect(again.counts).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
  });

  it("reads a directory of saved CIMA answers (details and /psuministro)", async () => {
    write("cima/70001.json", JSON.stringify(IBUPROFENO));
    write("cima/medicamentos-1.json", JSON.stringify({ totalFilas: 1, pagina: 1, tamanioPagina: 25, resultados: [PARACETAMOL] }));
    write("cima/psuministro.json", JSON.stringify({ totalFilas: 1, pagina: 1, tamanioPagina: 25, resultados: SUPPLY }));
    const result = await importCatalogue(server.ctx, path.join(tmp, "cima"));
    expect(result).toMatchObject({ format: "cima-json", counts: { medicines: 2, created: 2, skipped: 0 } });
    expect(await product("70002")).toMatchObject({ prescription: "sin_receta" });
  });

  it("bad input gets a clear error and changes nothing", async () => {
    const before = await countProducts();
    const full = fs.readFileSync(path.join(NOMENCLATOR, "prescripcion.xml"));
    const cases: Array<[string, string | Buffer, RegExp]> = [
      ["truncated/Prescripcion.xml", full.subarray(0, Math.floor(full.length * 0.6)), /incompleto \(termina dentro de <\w+>\)/],
      ["unknown/otro.xml", '<?xml version="1.0"?><catalogo><item/></catalogo>', /formato desconocido \(elemento raíz <catalogo>\)/],
      [
        "encoding/Prescripcion.xml",
        Buffer.concat([
          Buffer.from('<?xml version="1.0" encoding="utf-8"?><aemps_prescripcion><prescription><des_nomco>'),
          Buffer.from([0xd1, 0x41]),
          Buffer.from("</des_nomco></prescription></aemps_prescripcion>"),
        ]),
        /codificación declarada \(utf-8\)/,
      ],
      ["json/roto.json", '{"nregistro": "1", "nombre": ', /no es JSON válido/],
      ["csv/lista.csv", "nregistro;nombre\n1;X\n", /formato desconocido/],
    ];
    for (const [name, content, message] of cases) {
      const file = write(name, content);
      const target = name.endsWith(".json") || name.endsWith(".csv") ? path.dirname(file) : file;
      const error = await importCatalogue(server.ctx, target).catch((e: unknown) => e);
      expect(error, name).toBeInstanceOf(ImportError);
      expect((error as Error).message, name).toMatch(message);
    }
    expect(await countProducts()).toBe(before);
  });
});
