import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noticias } from "#server/db/schema";
import { listAuditLog } from "#server/platform/audit";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { createNewsArea, createNewsCategory, createNoticia } from "./factories";
import { publishDueArticles } from "./scheduler";

let server: TestServer;
let second: TestServer | undefined;

beforeAll(async () => {
  server = await startTestServer();
  // Two instances on one database when it is PostgreSQL (the scale-out case); PGlite has one.
  if (server.ctx.database.kind === "postgres") second = await startTestServer({}, { shareDatabaseWith: server });
});
afterAll(async () => {
  await second?.close();
  await server?.close();
});

describe("scheduled news", () => {
  it("appears at its time, and is published exactly once even when two instances run the pass together", async () => {
    const area = await createNewsArea(server.ctx.db, { nombre: "Distribución" });
    const category = await createNewsCategory(server.ctx.db, { nombre: "Actualidad" });
    const at = new Date(Date.now() + 60 * 60_000);
    const item = await createNoticia(server.ctx.db, {
      titulo: "Informe anual de suministro",
      areaId: area.id,
      categoryId: category.id,
      status: "programada",
      publicadaEn: at,
    });
    const url = `/app/noticias/${item.id}-${item.slug}`;
    expect((await server.fetch(url, { headers: { Accept: "text/html" } })).status).toBe(404);
    expect((await publishDueArticles(server.ctx)).noticias).toEqual([]);
    const rssBefore = await (await server.fetch("/app/noticias/rss.xml")).text();
    expect(rssBefore).not.toContain("Informe anual de suministro");

    // Its time comes (moved instead of waited for, so that the test does not depend on the clock).
    await server.ctx.db
      .update(noticias)
      .set({ publicadaEn: new Date(Date.now() - 1000) })
      .where(eq(noticias.id, item.id));
    // Visible from its time on, before any pass has run, where nothing is cached (the article).
    expect((await server.fetch(url, { headers: { Accept: "text/html" } })).status).toBe(200);

    const passes = await Promise.all([
      publishDueArticles(server.ctx),
      publishDueArticles((second ?? server).ctx),
      publishDueArticles(server.ctx),
    ]);
    expect(passes.flatMap((p) => p.noticias)).toEqual([item.id]);
    // The feed and the sitemap are cached (decision 0114): the pass that published it drops them
    // (decision 0028: a cached answer shows a scheduled item after the next pass or its 60 s lifetime).
    expect(await (await server.fetch("/app/noticias/rss.xml")).text()).toContain("Informe anual de suministro");
    expect(await (await server.fetch("/sitemap-noticias-archivo.xml")).text()).toContain(url);
    const log = await listAuditLog(server.ctx.db, { subjectType: "noticia" });
    expect(log.items.filter((row) => row.action === "noticia.publish_scheduled" && row.subjectId === String(item.id))).toHaveLength(1);
    const api = await (await server.fetch(`/api/noticias/${item.id}`)).json();
    expect(api.status).toBe("publicada");
  });
});
