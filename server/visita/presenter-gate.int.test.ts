import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#server/accounts/factories";
import { portfolioEntries, promotions, representativeProfiles, users } from "#server/db/schema";
import { createProduct } from "#tests/factories/visita";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";

// Decision 0074: nothing tells a viewer who has not passed the professional gate which
// representatives present a prescription-only medicine, on any page type, its .data, the API or
// the sitemap; a declaration withdrawn (from a gated page or Mi cuenta) gates again at once.

let server: TestServer;
let rx: Awaited<ReturnType<typeof createProduct>>;
let otc: Awaited<ReturnType<typeof createProduct>>;
let repId: number;
let rxEntryId: number;
let rxPromoId: number;
const REP = "Rosendo";
const RX_NAME = "Cardiolen 5 mg comprimidos";

const page = (client: BrowserClient | TestServer, path: string) => client.fetch(path, { headers: { Accept: "text/html" } });
const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const profilePath = () => `/app/user/${repId}-rosendo-presentador`;
const entryPath = () => `/app/visita/visitador/public/producto-cartera/${rx.slug}/${rxEntryId}`;
const productPath = () => `/app/visita/producto/${rx.slug}/${rx.id}`;
const promoPath = () => `/app/visita/laboratorio-promocion/${rx.laboratory.slug}/${rxPromoId}`;

/** Every place that could tell who presents the prescription-only medicine, with its text. */
async function everything(client: BrowserClient | TestServer) {
  const texts: Record<string, string> = {};
  for (const path of [profilePath(), entryPath(), productPath(), promoPath()]) {
    texts[path] = await (await page(client, path)).text();
    texts[`${path}.data`] = await (await client.fetch(`${path}.data`)).text();
  }
  for (const path of [
    `/api/visita/visitadores/${repId}`,
    `/api/visita/productos/${rx.id}/visitadores`,
    `/api/visita/productos?q=${encodeURIComponent("cardiolen")}`,
    "/sitemap.xml",
    "/sitemap-visita.xml",
  ])
    texts[path] = await (await client.fetch(path)).text();
  return texts;
}

async function expectGated(client: BrowserClient | TestServer) {
  const texts = await everything(client);
  for (const [path, text] of Object.entries(texts)) {
    // The profile (and the sitemap that lists it) still shows the representative, never next to the medicine.
    if (path.startsWith(profilePath()) || path.includes("/visitadores/") || path === "/sitemap-visita.xml") {
      expect(text, path).not.toContain(RX_NAME);
    } else expect(text, path).not.toContain(REP);
  }
  expect(texts[profilePath()]).toContain(otc.name);
  expect(texts[entryPath()]).toContain("¿Es usted profesional sanitario?");
  expect((await client.fetch(`/api/visita/cartera/${rxEntryId}`)).status).toBe(403);
}

async function expectOpen(client: BrowserClient) {
  const profile = await (await page(client, profilePath())).text();
  expect(profile).toContain(RX_NAME);
  expect(profile).toContain("Retirar mi declaración");
  const entry = await (await page(client, entryPath())).text();
  expect(entry).toContain(REP);
  expect(entry).toContain("Retirar mi declaración");
  expect(await (await page(client, productPath())).text()).toContain(REP);
  const api = await client.fetch(`/api/visita/cartera/${rxEntryId}`);
  expect(api.status).toBe(200);
  expect(api.headers.get("cache-control")).toContain("no-store");
  expect(JSON.stringify(await (await client.fetch(`/api/visita/visitadores/${repId}`)).json())).toContain(RX_NAME);
}

const declare = async (client: BrowserClient, path = productPath()) => {
  const answer = await client.fetch(path, { method: "POST", body: form({ intent: "gate", respuesta: "si" }) });
  expect(answer.status).toBe(303);
  return client;
};

beforeAll(async () => {
  server = await startTestServer();
  otc = await createProduct(server.ctx, { name: "Tosidrin 10 mg jarabe", laboratory: "Laboratorios Brezo" });
  rx = await createProduct(server.ctx, { name: RX_NAME, laboratory: "Laboratorios Brezo", prescription: "receta" });
  const rep = await createUser(server.ctx.db, { type: "visita", nombre: REP, apellidos: "Presentador" });
  repId = rep.id;
  await server.ctx.db.insert(representativeProfiles).values({ userId: repId, public: true });
  const [, entry] = await server.ctx.db
    .insert(portfolioEntries)
    .values([
      { userId: repId, productId: otc.id },
      { userId: repId, productId: rx.id },
    ])
    .returning({ id: portfolioEntries.id });
  rxEntryId = entry?.id ?? 0;
  const [promo] = await server.ctx.db
    .insert(promotions)
    .values({
      productId: rx.id,
      authorId: repId,
      kind: "muestras",
      title: "Muestras de Cardiolen",
      description: "Para su consulta.",
      startsAt: new Date(Date.now() - 86_400_000),
      endsAt: new Date(Date.now() + 30 * 86_400_000),
      status: "activa",
      publishedAt: new Date(),
    })
    .returning({ id: promotions.id });
  rxPromoId = promo?.id ?? 0;
});
afterAll(() => server?.close());

describe("who presents a prescription-only medicine", () => {
  it("is told to no anonymous visitor, on any page, its data, the API or the sitemap", async () => {
    await expectGated(server);
  });

  it("is told to a visitor who declared being a professional, with a way to take it back", async () => {
    await expectOpen(await declare(new BrowserClient(server)));
  });

  it("is hidden again at once when the declaration is withdrawn from a gated page", async () => {
    for (const path of [entryPath(), profilePath(), productPath(), promoPath()]) {
      const client = await declare(new BrowserClient(server));
      const withdrawn = await client.fetch(path, { method: "POST", body: form({ intent: "gate", respuesta: "retirar" }) });
      expect(withdrawn.status, path).toBe(303);
      await expectGated(client);
    }
  });

  it("stores a signed-in user's declaration with its date, and Mi cuenta withdraws it", async () => {
    const user = await createUser(server.ctx.db, { type: "web" });
    const client = await declare(await new BrowserClient(server).signInAs(user.id), entryPath());
    const [stored] = await server.ctx.db
      .select({ flag: users.profesionalSanitario, at: users.profesionalSanitarioAt })
      .from(users)
      .where(eq(users.id, user.id));
    expect(stored?.flag).toBe(true);
    expect(Date.now() - (stored?.at?.getTime() ?? 0)).toBeLessThan(60_000);
    // Without the browser session's answer, the account's declaration still opens the pages.
    client.cookies.delete("profesional_sanitario");
    await expectOpen(client);
    const account = await (await page(client, "/app/cuenta/privacidad")).text();
    expect(account).toContain("Has declarado ser profesional sanitario el");

    const withdrawn = await client.fetch("/app/cuenta/privacidad", { method: "POST", body: form({ intent: "retirar-profesional" }) });
    expect(withdrawn.status).toBe(303);
    const [after] = await server.ctx.db
      .select({ flag: users.profesionalSanitario, at: users.profesionalSanitarioAt })
      .from(users)
      .where(eq(users.id, user.id));
    expect(after).toEqual({ flag: false, at: null });
    await expectGated(client);
    expect(await (await page(client, "/app/cuenta/privacidad")).text()).toContain("No has declarado ser profesional sanitario");
  });
});
