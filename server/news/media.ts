import type { AppContext } from "#server/context";
import { AppError } from "#server/platform/errors";
import { MEDIA_FOLDERS } from "./queries";

/**
 * Images of news and authors' photos. Their keys are random and never reused, so a response may
 * be cached for a year; only this area's folders are served.
 */
export async function readNewsMedia(ctx: Pick<AppContext, "storage">, folder: string, file: string) {
  if (!(MEDIA_FOLDERS as readonly string[]).includes(folder) || !/^[0-9a-f-]{36}\.(png|jpeg|webp)$/.test(file)) {
    throw new AppError("NOT_FOUND", "Imagen no encontrada.");
  }
  return ctx.storage.read(`${folder}/${file}`);
}
