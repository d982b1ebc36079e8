import type { APIRequestContext } from "@playwright/test";
import { chooseCookies } from "./support/accounts-flow";
import { checkA11y, expect, test } from "./support/fixtures";

/** The first offer address on a listing page, read from its server-rendered HTML. */
async function firstOfferPath(request: APIRequestContext, listing = "/app/empleo/p/espana") {
  const html = await (await request.get(listing)).text();
  const match = /href="(\/app\/empleo\/oferta\/[^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error("no offer on the listing");
  return match[1];
}

test.beforeEach(async ({ context }) => {
  await chooseCookies(context);
});

test("the jobs list without a country redirects to one, keeping the query", async ({ request }) => {
  // 127.0.0.1 has no geo-IP country and the visitor is anonymous: España.
  let response = await request.get("/app/empleo/p?q=visitador&modalidad=remoto", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/app/empleo/p/espana?q=visitador&modalidad=remoto");

  // With a position in the query: the position route, the rest of the query kept.
  response = await request.get("/app/empleo/p?cargo=visitador-medico&q=oncologia", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/app/empleo/p/espana/cargo/visitador-medico?q=oncologia");

  response = await request.get("/app/empleo/p/mexico?cargo=visitador-medico", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/app/empleo/p/mexico/cargo/visitador-medico");

  expect((await request.get("/app/empleo/p/narnia")).status()).toBe(404);
  expect((await request.get("/app/empleo/p/espana/cargo/domador-de-leones")).status()).toBe(404);
});

test("an offer answers without JavaScript with its content and valid JobPosting data", async ({ request }) => {
  const path = await firstOfferPath(request);
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  const html = await response.text();

  const scripts = [...html.matchAll(/<script type="application\/ld\+json" nonce="([^"]+)">([^<]*)<\/script>/g)];
  // The offer's structured data and its breadcrumb trail, nothing else (decision 0067).
  const types = scripts.map((script) => JSON.parse(script[2] as string)["@type"]);
  expect(types.sort()).toEqual(["BreadcrumbList", "JobPosting"]);
  const [, , json] = scripts.find((script) => script[2]?.includes('"JobPosting"')) as RegExpMatchArray;
  // An anonymous visitor's offer page comes from the page cache: its policy allows the page's
  // inline scripts by hash, no nonce and nothing inline beyond them (decision 0015).
  const csp = response.headers()["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+;/);
  expect(csp).not.toContain("'nonce-");
  const posting = JSON.parse(json as string);
  expect(posting["@context"]).toBe("https://schema.org/");
  expect(posting["@type"]).toBe("JobPosting");
  expect(posting.title.length).toBeGreaterThan(3);
  expect(html).toContain(`<h1`);
  expect(html).toContain(posting.title.replace(/&/g, "&amp;"));
  expect(posting.description).toMatch(/<p>|<ul>|<h3>/);
  expect(new Date(posting.datePosted).getTime()).toBeLessThanOrEqual(Date.now());
  expect(new Date(posting.validThrough).getTime()).toBeGreaterThan(Date.now());
  expect(posting.hiringOrganization).toMatchObject({ "@type": "Organization", name: expect.any(String) });
  expect(posting.jobLocation).toMatchObject({ "@type": "Place", address: { "@type": "PostalAddress", addressCountry: "ES" } });
  expect(posting.jobLocation.address.addressLocality.length).toBeGreaterThan(1);
  expect(posting.employmentType.length).toBeGreaterThan(0);
  for (const type of posting.employmentType)
    expect(["FULL_TIME", "PART_TIME", "CONTRACTOR", "TEMPORARY", "INTERN", "OTHER"]).toContain(type);
  expect(posting.identifier).toMatchObject({ "@type": "PropertyValue", name: posting.hiringOrganization.name, value: expect.any(String) });
  expect(path).toContain(`/${posting.identifier.value}-`);
  expect(posting.directApply).toBe(true);
  if (posting.baseSalary) {
    expect(posting.baseSalary).toMatchObject({ "@type": "MonetaryAmount", value: { "@type": "QuantitativeValue" } });
    expect(["YEAR", "MONTH", "HOUR"]).toContain(posting.baseSalary.value.unitText);
  }

  // Search engines also get a title, a description, a canonical address and Open Graph tags.
  expect(html).toMatch(/<title>[^<]+<\/title>/);
  expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
  expect(html).toContain(`<link rel="canonical" href="${new URL(path, response.url()).href}"`);
  for (const property of ["og:title", "og:description", "og:type", "og:url"]) expect(html).toContain(`property="${property}"`);
});

test("a wrong company or offer slug redirects permanently to the offer's address", async ({ request }) => {
  const path = await firstOfferPath(request);
  const id = /\/(\d+)-[^/]+$/.exec(path)?.[1];
  for (const wrong of [`/app/empleo/oferta/otra-empresa/${id}-otro-titulo`, `/app/empleo/oferta/otra-empresa/${id}`]) {
    const response = await request.get(wrong, { maxRedirects: 0 });
    expect([301, 308]).toContain(response.status());
    expect(response.headers().location).toBe(path);
  }
  expect((await request.get("/app/empleo/oferta/nadie/999999999-nada")).status()).toBe(404);
});

test("the listing filters, pages and links to offers; visitors are sent to log in to apply", async ({ page, consoleProblems }) => {
  await page.goto("/app/empleo/p");
  await expect(page).toHaveURL(/\/app\/empleo\/p\/espana$/);
  await expect(page.getByRole("heading", { level: 1, name: "Ofertas de empleo en España" })).toBeVisible();
  await checkA11y(page);
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(20);

  // "Cargar más" appends the next page in place.
  await page.getByRole("link", { name: "Cargar más ofertas" }).click();
  await expect(cards).toHaveCount(40);

  // Filters are a GET form: the address holds the search.
  await page.getByLabel("Modalidad").selectOption("remoto");
  await page.getByRole("button", { name: "Aplicar filtros" }).click();
  await expect(page).toHaveURL(/\/app\/empleo\/p\/espana\?modalidad=remoto$/);
  // Retried until the new results replace the 40 appended cards: every card shown is remote.
  await expect(async () => {
    const modes = await cards.evaluateAll((articles) => articles.map((article) => article.textContent ?? ""));
    expect(modes.length).toBeGreaterThan(0);
    expect(modes.length).toBeLessThanOrEqual(20);
    for (const text of modes) expect(text).toContain("Remoto");
  }).toPass();
  await checkA11y(page);

  // A position facet leads to the position route, filters kept.
  const facet = page.getByRole("navigation", { name: "Por puesto" }).getByRole("link").first();
  const facetName = ((await facet.textContent()) ?? "").replace(/\s*\(\d+\)$/, "");
  await facet.click();
  await expect(page).toHaveURL(/\/app\/empleo\/p\/espana\/cargo\/[a-z0-9-]+\?modalidad=remoto$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Ofertas de empleo de ${facetName} en España`);

  // An offer, then "Inscribirme" as a visitor: the login page, with the way back.
  const title = (await cards.first().getByRole("heading").textContent()) ?? "";
  await cards.first().getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await checkA11y(page);
  const offerPath = new URL(page.url()).pathname;
  await page.getByRole("link", { name: "Inscribirme" }).click();
  await expect(page).toHaveURL(/\/app\/auth\/login\?redirect_url=/);
  expect(new URL(page.url()).searchParams.get("redirect_url")).toBe(`${offerPath}?inscribirme=1`);
  expect(consoleProblems).toEqual([]);
});

test("an empty search suggests removing filters; the home page shows the latest offers", async ({ page }) => {
  await page.goto("/app/empleo/p/espana?q=zzzxxyyqq");
  await expect(page.getByRole("heading", { name: "No hay ofertas que coincidan" })).toBeVisible();
  await expect(page.getByText("0 ofertas abiertas")).toBeVisible();
  await checkA11y(page);
  await page.getByRole("link", { name: "Quitar filtros" }).last().click();
  await expect(page).toHaveURL(/\/app\/empleo\/p\/espana$/);

  await page.goto("/app");
  const latest = page.getByRole("region", { name: "Últimas ofertas de empleo" });
  await expect(latest.getByRole("article")).toHaveCount(6);
  await checkA11y(page);
});

test("the listing and an offer read well on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/app/empleo/p/espana");
  await expect(page.getByRole("button", { name: "Buscar" })).toBeVisible();
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await checkA11y(page);
  await page.getByRole("article").first().getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await checkA11y(page);
});
