import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCandidate, createCompany, insertOffer } from "#tests/factories/jobs";
import { BrowserClient } from "#tests/support/browser-client";
import { imageBytes, jpegWithExif, PNG_SIGNATURE_THEN_HTML } from "#tests/support/files";
import { startTestServer, type TestServer } from "#tests/support/test-server";

let server: TestServer;
let admin: BrowserClient;
let company: Awaited<ReturnType<typeof createCompany>>;

const upload = (client: BrowserClient, bytes: Uint8Array, name = "logo.png") => {
  const body = new FormData();
  body.set("logo", new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
  return client.fetch("/api/empleo/panel/empresa/logo", { method: "POST", body });
};

beforeAll(async () => {
  server = await startTestServer();
  company = await createCompany(server.ctx, "Laboratorios Con Logo");
  admin = await new BrowserClient(server).signInAs(company.user.id);
});
afterAll(() => server?.close());

describe("a company's logo", () => {
  it("refuses what is not an image, and files over 2 MB, with Spanish messages per field", async () => {
    const fake = await upload(admin, PNG_SIGNATURE_THEN_HTML);
    expect(fake.status).toBe(415);
    expect((await fake.json()).errors.logo).toEqual(["El logotipo debe ser una imagen JPEG, PNG o WebP válida."]);
    const huge = await upload(admin, new Uint8Array(2 * 1024 * 1024 + 1));
    expect(huge.status).toBe(413);
    expect((await huge.json()).errors.logo).toEqual(["El logotipo no puede superar 2 MB."]);
    const candidate = await new BrowserClient(server).signInAs((await createCandidate(server.ctx)).id);
    expect((await upload(candidate, await imageBytes(50, 50))).status).toBe(403);
  });

  it("re-encodes the image (WebP, at most 400 px, no metadata) and shows it on the company page and its offers", async () => {
    const offer = await insertOffer(server.ctx, company.empresa.id, { titulo: "Delegado con logotipo" });
    const response = await upload(admin, await jpegWithExif(1600, 800), "logo.jpg");
    expect(response.status).toBe(200);
    const { logo } = await response.json();
    expect(logo).toMatch(new RegExp(`^/api/empleo/empresas/${company.empresa.id}/logo\\?v=[0-9a-f]{8}$`));

    const file = await server.fetch(logo);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 400, height: 200 });
    expect(meta.exif).toBeUndefined();

    const page = await (await server.fetch(`/api/empleo/empresas/${company.empresa.slug}`)).json();
    expect(page.empresa.logo).toBe(logo);
    expect(page.ofertas[0].empresa.logo).toBe(logo);
    const offerJson = await (await server.fetch(`/api/empleo/ofertas/${offer.id}`)).json();
    expect(offerJson.empresa.logo).toBe(logo);
    const html = await (await server.fetch(offerJson.url)).text();
    expect(html).toContain(`alt="Logotipo de Laboratorios Con Logo"`);

    // A new logo is a new address (caches keep no stale copy). Removing it goes back to the initials.
    const second = await (await upload(admin, await imageBytes(120, 120))).json();
    expect(second.logo).not.toBe(logo);
    const removed = await admin.fetch("/api/empleo/panel/empresa/logo", { method: "DELETE" });
    expect(await removed.json()).toEqual({ logo: null });
    expect((await server.fetch(second.logo)).status).toBe(404);
  });
});
