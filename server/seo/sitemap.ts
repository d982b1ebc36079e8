import type { Context, Hono } from "hono";
import { pathTo } from "#common/route-names";
import type { AppContext } from "#server/context";
import type { AppEnv } from "#server/env";
import { listJobsSitemapEntries, listJobsSitemapFiles } from "#server/jobs";
import { listNewsSitemapEntries, NEWS_SITEMAP_PATH } from "#server/news";
import { escapeHtml } from "#server/platform/mail/layout";
import { listVisitaSitemapEntries } from "#server/visita";

/** One <url> of a sitemap: a path under the site (made absolute here) and when it last changed. */
export type SitemapEntry = { loc: string; lastmod?: string };

/**
 * An area's sitemap. A file holds at most 50,000 addresses (sitemaps.org): an area lists its files
 * (`files`, numbered from 1) and reads one at a time, in batches (`entries` yields them; the file is
 * streamed); file n > 1 is served at the first file's address with "-n" before ".xml".
 */
type SitemapSource = {
  path: string;
  files: (ctx: AppContext) => Promise<Array<{ file: number; lastmod?: string }>>;
  entries: (ctx: AppContext, file: number) => AsyncIterable<SitemapEntry[]>;
};

/** Addresses in one sitemap file: the protocol's limit, for the file's total whatever its lists. */
export const URLS_PER_FILE = 50_000;

/**
 * An area whose list is read whole (the area keeps it small or caches it), cut into files of
 * `perFile` addresses (issue 33 point 5): one file below the limit, more past it, each in the index.
 */
export function listSource(path: string, list: (ctx: AppContext) => Promise<SitemapEntry[]>, perFile = URLS_PER_FILE): SitemapSource {
  const fileOf = (all: SitemapEntry[], file: number) => all.slice((file - 1) * perFile, file * perFile);
  return {
    path,
    async files(ctx) {
      const all = await list(ctx);
      const count = Math.max(1, Math.ceil(all.length / perFile));
      return Array.from({ length: count }, (_, i) => ({ file: i + 1, lastmod: newest(fileOf(all, i + 1)) }));
    },
    async *entries(ctx, file) {
      yield fileOf(await list(ctx), file);
    },
  };
}

/**
 * The site's sitemaps, one per area (decision 0066): /sitemap.xml is their index, the one address
 * robots.txt names. An area with public pages adds its list here (areas never import this module).
 */
export const SITEMAPS: SitemapSource[] = [
  listSource("/sitemap-portada.xml", async () => [{ loc: pathTo("home") }]),
  // Jobs: each country's job list with open offers (file 1), then every open offer, 49,000 ids a file.
  { path: "/sitemap-empleo.xml", files: (ctx) => listJobsSitemapFiles(ctx), entries: (ctx, file) => listJobsSitemapEntries(ctx, file) },
  // News: read each time, so a scheduled item is listed the moment it is published.
  listSource("/sitemap-noticias-archivo.xml", listNewsSitemapEntries),
  // Visita: products without prescription, public representative profiles and laboratories (kept a minute).
  listSource("/sitemap-visita.xml", listVisitaSitemapEntries),
];

const XML_HEADERS = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" };

const lastmodTag = (lastmod?: string) => (lastmod ? `<lastmod>${lastmod}</lastmod>` : "");

/** The address of an area's file n. */
export const sitemapFilePath = (path: string, file: number) => (file === 1 ? path : path.replace(/\.xml$/, `-${file}.xml`));

const URLSET_OPEN = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;
const URLSET_CLOSE = "</urlset>\n";
const urlLines = (base: string, entries: SitemapEntry[]) =>
  entries.map((e) => `<url><loc>${escapeHtml(base + e.loc)}</loc>${lastmodTag(e.lastmod)}</url>\n`).join("");

/**
 * A <urlset> written batch by batch as the area yields them (decision 0114): only one batch is
 * held at a time. The first batch is read before the answer starts, so a database outage still
 * gets its 503; a failure further on ends the answer early (the client sees a cut transfer).
 */
async function urlsetStream(base: string, batches: AsyncIterable<SitemapEntry[]>): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  let head: string | undefined = URLSET_OPEN + (first.done ? "" : urlLines(base, first.value));
  let done = Boolean(first.done);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (head !== undefined) {
        controller.enqueue(encoder.encode(head));
        head = undefined;
        return;
      }
      const next = done ? { done: true as const, value: undefined } : await iterator.next();
      if (next.done) {
        done = true;
        controller.enqueue(encoder.encode(URLSET_CLOSE));
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(urlLines(base, next.value)));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/** The newest lastmod of a list (ISO strings compare in time order), for the index's entry. */
function newest(entries: SitemapEntry[]) {
  return entries.reduce<string | undefined>((max, e) => (e.lastmod && (!max || e.lastmod > max) ? e.lastmod : max), undefined);
}

/** An area's files for the index, each with its newest change. */
async function filesOf(ctx: AppContext, source: SitemapSource) {
  return (await source.files(ctx)).map((f) => ({ loc: sitemapFilePath(source.path, f.file), lastmod: f.lastmod }));
}

/** The sitemap index: every file of every area's sitemap, and the Google News one the news area serves. */
export async function buildSitemapIndex(ctx: AppContext): Promise<string> {
  const lists = await Promise.all(SITEMAPS.map((s) => filesOf(ctx, s)));
  const items = [...lists.flat(), { loc: NEWS_SITEMAP_PATH, lastmod: undefined }];
  const base = ctx.config.appUrl;
  const body = items.map((i) => `<sitemap><loc>${escapeHtml(base + i.loc)}</loc>${lastmodTag(i.lastmod)}</sitemap>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

/** A numbered file's source and number ("sitemap-empleo-3.xml"), when its area has that file. */
async function numberedFile(ctx: AppContext, name: string) {
  const match = /^(sitemap-[a-z-]+)-(\d{1,6})\.xml$/.exec(name);
  const source = SITEMAPS.find((s) => s.path === `/${match?.[1]}.xml`);
  const file = Number(match?.[2]);
  if (!source || !(file > 1) || !(await source.files(ctx)).some((f) => f.file === file)) return null;
  return { source, file };
}

/** GET /sitemap.xml (the index), GET /sitemap-{area}.xml and an area's further files, /sitemap-{area}-{n}.xml. */
export function mountSitemaps(app: Hono<AppEnv>): void {
  app.get("/sitemap.xml", async (c: Context<AppEnv>) => c.body(await buildSitemapIndex(c.get("app")), 200, XML_HEADERS));
  for (const sitemap of SITEMAPS) {
    app.get(sitemap.path, async (c: Context<AppEnv>) => {
      const ctx = c.get("app");
      return c.body(await urlsetStream(ctx.config.appUrl, sitemap.entries(ctx, 1)), 200, XML_HEADERS);
    });
  }
  app.get("/:name{sitemap-[a-z-]+-[0-9]+\\.xml}", async (c: Context<AppEnv>, next) => {
    const ctx = c.get("app");
    const found = await numberedFile(ctx, c.req.param("name") ?? "");
    if (!found) return next();
    return c.body(await urlsetStream(ctx.config.appUrl, found.source.entries(ctx, found.file)), 200, XML_HEADERS);
  });
}

/** robots.txt names the sitemap index by its absolute address (APP_URL). */
export function robotsTxt(appUrl: string): string {
  return ["User-agent: *", "Allow: /app/", "Allow: /og/", "Disallow: /api/", "", `Sitemap: ${appUrl}/sitemap.xml`, ""].join("\n");
}
