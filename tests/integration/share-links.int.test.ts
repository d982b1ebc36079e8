import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCompany, insertOffer } from "#tests/factories/jobs";
import { startTestServer, type TestServer } from "#tests/support/test-server";

let server: TestServer;
let offerId: number;

beforeAll(async () => {
  server = await startTestServer();
  const company = await createCompany(server.ctx, "Laboratorios Compartidos");
  offerId = (await insertOffer(server.ctx, company.empresa.id, { titulo: "Delegada de ventas hospitalarias" })).id;
});
afterAll(() => server?.close());

const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key.replace(/:/g, ":")}" content="([^"]*)"`).exec(html)?.[1];

async function page(path: string) {
  const response = await server.fetch(path);
  expect(response.status, path).toBe(200);
  return response.text();
}

describe("shared links", () => {
  it("gives the home, listing and news pages a picture, Twitter tags, a canonical link and og:url", async () => {
    for (const path of ["/app", "/app/empleo/p/espana", "/app/noticias"]) {
      const html = await page(path);
      expect(metaOf(html, "og:image"), path).toBe(`${server.url}/og/portada.png`);
      expect(metaOf(html, "twitter:card"), path).toBe("summary_large_image");
      expect(metaOf(html, "og:url"), path).toMatch(new RegExp(`^${server.url}/app`));
      expect(html, path).toMatch(/<link rel="canonical" href="http[^"]+"/);
    }
    const home = await page("/app");
    expect(metaOf(home, "og:url")).toBe(`${server.url}/app`);
  });

  it("gives an offer its own share card: a 1200×630 PNG made from its title, company and place", async () => {
    const listing = await page("/app/empleo/p/espana?q=delegada+ventas+hospitalarias");
    const path = /href="(\/app\/empleo\/oferta\/[^"]+)"/.exec(listing)?.[1] as string;
    const html = await page(path);
    expect(metaOf(html, "og:image")).toBe(`${server.url}/og/oferta/${offerId}.png`);
    expect(metaOf(html, "og:image:alt")).toContain("Delegada de ventas hospitalarias · Laboratorios Compartidos");
    const image = await server.fetch(`/og/oferta/${offerId}.png`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(await sharp(Buffer.from(await image.arrayBuffer())).metadata()).toMatchObject({ format: "png", width: 1200, height: 630 });
    expect((await server.fetch("/og/oferta/999999999.png")).status).toBe(404);
    expect((await server.fetch("/og/oferta/nada.png")).status).toBe(404);
    expect((await server.fetch("/og/portada.png")).headers.get("content-type")).toBe("image/png");
  });

  it("names the sitemap in robots.txt", async () => {
    const robots = await (await server.fetch("/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${server.url}/sitemap.xml`);
    expect(robots).toContain("Disallow: /api/");
  });
});
