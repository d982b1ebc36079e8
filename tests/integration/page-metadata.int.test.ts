import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCompany, insertOffer } from "#tests/factories/jobs";
import { createProduct } from "#tests/factories/visita";
import { startTestServer, type TestServer } from "#tests/support/test-server";

let server: TestServer;
let productId: number;

beforeAll(async () => {
  server = await startTestServer();
  productId = (await createProduct(server.ctx, { name: "Metadatol 500 mg comprimidos", prescription: "sin_receta" })).id;
  const company = await createCompany(server.ctx, "Laboratorios Descriptivos");
  const long = "Buscamos una persona con experiencia en la visita médica hospitalaria, ".repeat(6);
  await insertOffer(server.ctx, company.empresa.id, { titulo: "Delegado hospitalario descriptivo", descripcionTexto: long });
});
afterAll(() => server?.close());

const metaOf = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1] as string));

async function page(path: string) {
  const response = await server.fetch(path);
  expect(response.status, path).toBe(200);
  return response.text();
}

describe("page metadata", () => {
  it("ends the sign-in and registration titles with the brand; the register page is canonical", async () => {
    expect(titleOf(await page("/app/auth/login"))).toBe("Iniciar sesión · Farmanexo");
    const register = await page("/app/auth/crear-cuenta");
    expect(titleOf(register)).toBe("Crear cuenta · Farmanexo");
    expect(register).toContain(`<link rel="canonical" href="${server.url}/app/auth/crear-cuenta"/>`);
  });

  it("keeps descriptions to 160 characters (an offer with a long text)", async () => {
    const listing = await page("/app/empleo/p/espana?q=delegado+hospitalario+descriptivo");
    const path = /href="(\/app\/empleo\/oferta\/[^"]+)"/.exec(listing)?.[1] as string;
    const html = await page(path);
    const description = metaOf(html, "description") ?? "";
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/^Laboratorios Descriptivos busca/);
    expect(description.endsWith("…")).toBe(true);
  });

  it("shows the news index's RSS feed as a link", async () => {
    expect(await page("/app/noticias")).toMatch(/<a [^>]*href="\/app\/noticias\/rss\.xml"[^>]*>Suscríbete por RSS<\/a>/);
  });
});

describe("catalogue headings", () => {
  it("puts the facets under an h2 and gives each result a heading; one region per name on the product page", async () => {
    const html = await page("/app/visita/result?q=metadatol");
    const levels = [...html.matchAll(/<h([1-6])[^>]*>/g)].map((m) => Number(m[1]));
    levels.reduce((previous, level) => {
      expect(level - previous).toBeLessThanOrEqual(1);
      return level;
    }, 0);
    expect(html).toMatch(/<h3[^>]*><a [^>]*>Metadatol 500 mg comprimidos<\/a><\/h3>/);
    const product = await page(`/app/visita/producto/metadatol-500-mg-comprimidos/${productId}`);
    expect(product.match(/aria-labelledby="presentaciones-title"/g)).toHaveLength(1);
  });
});

describe("share cards and structured data", () => {
  it("gives a product a raster 1200×630 card outside /api/, and a BreadcrumbList like its breadcrumb", async () => {
    const html = await page(`/app/visita/producto/metadatol-500-mg-comprimidos/${productId}`);
    const image = metaOf(html, "og:image") as string;
    expect(image).toBe(`${server.url}/og/producto/${productId}.png`);
    expect(metaOf(html, "twitter:card")).toBe("summary_large_image");
    const png = await server.fetch(image.replace(server.url, ""));
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(await sharp(Buffer.from(await png.arrayBuffer())).metadata()).toMatchObject({ width: 1200, height: 630 });
    const crumbs = jsonLdOf(html).find((item) => item["@type"] === "BreadcrumbList");
    expect(crumbs.itemListElement.map((step: { name: string }) => step.name)).toEqual([
      "Catálogo",
      "Laboratorios Prueba",
      "Metadatol 500 mg comprimidos",
    ]);
    expect(crumbs.itemListElement[0].item).toBe(`${server.url}/app/visita`);
  });

  it("gives tribunas and the catalogue a picture and a Twitter card", async () => {
    for (const path of ["/app/tribunas", "/app/visita"]) {
      const html = await page(path);
      expect(metaOf(html, "og:image"), path).toBe(`${server.url}/og/portada.png`);
      expect(metaOf(html, "og:image:width"), path).toBe("1200");
      expect(metaOf(html, "twitter:card"), path).toBe("summary_large_image");
    }
  });

  it("describes the site as Organization and WebSite on the home page", async () => {
    const [site] = jsonLdOf(await page("/app")).filter((item) => item["@graph"]);
    const types = site["@graph"].map((node: { "@type": string }) => node["@type"]);
    expect(types).toEqual(["Organization", "WebSite"]);
    expect(site["@graph"][0].logo.url).toBe(`${server.url}/logo.png`);
    expect((await server.fetch("/logo.png")).status).toBe(200);
  });
});
