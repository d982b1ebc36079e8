import type { Context } from "hono";
import type { AppEnv } from "#server/env";
import { AppError } from "#server/platform/errors";
import { renderShareCard } from "#server/platform/share-card";
import { getOffer } from "./offers.service";

/** Rendered cards, newest last; an offer's card changes only when its words do. */
const cache = new Map<string, Buffer>();
const CACHE_ENTRIES = 200;

async function cached(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
  const hit = cache.get(key);
  if (hit) return hit;
  const png = await render();
  cache.set(key, png);
  if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
  return png;
}

const png = (c: Context<AppEnv>, bytes: Buffer) =>
  c.body(new Uint8Array(bytes), 200, { "Content-Type": "image/png", "Cache-Control": "public, max-age=3600" });

/** GET /og/oferta/{id}.png: the offer's title, company and place, as shared links show it. Public offers only. */
export async function offerShareImageHandler(c: Context<AppEnv>) {
  const ctx = c.get("app");
  const id = Number(/^(\d{1,12})\.png$/.exec(c.req.param("file") ?? "")?.[1]);
  if (!Number.isSafeInteger(id) || id <= 0) throw new AppError("NOT_FOUND", "Imagen no encontrada.");
  const offer = await getOffer(ctx, id, null);
  const place = [offer.ciudad, offer.estado?.nombre, offer.pais.nombre].filter(Boolean).join(", ");
  const words = { eyebrow: "Oferta de empleo", title: offer.titulo, lines: [offer.empresa.nombre, place], brand: ctx.config.brandName };
  return png(c, await cached(`oferta:${JSON.stringify(words)}`, () => renderShareCard(words)));
}

/** GET /og/portada.png: the card of every other public page. */
export async function defaultShareImageHandler(c: Context<AppEnv>) {
  const brand = c.get("app").config.brandName;
  const words = {
    eyebrow: "La red profesional del sector",
    title: "Empleo, noticias y visita médica",
    lines: ["Farmacia y salud en España y Latinoamérica"],
    brand,
  };
  return png(c, await cached(`portada:${brand}`, () => renderShareCard(words)));
}
