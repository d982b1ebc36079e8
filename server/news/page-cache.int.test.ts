import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#server/accounts/factories";
import { resolveSession } from "#server/accounts/session";
import { noticias } from "#server/db/schema";
import { BrowserClient } from "#tests/support/browser-client";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { saveNoticia, unpublishNoticia } from "./editor.service";
import { createNewsArea, createNewsCategory, createNoticia } from "./factories";
import { publishDueArticles } from "./scheduler";

// News pages are kept by the page cache for anonymous readers (tag "news"); every change an
// editor or the scheduler makes shows on the next request of every instance (two on PostgreSQL).
let first: TestServer;
let second: TestServer | undefined;
let editor: NonNullable<Awaited<ReturnType<typeof resolveSession>>>;
let areaId: number;
let categoryId: number;
let areaPath: string;

const INDEX = "/app/noticias";

beforeAll(async () => {
  first = await startTestServer();
  if (first.ctx.database.kind === "postgres") second = await startTestServer({}, { shareDatabaseWith: first });
  const area = await createNewsArea(first.ctx.db, { nombre: "Farmacia hospitalaria" });
  areaId = area.id;
  areaPath = `/app/noticias/area/${area.slug}/${area.id}`;
  categoryId = (await createNewsCategory(first.ctx.db, { nombre: "Actualidad" })).id;
  const user = await createUser(first.ctx.db, { roles: ["editor"] });
  const client = await new BrowserClient(first).signInAs(user.id);
  editor = (await resolveSession(first.ctx, client.cookies.get("farmanexo_session"), "web")) as typeof editor;
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

const instances = () => (second ? [first, second] : [first]);

async function anonymousPage(server: TestServer, path: string) {
  const response = await server.fetch(path, { headers: { Accept: "text/html", "Accept-Encoding": "gzip" } });
  return {
    status: response.status,
    cacheControl: response.headers.get("cache-control"),
    etag: response.headers.get("etag"),
    html: await response.text(),
  };
}

/**
 * Each instance's next anonymous requests show the change: the instance that made it at once, the
 * others as soon as PostgreSQL's NOTIFY reaches them (polled).
 */
async function expectEverywhere(path: string, check: (page: { status: number; html: string }) => void) {
  for (const server of instances()) {
    await expect
      .poll(async () => {
        try {
          check(await anonymousPage(server, path));
          return true;
        } catch {
          return false;
        }
      })
      .toBe(true);
  }
}

/** Every instance has the page in its cache (the second request is answered from it, with an ETag). */
async function warm(paths: string[]) {
  for (const server of instances()) {
    for (const path of paths) {
      await anonymousPage(server, path);
      const cached = await anonymousPage(server, path);
      expect(cached.cacheControl).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
      expect(cached.etag).toMatch(/^"[\w-]+"$/);
    }
  }
}

const form = (titulo: string, status: "borrador" | "publicada") => ({
  titulo,
  entradilla: "Los servicios de farmacia hospitalaria comparten un protocolo común de conciliación.",
  cuerpo_html: "<p>El protocolo se aplicará en todos los hospitales públicos a partir de enero.</p>",
  area_id: String(areaId),
  category_id: String(categoryId),
  autor_id: "",
  etiquetas: "hospital",
  imagen_alt: "",
  imagen_pie: "",
  status,
  publicada_en: "",
});

describe("news pages in the page cache", () => {
  it("shows a published, edited and unpublished item on the next request", async () => {
    await warm([INDEX, areaPath, "/app/tribunas"]);
    const draft = await saveNoticia(first.ctx, editor, null, form("Protocolo común de conciliación", "borrador"));
    await expectEverywhere(INDEX, (page) => expect(page.html).not.toContain("Protocolo común de conciliación"));

    const published = await saveNoticia(first.ctx, editor, draft.id, form("Protocolo común de conciliación", "publicada"));
    const itemPath = `/app/noticias/${published.id}-${published.slug}`;
    await expectEverywhere(INDEX, (page) => expect(page.html).toContain("Protocolo común de conciliación"));
    await expectEverywhere(areaPath, (page) => expect(page.html).toContain("Protocolo común de conciliación"));
    await warm([itemPath]);

    const edited = await saveNoticia(first.ctx, editor, draft.id, form("Protocolo común de conciliación revisado", "publicada"));
    const editedPath = `/app/noticias/${edited.id}-${edited.slug}`;
    await expectEverywhere(editedPath, (page) => expect(page.html).toContain("Protocolo común de conciliación revisado"));
    await expectEverywhere(areaPath, (page) => expect(page.html).toContain("Protocolo común de conciliación revisado"));

    await warm([editedPath, INDEX]);
    await unpublishNoticia(first.ctx, editor, draft.id);
    await expectEverywhere(editedPath, (page) => expect(page.status).toBe(404));
    await expectEverywhere(INDEX, (page) => expect(page.html).not.toContain("Protocolo común de conciliación"));
  });

  it("shows a scheduled item once the scheduler has published it", async () => {
    const item = await createNoticia(first.ctx.db, {
      titulo: "Calendario de vacunación del otoño",
      areaId,
      categoryId,
      status: "programada",
      publicadaEn: new Date(Date.now() + 60 * 60_000),
    });
    await warm([INDEX, areaPath]);
    await expectEverywhere(areaPath, (page) => expect(page.html).not.toContain("Calendario de vacunación del otoño"));
    // Its time comes (moved rather than waited for), and one pass on any instance publishes it.
    await first.ctx.db
      .update(noticias)
      .set({ publicadaEn: new Date(Date.now() - 1000) })
      .where(eq(noticias.id, item.id));
    expect((await publishDueArticles((second ?? first).ctx)).noticias).toEqual([item.id]);
    await expectEverywhere(INDEX, (page) => expect(page.html).toContain("Calendario de vacunación del otoño"));
    await expectEverywhere(areaPath, (page) => expect(page.html).toContain("Calendario de vacunación del otoño"));
  });
});
