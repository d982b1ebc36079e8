import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#server/accounts/factories";
import { resolveSession } from "#server/accounts/session";
import { listAuditLog } from "#server/platform/audit";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { saveNoticia, unpublishNoticia } from "./editor.service";
import { createNewsArea, createNewsCategory } from "./factories";
import { encodePng } from "./seed/png";

let server: TestServer;
let editorUser: NonNullable<Awaited<ReturnType<typeof resolveSession>>>;
let areaId: number;
let categoryId: number;

const PNG = encodePng(4, 4, new Uint8Array(4 * 4 * 3).fill(200));
const form = (patch: Record<string, string> = {}) => ({
  titulo: "La AEMPS actualiza la guía de suministro",
  entradilla: "Los titulares deberán avisar con dos meses de antelación de cualquier interrupción.",
  cuerpo_html: '<p>Texto completo de la noticia con <strong>detalles</strong>.</p><img src=x onerror="alert(1)"><script>alert(2)</script>',
  area_id: String(areaId),
  category_id: String(categoryId),
  autor_id: "",
  etiquetas: "Suministro, AEMPS, suministro",
  imagen_alt: "",
  imagen_pie: "",
  status: "borrador",
  publicada_en: "",
  ...patch,
});

beforeAll(async () => {
  server = await startTestServer();
  areaId = (await createNewsArea(server.ctx.db, { nombre: "Regulación" })).id;
  categoryId = (await createNewsCategory(server.ctx.db, { nombre: "Actualidad" })).id;
  const user = await createUser(server.ctx.db, { roles: ["editor"] });
  const client = await new BrowserClient(server).signInAs(user.id);
  editorUser = (await resolveSession(server.ctx, client.cookies.get("farmanexo_session"), "web")) as typeof editorUser;
});
afterAll(() => server?.close());

describe("the news editor", () => {
  it("saves a draft with sanitised HTML and normalised tags, then publishes it, each step audited", async () => {
    const draft = await saveNoticia(server.ctx, editorUser, null, form());
    expect(draft.status).toBe("borrador");
    expect(draft.cuerpoHtml).toBe("<p>Texto completo de la noticia con <strong>detalles</strong>.</p>");
    expect(draft.etiquetas).toEqual(["Suministro", "AEMPS"]);
    expect((await server.fetch(`/api/noticias/${draft.id}`)).status).toBe(404);

    const image = new Blob([new Uint8Array(PNG)], { type: "image/png" });
    const published = await saveNoticia(
      server.ctx,
      editorUser,
      draft.id,
      form({ status: "publicada", imagen_alt: "Almacén de medicamentos" }),
      image,
    );
    expect(published.status).toBe("publicada");
    expect(published.imagen).toMatch(/^noticias\/[0-9a-f-]{36}\.webp$/);
    const api = await (await server.fetch(`/api/noticias/${draft.id}`)).json();
    expect(api.imagen).toMatchObject({ alt: "Almacén de medicamentos" });
    expect((await server.fetch(api.imagen.url)).status).toBe(200);

    await unpublishNoticia(server.ctx, editorUser, draft.id);
    expect((await server.fetch(`/api/noticias/${draft.id}`)).status).toBe(404);
    const actions = (await listAuditLog(server.ctx.db, { subjectType: "noticia" })).items
      .filter((row) => row.subjectId === String(draft.id))
      .map((row) => row.action);
    expect(actions).toEqual(["noticia.unpublish", "noticia.publish", "noticia.create"]);
  });

  it("refuses what is wrong with Spanish messages per field and saves nothing", async () => {
    const image = new Blob([new Uint8Array(PNG)], { type: "image/png" });
    const attempts: Array<[Record<string, string>, string]> = [
      [{ titulo: "Corto" }, "titulo"],
      [{ cuerpo_html: "<p></p>" }, "cuerpo_html"],
      [{ status: "programada", publicada_en: "" }, "publicada_en"],
      [{ status: "programada", publicada_en: "2020-01-01T10:00" }, "publicada_en"],
      [{ area_id: "99999" }, "area_id"],
    ];
    for (const [patch, field] of attempts) {
      await expect(saveNoticia(server.ctx, editorUser, null, form(patch)), field).rejects.toMatchObject({
        status: 422,
        fieldErrors: { [field]: expect.any(Array) },
      });
    }
    await expect(saveNoticia(server.ctx, editorUser, null, form(), image)).rejects.toMatchObject({
      fieldErrors: { imagen_alt: expect.any(Array) },
    });
    const html = new Blob(["<html><script>alert(1)</script></html>"], { type: "image/png" });
    await expect(saveNoticia(server.ctx, editorUser, null, form({ imagen_alt: "Una imagen" }), html)).rejects.toMatchObject({
      status: 415,
    });
  });

  it("keeps readers and moderators out of the editor, on the page and in the service", async () => {
    const reader = await createUser(server.ctx.db, { type: "web" });
    const moderator = await createUser(server.ctx.db, { roles: ["moderador"] });
    for (const user of [reader, moderator]) {
      const client = await new BrowserClient(server).signInAs(user.id);
      expect((await client.fetch("/app/admin/noticias", { headers: { Accept: "text/html" } })).status).toBe(403);
      const session = await resolveSession(server.ctx, client.cookies.get("farmanexo_session"), "web");
      await expect(saveNoticia(server.ctx, session, null, form())).rejects.toMatchObject({ status: 403 });
    }
  });
});
