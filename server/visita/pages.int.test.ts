import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CACHE_CONTROL } from "#common/cache-policy";
import { createUser } from "#server/accounts/factories";
import { BARCELONA, createProduct, MADRID } from "#tests/factories/visita";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";

let server: TestServer;
let otc: Awaited<ReturnType<typeof createProduct>>;
let rx: Awaited<ReturnType<typeof createProduct>>;
let repMadrid: Awaited<ReturnType<typeof createUser>>;
let repBarcelona: Awaited<ReturnType<typeof createUser>>;

const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const pageHtml = async (client: BrowserClient | TestServer, path: string) => {
  const response = await client.fetch(path, { headers: { Accept: "text/html" } });
  return { response, html: await response.text() };
};

beforeAll(async () => {
  server = await startTestServer();
  otc = await createProduct(server.ctx, {
    name: "Gripalin 500 mg comprimidos",
    laboratory: "Laboratorios Almenara",
    ingredients: [{ name: "paracetamol", strength: "500", unit: "mg" }],
    cns: ["700001"],
  });
  rx = await createProduct(server.ctx, {
    name: "Cardiovex 10 mg comprimidos",
    laboratory: "Teide Pharma",
    ingredients: [{ name: "atorvastatina", strength: "10", unit: "mg" }],
    atcCode: "C10AA05",
    prescription: "receta",
    cns: ["700002"],
  });
  repMadrid = await createUser(server.ctx.db, { type: "visita", nombre: "Rocío", apellidos: "Madrileña" });
  repBarcelona = await createUser(server.ctx.db, { type: "visita", nombre: "Jordi", apellidos: "Barcelonés" });
  for (const [rep, zona] of [
    [repMadrid, MADRID],
    [repBarcelona, BARCELONA],
  ] as const) {
    const client = await new BrowserClient(server).signInAs(rep.id);
    for (const product of [otc, rx]) {
      const response = await client.json("/api/visita/cartera", { producto_id: product.id, zonas: [zona], nota: `Nota de ${rep.nombre}` });
      expect(response.status).toBe(201);
    }
  }
});
afterAll(() => server?.close());

describe("public catalogue pages", () => {
  it("renders the search page and typo-tolerant results on the server, cacheable for anonymous visitors", async () => {
    const front = await pageHtml(server, "/app/visita");
    expect(front.response.status).toBe(200);
    expect(front.html).toContain("Catálogo de medicamentos");
    expect(front.html).toContain("Catálogo de demostración");
    expect(front.response.headers.get("cache-control")).toBe(CACHE_CONTROL.public);

    const result = await pageHtml(server, "/app/visita/result?q=paracetamo");
    expect(result.response.status).toBe(200);
    expect(result.html).toContain("Gripalin 500 mg comprimidos");
  });

  it("answers a permanent redirect to the right address when the slug is wrong", async () => {
    const response = await server.fetch(`/app/visita/producto/nombre-viejo/${otc.id}?estado=${MADRID}`);
    expect([301, 308]).toContain(response.status);
    expect(response.headers.get("location")).toBe(`/app/visita/producto/${otc.slug}/${otc.id}?estado=${MADRID}`);
    expect((await server.fetch("/app/visita/producto/x/99999999", { headers: { Accept: "text/html" } })).status).toBe(404);
  });

  it("shows a medicine without prescription to everyone (cacheable), with Drug data, Open Graph and its representatives by province", async () => {
    const { response, html } = await pageHtml(server, `/app/visita/producto/${otc.slug}/${otc.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe(CACHE_CONTROL.public);
    expect(html).toContain('"@type":"Drug"');
    expect(html).toContain('property="og:title"');
    expect(html).toContain("700001");
    expect(html).toContain("Rocío Madrileña");
    expect(html).toContain("Jordi Barcelonés");

    const madrid = await pageHtml(server, `/app/visita/producto/${otc.slug}/${otc.id}?estado=${MADRID}`);
    expect(madrid.html).toContain("Rocío Madrileña");
    expect(madrid.html).not.toContain("Jordi Barcelonés");
    // "Contactar" opens the chat with that representative, naming where it came from so a chat it
    // starts is counted for this product (decision 0113); the chat sends anonymous visitors to login and back.
    const contactUrl = `/app/chat?to=${repMadrid.id}&origen=visita&producto=${otc.id}`;
    expect(madrid.html).toContain(`href="${contactUrl.replaceAll("&", "&amp;")}"`);
    const contact = await server.fetch(contactUrl, { headers: { Accept: "text/html" } });
    expect(new URL(contact.headers.get("location") ?? "", server.url).searchParams.get("redirect_url")).toBe(contactUrl);
  });
});

describe("the product page's laboratory (issue 29)", () => {
  it("links the breadcrumb, the laboratory's name and the holder to the laboratory's directory page, which answers", async () => {
    const { html } = await pageHtml(server, `/app/visita/producto/${otc.slug}/${otc.id}`);
    const labPath = `/app/visita/laboratorio/${otc.laboratory.slug}`;
    // The visible breadcrumb, the name under the title and the sheet's «Titular».
    expect(html.split(`href="${labPath}"`).length - 1).toBe(3);
    expect(html).not.toContain("result?laboratorio=");
    // The breadcrumb's structured data names the same page.
    expect(html).toContain(`"item":"${server.ctx.config.appUrl}${labPath}"`);
    const lab = await pageHtml(server, labPath);
    expect(lab.response.status).toBe(200);
    expect(lab.html).toContain("Gripalin 500 mg comprimidos");
  });
});

describe("the professional gate on prescription-only medicines", () => {
  it("shows anonymous visitors and crawlers only the gate, rendered or cached: no detail, no representatives", async () => {
    // The second request is answered from the page cache (the same gate, a 304 for its ETag).
    for (const userAgent of ["Mozilla/5.0 Chrome", "Googlebot/2.1 (+http://www.google.com/bot.html)"]) {
      const response = await server.fetch(`/app/visita/producto/${rx.slug}/${rx.id}`, {
        headers: { Accept: "text/html", "User-Agent": userAgent },
      });
      const html = await response.text();
      expect(response.status).toBe(200);
      expect(html).toContain("¿Es usted profesional sanitario?");
      for (const secret of ["700002", "atorvastatina", "Rocío Madrileña", "Nota de", "Drug"]) expect(html).not.toContain(secret);
      expect(response.headers.get("cache-control")).toBe(CACHE_CONTROL.public);
      expect(html).toContain('content="noindex, nofollow"');
    }
    // The client-side navigation data is gated the same way.
    const dataResponse = await server.fetch(`/app/visita/producto/${rx.slug}/${rx.id}.data`);
    expect(await dataResponse.text()).not.toContain("700002");
  });

  it("a visitor who answers no still sees only the gate", async () => {
    const client = new BrowserClient(server);
    const response = await client.fetch(`/app/visita/producto/${rx.slug}/${rx.id}`, {
      method: "POST",
      body: form({ intent: "gate", respuesta: "no" }),
      headers: { Accept: "text/html" },
    });
    const html = await response.text();
    expect(html).toContain("Información reservada");
    expect(html).not.toContain("700002");
    expect(client.cookies.has("profesional_sanitario")).toBe(false);
  });

  it("a visitor who answers yes sees everything for the rest of the browser session", async () => {
    const client = new BrowserClient(server);
    const answer = await client.fetch(`/app/visita/producto/${rx.slug}/${rx.id}`, {
      method: "POST",
      body: form({ intent: "gate", respuesta: "si" }),
    });
    expect(answer.status).toBe(303);
    const cookie = answer.headers.getSetCookie().find((line) => line.startsWith("profesional_sanitario=1"));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).not.toMatch(/Max-Age|Expires/i);
    const { response, html } = await pageHtml(client, `/app/visita/producto/${rx.slug}/${rx.id}?estado=${BARCELONA}`);
    expect(html).toContain("700002");
    expect(html).toContain("atorvastatina");
    expect(html).toContain("Jordi Barcelonés");
    expect(html).not.toContain("Rocío Madrileña");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  it("a signed-in user who answers yes keeps it on the account", async () => {
    const user = await createUser(server.ctx.db, { type: "web" });
    const client = await new BrowserClient(server).signInAs(user.id);
    await client.fetch(`/app/visita/producto/${rx.slug}/${rx.id}`, { method: "POST", body: form({ intent: "gate", respuesta: "si" }) });
    expect((await (await client.get("/api/user")).json()).profesional_sanitario).toBe(1);
    // A new browser session of the same account needs no cookie.
    const again = await new BrowserClient(server).signInAs(user.id);
    expect((await pageHtml(again, `/app/visita/producto/${rx.slug}/${rx.id}`)).html).toContain("700002");
  });
});

describe("the page cache and the professional gate (decision 0048)", () => {
  const rxPage = () => `/app/visita/producto/${rx.slug}/${rx.id}`;
  const secrets = ["700002", "atorvastatina", "Rocío Madrileña"];

  it("never gives a professional's page to an anonymous visitor, whoever asked first", async () => {
    const professional = new BrowserClient(server);
    professional.cookies.set("profesional_sanitario", "1");
    for (const round of [1, 2]) {
      const detail = await pageHtml(professional, rxPage());
      expect(detail.html, `round ${round}`).toContain("700002");
      expect(detail.response.headers.get("cache-control")).toBe(CACHE_CONTROL.private);
      for (const path of [rxPage(), `${rxPage()}.data`]) {
        const text = await (await server.fetch(path, { headers: { Accept: "text/html" } })).text();
        for (const secret of secrets) expect(text, `${path}, round ${round}`).not.toContain(secret);
      }
      const json = await (await server.fetch(`/api/visita/productos/${rx.id}`)).text();
      for (const secret of secrets) expect(json).not.toContain(secret);
      expect(await (await professional.get(`/api/visita/productos/${rx.id}`)).text()).toContain("700002");
    }
  });

  it("never gives the cached gate to a visitor who answered yes, nor to a signed-in professional", async () => {
    expect((await pageHtml(server, rxPage())).html).toContain("¿Es usted profesional sanitario?"); // now cached
    const visitor = new BrowserClient(server);
    visitor.cookies.set("profesional_sanitario", "1");
    expect((await pageHtml(visitor, rxPage())).html).toContain("700002");
    const user = await createUser(server.ctx.db, { type: "web" });
    await server.ctx.db.execute(sql`update users set profesional_sanitario = true where id = ${user.id}`);
    const signedIn = await new BrowserClient(server).signInAs(user.id);
    const page = await pageHtml(signedIn, rxPage());
    expect(page.html).toContain("700002");
    expect(page.response.headers.get("cache-control")).toBe(CACHE_CONTROL.private);
  });

  it("shows a change to the portfolio on the very next anonymous request of a cached product page", async () => {
    const page = `/app/visita/producto/${otc.slug}/${otc.id}`;
    const first = await pageHtml(server, page);
    expect(first.html).not.toContain("Nieves Recién");
    const cached = await server.fetch(page, {
      headers: { Accept: "text/html", "If-None-Match": first.response.headers.get("etag") ?? "" },
    });
    expect(cached.status).toBe(304);

    const rep = await createUser(server.ctx.db, { type: "visita", nombre: "Nieves", apellidos: "Recién" });
    const client = await new BrowserClient(server).signInAs(rep.id);
    const added = await client.json("/api/visita/cartera", { producto_id: otc.id, zonas: [MADRID], nota: "" });
    expect(added.status).toBe(201);
    expect((await pageHtml(server, page)).html).toContain("Nieves Recién");

    const { id } = (await added.json()) as { id: number };
    expect((await client.fetch(`/api/visita/cartera/${id}`, { method: "DELETE" })).status).toBe(204);
    expect((await pageHtml(server, page)).html).not.toContain("Nieves Recién");
  });
});

describe("§6 guards of the representative's pages", () => {
  const privatePages = () => ["/app/visita/search-product", "/app/visita/results-db?q=gripalin", `/app/visita/asociar-producto/${otc.id}`];

  it("sends anonymous visitors to login with the way back", async () => {
    for (const path of privatePages()) {
      const response = await server.fetch(path, { headers: { Accept: "text/html" } });
      expect(response.status).toBe(302);
      const location = new URL(response.headers.get("location") ?? "", server.url);
      expect(location.pathname).toBe("/app/auth/login");
      expect(location.searchParams.get("redirect_url")).toBe(path);
    }
  });

  it("answers 403 to other roles and lets representatives and marketing in", async () => {
    const web = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { type: "web" })).id);
    const mkt = await new BrowserClient(server).signInAs((await createUser(server.ctx.db, { type: "mkt" })).id);
    const rep = await new BrowserClient(server).signInAs(repMadrid.id);
    for (const path of privatePages()) {
      expect((await web.fetch(path, { headers: { Accept: "text/html" } })).status).toBe(403);
      expect((await mkt.fetch(path, { headers: { Accept: "text/html" } })).status).toBe(200);
      const response = await rep.fetch(path, { headers: { Accept: "text/html" } });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
    }
  });
});

describe("portfolio pages", () => {
  it("adds a product with two provinces through the page, marks it in the results and shows it on visitadorPage", async () => {
    const rep = await createUser(server.ctx.db, { type: "visita", nombre: "Lola", apellidos: "Sevillana" });
    const client = await new BrowserClient(server).signInAs(rep.id);
    const tab = await pageHtml(client, `/app/visita/asociar-producto/${rx.id}`);
    expect(tab.html).toContain("Provincias en las que lo presentas");

    const invalid = await client.fetch(`/app/visita/asociar-producto/${rx.id}`, {
      method: "POST",
      body: form({ intent: "save", zonas: "", nota: "" }),
    });
    expect(invalid.status).toBe(422);
    expect(await invalid.text()).toContain("Elige al menos una provincia");

    const saved = await client.fetch(`/app/visita/asociar-producto/${rx.id}`, {
      method: "POST",
      body: form({ intent: "save", zonas: `${MADRID},${BARCELONA}`, nota: "Muestras disponibles" }),
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toContain("/visita/asociar-producto-success?producto=");
    const success = await pageHtml(client, `/app/visita/asociar-producto-success?producto=${rx.id}`);
    expect(success.html).toContain("Producto añadido a tu cartera");
    expect(success.html).toContain("Barcelona, Madrid");

    expect((await pageHtml(client, "/app/visita/results-db?q=cardiovex")).html).toContain("En tu cartera");
    expect((await pageHtml(client, "/app/visita/visitador")).html).toContain("Cardiovex 10 mg comprimidos");

    const removed = await client.fetch(`/app/visita/asociar-producto/${rx.id}`, { method: "POST", body: form({ intent: "remove" }) });
    expect(removed.headers.get("location")).toContain("/visita/visitador?quitado=");
    expect((await pageHtml(client, "/app/visita/visitador")).html).not.toContain("Cardiovex 10 mg comprimidos");
  });

  it("shows one entry publicly; for a prescription-only product, only behind the gate (decision 0074)", async () => {
    const entries = await (await (await new BrowserClient(server).signInAs(repMadrid.id)).get("/api/visita/cartera")).json();
    const rxEntry = entries.find((e: { producto: { id: number } }) => e.producto.id === rx.id);
    const { response, html } = await pageHtml(server, rxEntry.url_publica);
    expect(response.status).toBe(200);
    expect(html).not.toContain("Rocío Madrileña");
    expect(html).toContain("¿Es usted profesional sanitario?");
    expect(html).not.toContain("atorvastatina");
    expect(response.headers.get("cache-control")).toBe(CACHE_CONTROL.public);
    const professional = new BrowserClient(server);
    professional.cookies.set("profesional_sanitario", "1");
    const open = await pageHtml(professional, rxEntry.url_publica);
    expect(open.html).toContain("Rocío Madrileña");
    expect(open.html).toContain("Madrid");
  });
});
