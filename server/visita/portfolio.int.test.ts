import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#server/accounts/factories";
import { BARCELONA, createProduct, MADRID } from "#tests/factories/visita";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";

let server: TestServer;
let productId: number;
let rep: BrowserClient;
let otherRep: BrowserClient;

beforeAll(async () => {
  server = await startTestServer();
  productId = (await createProduct(server.ctx, { name: "Respiral 10 mg comprimidos" })).id;
  rep = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { type: "visita" })).id);
  otherRep = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { type: "visita" })).id);
});
afterAll(() => server?.close());

describe("portfolio API", () => {
  it("answers 401 to anonymous writes whatever the body, and 403 to other roles", async () => {
    const anonymous = new BrowserClient(server);
    expect((await anonymous.json("/api/visita/cartera", { nada: true })).status).toBe(401);
    expect((await anonymous.json("/api/visita/cartera/1", {}, "PUT")).status).toBe(401);
    expect((await anonymous.fetch("/api/visita/cartera/1", { method: "DELETE" })).status).toBe(401);
    const web = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { type: "web" })).id);
    const response = await web.json("/api/visita/cartera", { producto_id: productId, zonas: [MADRID] });
    expect(response.status).toBe(403);
    expect((await web.get("/api/visita/cartera")).status).toBe(403);
  });

  it("adds, refuses a duplicate, edits and removes one's own entry; others' entries do not exist for them", async () => {
    const created = await rep.json("/api/visita/cartera", { producto_id: productId, zonas: [MADRID, BARCELONA], nota: "Muestras" });
    expect(created.status).toBe(201);
    const entry = await created.json();
    expect(entry.zonas.map((z: { nombre: string }) => z.nombre)).toEqual(["Barcelona", "Madrid"]);
    expect(entry.url_publica).toMatch(/^\/app\/visita\/visitador\/public\/producto-cartera\/respiral-10-mg-comprimidos\/\d+$/);

    const duplicate = await rep.json("/api/visita/cartera", { producto_id: productId, zonas: [MADRID] });
    expect(duplicate.status).toBe(409);

    expect((await otherRep.json(`/api/visita/cartera/${entry.id}`, { zonas: [MADRID] }, "PUT")).status).toBe(404);
    expect((await otherRep.fetch(`/api/visita/cartera/${entry.id}`, { method: "DELETE" })).status).toBe(404);
    expect(await (await otherRep.get("/api/visita/cartera")).json()).toEqual([]);

    const edited = await rep.json(`/api/visita/cartera/${entry.id}`, { zonas: [BARCELONA], nota: "" }, "PUT");
    expect((await edited.json()).zonas).toEqual([{ id: BARCELONA, nombre: "Barcelona" }]);

    const publicView = await (await server.fetch(`/api/visita/cartera/${entry.id}`)).json();
    expect(publicView).toMatchObject({ id: entry.id, zonas: [{ id: BARCELONA, nombre: "Barcelona" }], producto: { id: productId } });

    expect((await rep.fetch(`/api/visita/cartera/${entry.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await server.fetch(`/api/visita/cartera/${entry.id}`)).status).toBe(404);
  });

  it("refuses bad input with Spanish messages and changes nothing", async () => {
    const noZones = await rep.json("/api/visita/cartera", { producto_id: productId, zonas: [] });
    expect(noZones.status).toBe(422);
    expect((await noZones.json()).errors.zonas[0]).toBe("Elige al menos una provincia.");
    const unknownZone = await rep.json("/api/visita/cartera", { producto_id: productId, zonas: [999999] });
    expect(unknownZone.status).toBe(422);
    const unknownProduct = await rep.json("/api/visita/cartera", { producto_id: 99999999, zonas: [MADRID] });
    expect(unknownProduct.status).toBe(404);
    expect(await (await rep.get("/api/visita/cartera")).json()).toEqual([]);
  });

  it("lists the representatives of a product by province", async () => {
    await rep.json("/api/visita/cartera", { producto_id: productId, zonas: [MADRID] });
    await otherRep.json("/api/visita/cartera", { producto_id: productId, zonas: [BARCELONA] });
    const all = await (await server.fetch(`/api/visita/productos/${productId}/visitadores`)).json();
    expect(all.items).toHaveLength(2);
    expect(all.zonas).toEqual([
      { id: BARCELONA, nombre: "Barcelona", count: 1 },
      { id: MADRID, nombre: "Madrid", count: 1 },
    ]);
    const madrid = await (await server.fetch(`/api/visita/productos/${productId}/visitadores?estado=${MADRID}`)).json();
    expect(madrid.items).toHaveLength(1);
    expect(madrid.items[0].zonas).toEqual([{ id: MADRID, nombre: "Madrid" }]);
  });
});
