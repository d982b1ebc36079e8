import type { Context } from "hono";
import sharp from "sharp";
import type { AppEnv } from "#server/env";
import { AppError } from "#server/platform/errors";
import { cachedShareCard, SHARE_CARD, shareCardId, shareCardResponse } from "#server/platform/share-card";
import { readNewsMedia } from "./media";
import { getNoticia } from "./reading.service";
import { getTribuna } from "./tribunas.service";

const notFound = (): never => {
  throw new AppError("NOT_FOUND", "Imagen no encontrada.");
};

/**
 * GET /og/noticia/{id}.png: a published item's picture at the size shared links want (1200×630,
 * cropped to fill; the stored picture is 960×540), or, without a picture, a card with its title.
 */
export async function newsShareImageHandler(c: Context<AppEnv>) {
  const ctx = c.get("app");
  const noticia = await getNoticia(ctx, shareCardId(c.req.param("file")) ?? notFound(), null);
  const media = noticia.imagen ? /^\/media\/([^/]+)\/([^/]+)$/.exec(noticia.imagen.url) : null;
  if (!media) {
    return shareCardResponse({
      eyebrow: `Noticia · ${noticia.area.nombre}`,
      title: noticia.titulo,
      lines: [noticia.autor?.nombre ?? ""],
      brand: ctx.config.brandName,
    });
  }
  const [, folder, file] = media as unknown as [string, string, string];
  const png = await cachedShareCard(`noticia:${folder}/${file}`, async () => {
    const { bytes } = await readNewsMedia(ctx, folder, file);
    return sharp(bytes).resize(SHARE_CARD.width, SHARE_CARD.height, { fit: "cover" }).png({ compressionLevel: 9 }).toBuffer();
  });
  return new Response(new Uint8Array(png), {
    status: 200,
    headers: { "Content-Type": "image/png", "Cache-Control": "public, max-age=3600" },
  });
}

/** GET /og/tribuna/{id}.png: a column's title and author (the author's portrait is too small to share). */
export async function tribunaShareImageHandler(c: Context<AppEnv>) {
  const ctx = c.get("app");
  const tribuna = await getTribuna(ctx, shareCardId(c.req.param("file")) ?? notFound(), null);
  const autor = tribuna.autor;
  return shareCardResponse({
    eyebrow: "Tribuna de opinión",
    title: tribuna.titulo,
    lines: autor ? [autor.nombre, [autor.cargo, autor.empresa].filter(Boolean).join(", ")] : [],
    brand: ctx.config.brandName,
  });
}
