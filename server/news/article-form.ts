import { eq } from "drizzle-orm";
import type { NewsStatus } from "#common/news/vocabulary";
import { parseLocalDateTime } from "#common/time-zone";
import type { AppContext } from "#server/context";
import { newsAuthors } from "#server/db/schema";
import { htmlToText, sanitizeArticleHtml } from "./html";

const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** The fields news items and tribunas share in the editor's form. */
type ArticleFields = { cuerpo_html: string; autor_id: number | null; status: NewsStatus; publicada_en: string; imagen_alt: string };
type Stored = { status: NewsStatus; publicadaEn: Date | null; imagen: string | null } | null;

/**
 * The checks both editors make: the body sanitised and long enough, the author known, a scheduled
 * time in the future, alt text with an image. Returns the per-field errors and what to store.
 */
export async function checkArticleForm(
  ctx: Pick<AppContext, "db">,
  input: ArticleFields,
  existing: Stored,
  image: Blob | null,
  noun: "noticia" | "tribuna",
) {
  const errors: Record<string, string[]> = {};
  const html = sanitizeArticleHtml(input.cuerpo_html);
  const text = htmlToText(html);
  if (text.length < 20) errors.cuerpo_html = [`Escribe el texto de la ${noun} (al menos 20 caracteres).`];
  if (input.autor_id !== null) {
    const [author] = await ctx.db.select({ id: newsAuthors.id }).from(newsAuthors).where(eq(newsAuthors.id, input.autor_id));
    if (!author) errors.autor_id = ["Elige un autor de la lista."];
  }
  const when = parseLocalDateTime(input.publicada_en);
  if (input.status === "programada") {
    if (!when) errors.publicada_en = ["Indica la fecha y hora de publicación."];
    else if (when.getTime() <= Date.now()) errors.publicada_en = ["La fecha de publicación programada debe ser futura."];
  }
  const hasImage = Boolean(image && image.size > 0) || Boolean(existing?.imagen);
  if (hasImage && input.imagen_alt.length < 3) errors.imagen_alt = ["Describe la imagen para quien no la ve (texto alternativo)."];
  // A draft has no time; a scheduled item its own; publishing keeps the first publication time.
  const publicadaEn =
    input.status === "borrador"
      ? null
      : input.status === "programada"
        ? when
        : existing?.status === "publicada" && existing.publicadaEn
          ? existing.publicadaEn
          : new Date();
  return { errors, html, text, hasImage, publicadaEn };
}

/** Stores an uploaded image after checking it by its content (re-encoded by storage). */
export async function storeArticleImage(ctx: Pick<AppContext, "storage">, image: Blob | null, folder: "noticias" | "tribunas") {
  if (!image || image.size === 0) return null;
  return ctx.storage.save(folder, image, { allowed: ["jpeg", "png", "webp"], maxBytes: IMAGE_MAX_BYTES, label: "imagen" });
}
