import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#server/accounts/factories";
import { createCandidate, createCompany, insertOffer, PDF_BYTES } from "#tests/factories/jobs";
import { createProduct, MADRID } from "#tests/factories/visita";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";

// Issue 12 #7: one autolink function for every page that shows user text. Each page below shows a
// text with an address as a link that opens in a new tab, and any markup in it as plain text.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const TEXT = 'Más en www.ejemplo-enlace.test/cv y <b>nada</b> <script>alert("x")</script>';
const page = async (client: BrowserClient | TestServer, path: string) => {
  const response = await client.fetch(path, { headers: { Accept: "text/html" } });
  expect(response.status).toBe(200);
  return response.text();
};
/** The address is a link with the target and rel; the markup stays escaped text. */
function expectLinkified(html: string) {
  expect(html).toMatch(
    /<a[^>]*href="https?:\/\/www\.ejemplo-enlace\.test\/cv"[^>]*target="_blank"[^>]*rel="noopener noreferrer nofollow"|<a[^>]*rel="noopener noreferrer nofollow"[^>]*href="https?:\/\/www\.ejemplo-enlace\.test\/cv"/,
  );
  expect(html).toContain("&lt;b&gt;nada&lt;/b&gt;");
  expect(html).not.toContain('<script>alert("x")</script>');
}

describe("user text shown with its addresses as links", () => {
  it("in a cover letter, in the employer's applicants panel", async () => {
    const owner = await createCompany(server.ctx, "Laboratorios Enlaces");
    const company = await new BrowserClient(server).signInAs(owner.user.id);
    const offerId = (await insertOffer(server.ctx, owner.empresa.id, { titulo: "Delegado de zona" })).id;
    const candidate = await new BrowserClient(server).signInAs((await createCandidate(server.ctx, { nombre: "Carla" })).id);
    const body = new FormData();
    body.set("cv", new Blob([PDF_BYTES as Uint8Array<ArrayBuffer>]), "cv.pdf");
    body.set("carta", TEXT);
    expect((await candidate.fetch(`/api/empleo/ofertas/${offerId}/candidaturas`, { method: "POST", body })).status).toBe(201);
    expectLinkified(await page(company, `/app/empleo/panel/ofertas/${offerId}/candidatos`));
  });

  it("in feedback, in the back office's inbox", async () => {
    const admin = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { roles: ["admin"] })).id);
    const sent = await new BrowserClient(server).json("/api/feedback", {
      valoracion: 5,
      asunto: "Un enlace",
      contenido: TEXT,
      pagina: "/app/empleo/p/espana",
      id_user_feedback: null,
      nombre: "Pablo",
      email: "pablo@example.com",
    });
    expect(sent.status).toBe(201);
    expectLinkified(await page(admin, "/app/admin/opiniones"));
  });

  it("in a representative's note, on their public page for the product", async () => {
    const product = await createProduct(server.ctx, { name: "Enlazol 5 mg comprimidos" });
    const rep = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { type: "visita", nombre: "Rosa" })).id);
    const created = await rep.json("/api/visita/cartera", { producto_id: product.id, zonas: [MADRID], nota: TEXT });
    expect(created.status).toBe(201);
    const entry = (await created.json()) as { url_publica: string };
    expectLinkified(await page(server, entry.url_publica));
  });
});
