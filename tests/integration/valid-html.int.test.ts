import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "#tests/support/test-server";

/**
 * Issue 9, "Shared links and valid pages": every public page validates in the Nu Html Checker
 * (vnu-jar from npm, run with the machine's Java) with no errors. The pages come from the demo
 * data, as a visitor finds them; the checker runs once over all of them (one JVM start).
 */
const run = promisify(execFile);
const VNU_JAR = path.resolve("node_modules/vnu-jar/build/dist/vnu.jar");
/**
 * Decision 0050: before the shell and public chunks, landing pages preloaded 38–65 scripts. Now 6–10:
 * the offer page's one-click questions, 19 with Mantine's inputs, are plain markup (9).
 */
const MAX_SCRIPTS = 12;

let server: TestServer;
// Seeding the demo data and starting Java take a while on a busy machine: generous limits, no timing asserted.
beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: "true" });
}, 180_000);
afterAll(() => server?.close());

async function html(pagePath: string) {
  const response = await server.fetch(pagePath, { headers: { Accept: "text/html" } });
  expect(response.status, pagePath).toBe(200);
  return response.text();
}

/** The first link on a page whose path matches the pattern (the demo data's ids are not fixed). */
function firstLink(page: string, pattern: RegExp): string {
  const link = [...page.matchAll(/href="(\/app\/[^"?#]+)"/g)].map((m) => m[1] as string).find((href) => pattern.test(href));
  if (!link) throw new Error(`no link matching ${pattern}`);
  return link;
}

type VnuMessage = { type: string; url: string; message: string; lastLine?: number; extract?: string };

describe("public pages", () => {
  it("validate in the Nu Html Checker with no errors", async () => {
    const listing = await html("/app/empleo/p/espana");
    const offer = firstLink(listing, /^\/app\/empleo\/oferta\//);
    const offerPage = await html(offer);
    const news = await html("/app/noticias");
    const tribunas = await html("/app/tribunas");
    const visita = await html("/app/visita/result?q=a");
    const article = await html(firstLink(news, /^\/app\/noticias\/\d+-/));
    // Issue 26: every public page type, the profile reached from the sitemap, its promotion and products.
    const sitemap = await (await server.fetch("/sitemap-visita.xml")).text();
    const profilePath = sitemap.match(/<loc>[^<]*(\/app\/visita\/user\/[^<]+)<\/loc>/)?.[1];
    if (!profilePath) throw new Error("no public profile in the sitemap");
    const profile = await html(profilePath);
    const pages: Record<string, string> = {
      home: await html("/app"),
      listing,
      "position listing": await html(firstLink(listing, /^\/app\/empleo\/p\/[^/]+\/cargo\//)),
      offer: offerPage,
      company: await html(firstLink(offerPage, /^\/app\/empleo\/empresa\//)),
      news,
      article,
      "news area": await html(firstLink(news, /^\/app\/noticias\/area\//)),
      "news category": await html(firstLink(article, /^\/app\/noticias\/category\//)),
      author: await html(firstLink(article, /^\/app\/noticias\/autor\//)),
      "news search": await html("/app/noticias?q=farmacia"),
      tribunas,
      tribuna: await html(firstLink(tribunas, /^\/app\/tribunas\/\d+-/)),
      "visita search": await html("/app/visita"),
      product: await html(firstLink(visita, /^\/app\/visita\/producto\//)),
      "visita results": visita,
      profile,
      // The profile links each product to the representative's portfolio entry (decision 0125).
      "profile's portfolio entry": await html(firstLink(profile, /^\/app\/visita\/visitador\/public\/producto-cartera\//)),
      promotion: await html(firstLink(profile, /^\/app\/visita\/laboratorio-promocion\//)),
      legal: await html("/app/legal/aviso-legal"),
      login: await html("/app/auth/login"),
      register: await html("/app/auth/crear-cuenta"),
    };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "farmanexo-vnu-"));
    const files = Object.entries(pages).map(([name, page]) => {
      const file = path.join(dir, `${name.replace(/\W+/g, "-")}.html`);
      fs.writeFileSync(file, page);
      return file;
    });
    try {
      // vnu exits 1 when it finds errors; the JSON report on stderr is what matters.
      const result = await run("java", ["-jar", VNU_JAR, "--errors-only", "--format", "json", ...files], {
        maxBuffer: 16 * 1024 * 1024,
      }).catch((error: { stderr?: string }) => ({ stderr: error.stderr ?? "" }));
      const { messages } = JSON.parse(result.stderr || '{"messages":[]}') as { messages: VnuMessage[] };
      const errors = messages
        .filter((m) => m.type === "error" || m.type === "non-document-error")
        .map((m) => `${path.basename(m.url ?? "")}:${m.lastLine ?? "?"} ${m.message} ${m.extract?.trim() ?? ""}`);
      expect(errors).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);

  // Decision 0050: a phone on a slow network fetches what blocks the first paint first, and few files.
  it("link their stylesheets before their scripts and preload few scripts", async () => {
    const listing = await html("/app/empleo/p/espana");
    const news = await html("/app/noticias");
    const pages = {
      home: await html("/app"),
      listing,
      offer: await html(firstLink(listing, /^\/app\/empleo\/oferta\//)),
      article: await html(firstLink(news, /^\/app\/noticias\/\d+-/)),
    };
    for (const [name, page] of Object.entries(pages)) {
      const links = [...page.matchAll(/<link\b[^>]*\brel="(stylesheet|modulepreload)"/g)].map((m) => m[1]);
      const firstScript = links.indexOf("modulepreload");
      expect(links.lastIndexOf("stylesheet"), `${name}: ${links.join(" ")}`).toBeLessThan(firstScript);
      expect(links.filter((rel) => rel === "stylesheet").length, name).toBeGreaterThanOrEqual(2);
      expect(links.length - firstScript, name).toBeLessThanOrEqual(MAX_SCRIPTS);
    }
  });

  // The document is sent whole (decision 0052): every part is in its place, none left for a script
  // to move in later (React's <template id="B:…"> placeholders), so it reads the same without
  // JavaScript and nothing shifts when the script runs.
  it("have every part in place, without JavaScript", async () => {
    const listing = await html("/app/empleo/p/espana");
    const offer = await html(firstLink(listing, /^\/app\/empleo\/oferta\//));
    const pages = { home: await html("/app"), listing, offer, login: await html("/app/auth/login") };
    for (const [name, page] of Object.entries(pages)) {
      expect(page, name).not.toMatch(/<template id="B:/);
      expect(page, name).not.toMatch(/<div hidden id="S:/);
    }
    // An anonymous visitor's apply box: the button to sign in and apply, before the description.
    const apply = offer.indexOf("Inicia sesión o crea tu cuenta de candidato para inscribirte.");
    expect(apply).toBeGreaterThan(0);
    expect(apply).toBeLessThan(offer.indexOf('id="descripcion-title"'));
  });
});
