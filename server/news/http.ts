import type { Hono } from "hono";
import type { AppEnv } from "#server/env";
import { fileHeaders } from "#server/platform/downloads";
import { buildNewsRss, buildNewsSitemap } from "./feeds";
import { readNewsMedia } from "./media";
import { newsShareImageHandler, tribunaShareImageHandler } from "./share-image";

const XML = "application/xml; charset=utf-8";

/** The Google News sitemap (the last two days' items); the sitemap index lists it. */
export const NEWS_SITEMAP_PATH = "/sitemap-noticias.xml";
/** The RSS feeds: every item, and one area's (the app keeps both in the page cache, tag "news"). */
export const NEWS_RSS_PATH = "/app/noticias/rss.xml";
export const NEWS_AREA_RSS_PATH = "/app/noticias/area/:area/rss.xml";

/**
 * The news area's addresses outside /api and the pages: RSS feeds, the news sitemap and images.
 * Registered before the page handler, so /app/noticias/rss.xml is not taken for an item.
 */
export function mountNewsFeeds(app: Hono<AppEnv>): void {
  app.get(NEWS_RSS_PATH, async (c) => {
    const xml = await buildNewsRss(c.get("app"));
    return c.body(xml ?? "", 200, { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=300" });
  });
  app.get(NEWS_AREA_RSS_PATH, async (c) => {
    const xml = await buildNewsRss(c.get("app"), c.req.param("area"));
    if (xml === null) return c.body("Área no encontrada.", 404, { "Content-Type": "text/plain; charset=utf-8" });
    return c.body(xml, 200, { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=300" });
  });
  app.get(NEWS_SITEMAP_PATH, async (c) => {
    return c.body(await buildNewsSitemap(c.get("app")), 200, { "Content-Type": XML, "Cache-Control": "public, max-age=300" });
  });
  // The pictures shared links show: outside /api and /app, where robots.txt lets crawlers in.
  app.get("/og/noticia/:file", newsShareImageHandler);
  app.get("/og/tribuna/:file", tribunaShareImageHandler);
  // Outside /api so that crawlers (robots.txt disallows /api/) may fetch images for previews.
  app.get("/media/:folder/:file", async (c) => {
    const { bytes, mime } = await readNewsMedia(c.get("app"), c.req.param("folder"), c.req.param("file"));
    return c.body(
      new Uint8Array(bytes),
      200,
      fileHeaders({ mime, inline: true, cache: "public, max-age=31536000, immutable", crossOrigin: "same-site" }),
    );
  });
}
