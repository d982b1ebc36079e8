import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#server/accounts/factories";
import { newsAreas, newsAuthors } from "#server/db/schema";
import { listAuditLog } from "#server/platform/audit";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { createNewsArea, createNewsAuthor, createNewsCategory, createNoticia } from "./factories";
import { encodePng } from "./seed/png";

// The newsroom in the back office: tribunas, areas, categories and authors, through the pages'
// forms as an editor's browser sends them.
let server: TestServer;
let editor: BrowserClient;
let reader: BrowserClient;
let moderator: BrowserClient;

const PNG = encodePng(8, 8, new Uint8Array(8 * 8 * 3).fill(120));

beforeAll(async () => {
  server = await startTestServer();
  editor = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { roles: ["editor"] })).id);
  reader = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { type: "web" })).id);
  moderator = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { roles: ["moderador"] })).id);
});
afterAll(() => server?.close());

const page = async (client: BrowserClient | TestServer, path: string) => {
  const response = await client.fetch(path, { headers: { Accept: "text/html" } });
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
};
const submit = async (client: BrowserClient, path: string, fields: Record<string, string | Blob>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const response = await client.fetch(path, { method: "POST", body, headers: { Accept: "text/html" }, redirect: "manual" });
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
};
const audited = async (subjectType: string) => (await listAuditLog(server.ctx.db, { subjectType })).items.map((row) => row.action);

describe("tribunas in the back office", () => {
  it("lets an editor write a column with an image and publish it; readers see it until it is unpublished", async () => {
    const author = await createNewsAuthor(server.ctx.db, { nombre: "Dra. Elena Ruiz", cargo: "Farmacéutica comunitaria" });
    const fields = {
      titulo: "La receta electrónica necesita una segunda vuelta",
      entradilla: "Diez años después, la interoperabilidad entre comunidades sigue siendo la asignatura pendiente.",
      cuerpo_html: "<p>Cada verano, miles de pacientes desplazados descubren que su receta no viaja con ellos.</p>",
      autor_id: String(author.id),
      imagen_alt: "Una farmacéutica dispensa un medicamento con la tarjeta sanitaria",
      imagen_pie: "",
      status: "publicada",
      publicada_en: "",
      imagen: new Blob([new Uint8Array(PNG)], { type: "image/png" }),
    };
    const missingAuthor = await submit(editor, "/app/admin/tribunas/nueva", { ...fields, autor_id: "" });
    expect(missingAuthor.status).toBe(422);
    expect(missingAuthor.html).toContain("Elige el autor de la tribuna.");

    const saved = await submit(editor, "/app/admin/tribunas/nueva", fields);
    expect(saved.status).toBe(302);
    const id = Number(/\/admin\/tribunas\/(\d+)\?guardada=publicada$/.exec(saved.location ?? "")?.[1]);
    expect(id).toBeGreaterThan(0);

    const list = await (await server.fetch("/api/tribunas")).json();
    expect(JSON.stringify(list)).toContain("La receta electrónica necesita una segunda vuelta");
    const url = `/app/tribunas/${id}-la-receta-electronica-necesita-una-segunda-vuelta`;
    const column = await page(server, url);
    expect(column.status).toBe(200);
    expect(column.html).toMatch(/<img[^>]+alt="Una farmacéutica dispensa un medicamento con la tarjeta sanitaria"/);
    expect(column.html).toContain("Dra. Elena Ruiz");
    const table = await page(editor, "/app/admin/tribunas");
    expect(table.html).toContain("La receta electrónica necesita una segunda vuelta");

    const unpublished = await submit(editor, `/app/admin/tribunas/${id}`, { intent: "unpublish" });
    expect(unpublished.location).toContain("guardada=borrador");
    expect((await page(server, url)).status).toBe(404);
    expect(await audited("tribuna")).toEqual(["tribuna.unpublish", "tribuna.create"]);
  });
});

describe("areas and categories", () => {
  it("lets an editor add, rename and delete them; one in use cannot be deleted; all audited", async () => {
    const added = await submit(editor, "/app/admin/areas", { kind: "area", nombre: "Farmacia hospitalaria", descripcion: "", orden: "5" });
    expect(added.status).toBe(200);
    expect((await page(server, "/app/noticias")).html).toContain("Farmacia hospitalaria");
    const duplicate = await submit(editor, "/app/admin/areas", { kind: "area", nombre: "farmacia  hospitalaria", orden: "1" });
    expect(duplicate.status).toBe(422);
    expect(duplicate.html).toContain("Ya hay un área con ese nombre.");

    const [area] = (await server.ctx.db.select().from(newsAreas)).filter((row) => row.nombre === "Farmacia hospitalaria");
    if (!area) throw new Error("area not created");
    await submit(editor, "/app/admin/areas", {
      kind: "area",
      id: String(area.id),
      nombre: "Hospital",
      descripcion: "Farmacia de hospital",
      orden: "5",
    });
    const renamed = await page(server, `/app/noticias/area/farmacia-hospitalaria/${area.id}`);
    expect(renamed.status).toBe(301);
    expect(renamed.location).toBe(`/app/noticias/area/hospital/${area.id}`);

    const category = await createNewsCategory(server.ctx.db, { nombre: "Entrevistas" });
    await createNoticia(server.ctx.db, { titulo: "Una noticia en el área", areaId: area.id, categoryId: category.id, status: "publicada" });
    const refused = await submit(editor, "/app/admin/areas", { intent: "delete", kind: "area", id: String(area.id) });
    expect(refused.status).toBe(409);
    expect(refused.html).toContain("tiene 1 noticias: muévelas antes de borrarla.");

    const unused = await createNewsCategory(server.ctx.db, { nombre: "Sin uso" });
    const deleted = await submit(editor, "/app/admin/areas", { intent: "delete", kind: "categoria", id: String(unused.id) });
    expect(deleted.status).toBe(200);
    expect((await page(editor, "/app/admin/areas")).html).not.toContain("Sin uso");
    expect(await audited("area")).toEqual(["area.update", "area.create"]);
    expect(await audited("categoria")).toEqual(["categoria.delete"]);
  });
});

describe("authors", () => {
  it("lets an editor add an author with a photo and delete one who signs nothing", async () => {
    const created = await submit(editor, "/app/admin/autores", {
      nombre: "Carlos Méndez",
      cargo: "Director de acceso al mercado",
      empresa: "Laboratorios Alcor",
      bio: "",
      foto: new Blob([new Uint8Array(PNG)], { type: "image/png" }),
    });
    expect(created.status).toBe(200);
    const [author] = (await server.ctx.db.select().from(newsAuthors)).filter((row) => row.nombre === "Carlos Méndez");
    expect(author?.foto).toMatch(/^autores\/[0-9a-f-]{36}\.webp$/);
    const photo = await server.fetch(`/media/${author?.foto}`);
    expect(photo.headers.get("content-type")).toBe("image/webp");

    const area = await createNewsArea(server.ctx.db, { nombre: "Industria" });
    const category = await createNewsCategory(server.ctx.db, { nombre: "Opinión" });
    const signer = await createNewsAuthor(server.ctx.db, { nombre: "Firma Ocupada" });
    await createNoticia(server.ctx.db, {
      titulo: "Noticia firmada",
      areaId: area.id,
      categoryId: category.id,
      autorId: signer.id,
      status: "publicada",
    });
    const refused = await submit(editor, "/app/admin/autores", { intent: "delete", id: String(signer.id) });
    expect(refused.status).toBe(409);
    expect(refused.html).toContain("Firma Ocupada firma 1 noticias y 0 tribunas");

    const deleted = await submit(editor, "/app/admin/autores", { intent: "delete", id: String(author?.id) });
    expect(deleted.status).toBe(200);
    expect(await audited("autor")).toEqual(["autor.delete", "autor.create"]);
  });

  it("keeps readers and moderators out of the newsroom's pages and forms", async () => {
    for (const client of [reader, moderator]) {
      for (const path of ["/app/admin/tribunas", "/app/admin/tribunas/nueva", "/app/admin/areas", "/app/admin/autores"]) {
        expect((await page(client, path)).status, path).toBe(403);
      }
      expect((await submit(client, "/app/admin/areas", { kind: "area", nombre: "Intrusa" })).status).toBe(403);
      expect((await submit(client, "/app/admin/autores", { nombre: "Intruso" })).status).toBe(403);
    }
    expect((await page(server, "/app/admin/areas")).status).toBe(302);
  });
});
