import type { Context } from "hono";
import type { AppEnv } from "#server/env";
import { type CatalogueViewer, catalogueViewer } from "./viewer";

export const TAG = "Visita";
export const viewerOf = (c: Context<AppEnv>) => catalogueViewer(c.get("app"), c.get("user"), c.req.header("cookie"));

/**
 * What a professional or a signed-in user sees must never be served by a shared cache to someone
 * else; anonymous answers may be, varying on the cookie that carries the gate's answer.
 */
export function setCatalogueCache(c: Context<AppEnv>, viewer: CatalogueViewer, maxAge = 60) {
  if (viewer.user || viewer.professional) c.header("Cache-Control", "private, no-store");
  else {
    c.header("Cache-Control", `public, max-age=${maxAge}`);
    c.header("Vary", "Cookie");
  }
}
