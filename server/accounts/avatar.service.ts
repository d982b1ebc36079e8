import { eq } from "drizzle-orm";
import type { AppContext } from "#server/context";
import { users } from "#server/db/schema";
import { AppError, validationError } from "#server/platform/errors";
import { AVATAR_IMAGE, processImage } from "#server/platform/images";
import { enforceRateLimit } from "#server/platform/rate-limit";

// The profile picture: stored as our own re-encoding, public like the profiles it appears on.

export async function saveAvatar(ctx: AppContext, userId: number, file: unknown) {
  if (!(file instanceof Blob)) throw validationError({ avatar: ["Elige una imagen PNG, JPEG o WebP"] });
  await enforceRateLimit(ctx.db, "upload", `user:${userId}`);
  if (file.size > ctx.config.maxUploadBytes) {
    throw new AppError("PAYLOAD_TOO_LARGE", `La foto no puede superar ${Math.round(ctx.config.maxUploadBytes / 1024 / 1024)} MB.`);
  }
  // Decoded, cropped square and re-encoded: what we store and serve is our own encoding.
  const image = await processImage(file, AVATAR_IMAGE);
  const stored = await ctx.storage.store("avatars", image.bytes, image.format);
  const [previous] = await ctx.db.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId));
  await ctx.db.update(users).set({ avatar: stored.key, updatedAt: new Date() }).where(eq(users.id, userId));
  if (previous?.avatar) await ctx.storage.remove(previous.avatar).catch(() => {});
}

export async function removeAvatar(ctx: AppContext, userId: number) {
  const [previous] = await ctx.db.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId));
  await ctx.db.update(users).set({ avatar: null, updatedAt: new Date() }).where(eq(users.id, userId));
  if (previous?.avatar) await ctx.storage.remove(previous.avatar).catch(() => {});
}

/** Avatars are public (they appear on public profiles); the key is ours, never the client's. */
export async function readAvatar(ctx: AppContext, userId: number) {
  const [row] = Number.isSafeInteger(userId) ? await ctx.db.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId)) : [];
  if (!row?.avatar) throw new AppError("NOT_FOUND", "Este usuario no tiene foto.");
  return ctx.storage.read(row.avatar);
}
