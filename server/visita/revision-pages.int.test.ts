import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#server/accounts/factories";
import { mailsTo } from "#tests/factories/accounts";
import { createProduct } from "#tests/factories/visita";
import { BrowserClient } from "#tests/support/browser-client";
import { imageBytes } from "#tests/support/files";
import { startTestServer, type TestServer } from "#tests/support/test-server";

let server: TestServer;
let labId: number;
let existing: Awaited<ReturnType<typeof createProduct>>;

const html = async (client: BrowserClient | TestServer, path: string) => {
  const response = await client.fetch(path, { headers: { Accept: "text/html" } });
  return { response, text: await response.text() };
};

function proposalForm(fields: Record<string, string>, image?: Buffer) {
  const form = new FormData();
  const defaults: Record<string, string> = {
    nombre: "Respirex 5 mg comprimidos",
    laboratorio_id: String(labId),
    numero_registro: "8812345",
    forma: "comprimido",
    receta: "receta",
    "principios_activos.0.nombre": "montelukast",
    "principios_activos.0.dosis": "5",
    "principios_activos.0.unidad": "mg",
    "presentaciones.0.cn": "881234",
    "presentaciones.0.nombre": "28 comprimidos",
    atc: "N02BE01",
    comercializado: "on",
  };
  for (const [key, value] of Object.entries({ ...defaults, ...fields })) form.set(key, value);
  form.append("vias", "oral");
  if (image) form.set("imagen", new Blob([new Uint8Array(image)], { type: "image/png" }), "caja.png");
  return form;
}

beforeAll(async () => {
  server = await startTestServer();
  existing = await createProduct(server.ctx, { name: "Tosfrin 15 mg jarabe", cns: ["777001"] });
  labId = existing.laboratory.id;
});
afterAll(() => server?.close());

describe("proposal pages: guards (spec §6)", () => {
  it("sends anonymous visitors to login and answers 403 to other roles", async () => {
    const pages = ["/app/visita/nuevo-producto", `/app/visita/visitador/sugerir-cambios/${existing.id}`, "/app/admin/revisiones"];
    for (const path of pages) {
      const response = await server.fetch(path, { headers: { Accept: "text/html" } });
      expect(response.status).toBe(302);
      expect(new URL(response.headers.get("location") ?? "", server.url).searchParams.get("redirect_url")).toBe(path);
    }
    const web = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { type: "web" })).id);
    const rep = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { type: "visita" })).id);
    for (const path of pages.slice(0, 2)) expect((await html(web, path)).response.status).toBe(403);
    expect((await html(rep, "/app/admin/revisiones")).response.status).toBe(403);
    const form = await html(rep, `/app/visita/visitador/sugerir-cambios/${existing.id}`);
    expect(form.response.status).toBe(200);
    expect(form.text).toContain('value="Tosfrin 15 mg jarabe"');
    expect((await html(rep, "/app/visita/visitador/sugerir-cambios/99999999")).response.status).toBe(404);
  });
});

describe("proposal pages: nuevo-producto → preview → sent → approved by a moderator", () => {
  it("walks the whole story through the pages", async () => {
    const author = await createUser(server.ctx.db, { type: "visita", nombre: "Marta" });
    const rep = await new BrowserClient(server).signInAs(author.id);
    const moderator = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { roles: ["moderador"] })).id);

    const invalid = await rep.fetch("/app/visita/nuevo-producto", {
      method: "POST",
      body: proposalForm({ nombre: "", "presentaciones.0.cn": "12" }),
    });
    expect(invalid.status).toBe(422);
    const invalidHtml = await invalid.text();
    expect(invalidHtml).toContain("El nombre es obligatorio.");
    expect(invalidHtml).toContain("El código nacional son 6 cifras (o 7 con el dígito de control).");

    const duplicate = await rep.fetch("/app/visita/nuevo-producto", {
      method: "POST",
      body: proposalForm({ "presentaciones.0.cn": "777001" }),
    });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.text()).toContain("Este medicamento ya está en el catálogo: el código nacional 777001.");

    const saved = await rep.fetch("/app/visita/nuevo-producto", { method: "POST", body: proposalForm({}, await imageBytes(400, 300)) });
    expect(saved.status).toBe(303);
    const previewPath = saved.headers.get("location") ?? "";
    expect(previewPath).toMatch(/^\/app\/visita\/preview-editar-producto\?revision=\d+$/);
    const revisionId = Number(new URL(previewPath, server.url).searchParams.get("revision"));

    const preview = await html(rep, previewPath);
    expect(preview.text).toContain("Vista previa: todavía no se ha enviado");
    expect(preview.text).toContain("Respirex 5 mg comprimidos");
    expect(preview.text).toContain("montelukast 5 mg");
    expect(preview.text).toContain("881234.");
    expect((await rep.fetch(`/api/visita/revisiones/${revisionId}/imagen`)).headers.get("content-type")).toBe("image/webp");
    // A draft is the author's alone: moderators do not see it yet.
    expect((await html(moderator, `/app/admin/revisiones/${revisionId}`)).response.status).toBe(404);

    const sent = await rep.fetch(previewPath, { method: "POST", body: new URLSearchParams({ intent: "submit" }) });
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe(`/app/visita/crear-revision-success?revision=${revisionId}`);
    expect((await html(rep, `/app/visita/crear-revision-success?revision=${revisionId}`)).text).toContain("¡Propuesta enviada!");

    const queue = await html(moderator, "/app/admin/revisiones");
    expect(queue.text).toContain("Respirex 5 mg comprimidos");
    const review = await html(moderator, `/app/admin/revisiones/${revisionId}`);
    expect(review.text).toContain("Aprobar y publicar");
    expect(review.text).toContain("Montelukast".toLowerCase());

    const noReason = await moderator.fetch(`/app/admin/revisiones/${revisionId}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "rechazar", motivo: "" }),
    });
    expect(noReason.status).toBe(422);
    expect(await noReason.text()).toContain("El motivo es obligatorio.");

    const approved = await moderator.fetch(`/app/admin/revisiones/${revisionId}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "aprobar" }),
    });
    expect(approved.status).toBe(303);
    expect(approved.headers.get("location")).toBe("/app/admin/revisiones?hecho=aprobada");

    const found = await (await server.fetch("/api/visita/productos?q=respirex")).json();
    expect(found.items).toHaveLength(1);
    expect(found.items[0].detalle).toBeNull(); // prescription-only: the gate still applies
    expect((await mailsTo(server, author.email, "visita_revision_approved")).length).toBe(1);
    const profile = await html(rep, "/app/visita/visitador");
    expect(profile.text).toContain("Hemos aprobado tu propuesta «Respirex 5 mg comprimidos»: ya está en el catálogo.");
    expect(profile.text).toContain("Aprobada");
    // Shown once: the notice is read now.
    expect((await html(rep, "/app/visita/visitador")).text).not.toContain("Hemos aprobado tu propuesta");
  });
});
