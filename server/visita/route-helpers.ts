import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "#server/env";
import { AppError } from "#server/platform/errors";
import { type CatalogueViewer, catalogueViewer } from "./viewer";

export const TAG = "Visita";
export const IdParam = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" }, example: "812" }) });

/** Path ids are digits; anything else is simply not found. */
export function idFrom(value: string, message = "No hemos encontrado lo que buscas."): number {
  const id = /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw new AppError("NOT_FOUND", message);
  return id;
}

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
