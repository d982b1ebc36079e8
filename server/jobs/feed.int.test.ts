import { eq } from "drizzle-orm";
import { Parser } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ofertas } from "#server/db/schema";
import { createCompany, insertOffer } from "#tests/factories/jobs";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";

// Issue 28: /app/empleo/feed.xml, the XML job aggregators read: only open offers, well-formed,
// cached for everyone and dropped when an offer changes.

let server: TestServer;
let company: BrowserClient;
let empresaId: number;

type Job = Record<string, string>;

/** The feed's jobs; fails on XML that is not well-formed (an unclosed or mismatched element). */
function parseFeed(xml: string): { root: string | null; jobs: Job[] } {
  const stack: string[] = [];
  const jobs: Job[] = [];
  let root: string | null = null;
  let text = "";
  const parser = new Parser(
    {
      onopentag(name) {
        root ??= name;
        stack.push(name);
        text = "";
        if (name === "job") jobs.push({});
      },
      ontext(chunk) {
        text += chunk;
      },
      oncdatastart() {},
      onclosetag(name, isImplied) {
        if (isImplied || stack.pop() !== name) throw new Error(`malformed XML at </${name}>`);
        const job = jobs.at(-1);
        if (job && stack.at(-1) === "job") job[name] = text;
      },
    },
    { xmlMode: true, recognizeCDATA: true },
  );
  parser.write(xml);
  parser.end();
  if (stack.length) throw new Error(`unclosed <${stack.join("><")}>`);
  return { root, jobs };
}

const feed = async () => {
  const response = await server.fetch("/app/empleo/feed.xml");
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
  return parseFeed(await response.text());
};

beforeAll(async () => {
  server = await startTestServer();
  const owner = await createCompany(server.ctx, "Laboratorios Feed & Cía");
  empresaId = owner.empresa.id;
  company = await new BrowserClient(server).signInAs(owner.user.id);
});
afterAll(() => server?.close());

describe("the jobs XML feed", () => {
  it("lists only open offers, with the fields aggregators read, as well-formed XML", async () => {
    const open = await insertOffer(server.ctx, empresaId, {
      titulo: "Delegada <hospitalaria> ]]> Madrid",
      salarioMin: 30000,
      salarioMax: 42000,
      salarioMoneda: "EUR",
      salarioPeriodo: "anual",
    });
    const draft = await insertOffer(server.ctx, empresaId, { titulo: "Borrador", status: "borrador" });
    const expired = await insertOffer(server.ctx, empresaId, { titulo: "Caducada" });
    await server.ctx.db
      .update(ofertas)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(ofertas.id, expired.id));

    const { root, jobs } = await feed();
    expect(root).toBe("source");
    const refs = jobs.map((job) => job.referencenumber);
    expect(refs).toContain(String(open.id));
    expect(refs).not.toContain(String(draft.id));
    expect(refs).not.toContain(String(expired.id));
    const job = jobs.find((one) => one.referencenumber === String(open.id));
    expect(job).toMatchObject({
      title: "Delegada <hospitalaria> ]]> Madrid",
      company: "Laboratorios Feed & Cía",
      country: "ES",
      salary: "30.000 – 42.000 EUR al año",
      jobtype: "fulltime",
    });
    expect(job?.url).toMatch(new RegExp(`^${server.ctx.config.appUrl}/app/empleo/oferta/[a-z0-9-]+/${open.id}-`));
    expect(Number.isNaN(Date.parse(job?.date ?? ""))).toBe(false);
    expect(job?.description).toContain("<");
  });

  it("is cached for everyone and dropped the moment an offer closes", async () => {
    const offer = await insertOffer(server.ctx, empresaId, { titulo: "Se cerrará pronto" });
    // Inserted behind the services' back: drop the copy the first test left, as publishing would.
    await server.ctx.pageCache.invalidate("jobs");
    const first = await server.fetch("/app/empleo/feed.xml");
    expect(first.headers.get("cache-control")).toBe("public, max-age=300");
    await first.text();
    // A change behind the service's back stays invisible while the cached copy lives…
    await server.ctx.db.update(ofertas).set({ titulo: "Retitulada a mano" }).where(eq(ofertas.id, offer.id));
    expect((await feed()).jobs.find((job) => job.referencenumber === String(offer.id))?.title).toBe("Se cerrará pronto");
    // …and closing through the panel drops it.
    expect((await company.fetch(`/api/empleo/panel/ofertas/${offer.id}/cerrar`, { method: "POST" })).status).toBe(200);
    expect((await feed()).jobs.map((job) => job.referencenumber)).not.toContain(String(offer.id));
  });
});
