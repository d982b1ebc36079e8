import { eq, inArray } from "drizzle-orm";
import { COMPANY_LOGO_MAX_BYTES } from "#common/jobs";
import type { SessionUser } from "#server/accounts";
import type { AppContext } from "#server/context";
import type { Db } from "#server/db/client";
import { empresas } from "#server/db/schema";
import { AppError, validationError } from "#server/platform/errors";
import { processImage } from "#server/platform/images";
import { enforceRateLimit } from "#server/platform/rate-limit";
import { KEY_PATTERN } from "#server/platform/storage";
import { companyToManage } from "./policy";

/** Where company logos are stored (through the storage driver, like every upload). */
export const LOGOS_FOLDER = "logos";

/** A logo is shown at most 160 px wide on pages; 400 px covers high-density screens. */
const LOGO_IMAGE = { maxWidth: 400, maxHeight: 400, fit: "inside", format: "webp", label: "El logotipo" } as const;

const isStoredLogo = (logo: string | null): logo is string =>
  Boolean(logo && KEY_PATTERN.test(logo) && logo.startsWith(`${LOGOS_FOLDER}/`));

/**
 * What pages and the API show as a company's logo: our own route for an uploaded one (the key's
 * start in the address, so a new logo is a new URL and the old one may be cached for good), or the
 * address stored by older data as it is.
 */
export function logoUrlOf(empresaId: number, logo: string | null): string | null {
  if (!logo) return null;
  if (!isStoredLogo(logo)) return logo;
  const version = logo.slice(LOGOS_FOLDER.length + 1, LOGOS_FOLDER.length + 9);
  return `/api/empleo/empresas/${empresaId}/logo?v=${version}`;
}

/**
 * The company administrator replaces the logo: the image is decoded and re-encoded (WebP, at most
 * 400 px a side, no metadata) before it is stored; the previous file is removed.
 */
export async function uploadCompanyLogo(ctx: AppContext, user: SessionUser, file: Blob | null): Promise<{ logo: string | null }> {
  const empresaId = await companyToManage(ctx.db, user);
  if (!file || file.size === 0) throw validationError({ logo: ["Elige una imagen PNG, JPEG o WebP."] });
  if (file.size > COMPANY_LOGO_MAX_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", `El logotipo no puede superar ${COMPANY_LOGO_MAX_BYTES / 1024 / 1024} MB.`, {
      fieldErrors: { logo: [`El logotipo no puede superar ${COMPANY_LOGO_MAX_BYTES / 1024 / 1024} MB.`] },
    });
  }
  await enforceRateLimit(ctx.db, "upload", `user:${user.id}`);
  let image: Awaited<ReturnType<typeof processImage>>;
  try {
    image = await processImage(file, LOGO_IMAGE);
  } catch (error) {
    // The same message, beside the field.
    if (error instanceof AppError) throw new AppError(error.code, error.message, { fieldErrors: { logo: [error.message] } });
    throw error;
  }
  const stored = await ctx.storage.store(LOGOS_FOLDER, image.bytes, image.format);
  const [previous] = await ctx.db.select({ logo: empresas.logo }).from(empresas).where(eq(empresas.id, empresaId));
  await ctx.db.update(empresas).set({ logo: stored.key, updatedAt: new Date() }).where(eq(empresas.id, empresaId));
  if (isStoredLogo(previous?.logo ?? null)) await ctx.storage.remove(previous?.logo as string).catch(() => {});
  // The company page and its offers are stored for anonymous visitors (decision 0015).
  await ctx.pageCache.invalidate("jobs");
  return { logo: logoUrlOf(empresaId, stored.key) };
}

/** The company goes back to its initials. */
export async function removeCompanyLogo(ctx: AppContext, user: SessionUser): Promise<{ logo: null }> {
  const empresaId = await companyToManage(ctx.db, user);
  const [previous] = await ctx.db.select({ logo: empresas.logo }).from(empresas).where(eq(empresas.id, empresaId));
  await ctx.db.update(empresas).set({ logo: null, updatedAt: new Date() }).where(eq(empresas.id, empresaId));
  if (isStoredLogo(previous?.logo ?? null)) await ctx.storage.remove(previous?.logo as string).catch(() => {});
  await ctx.pageCache.invalidate("jobs");
  return { logo: null };
}

/** A company's uploaded logo, public like the company page. 404 when it has none of ours. */
export async function getCompanyLogo(ctx: AppContext, empresaId: number): Promise<{ bytes: Buffer; mime: string }> {
  const [row] = Number.isSafeInteger(empresaId)
    ? await ctx.db.select({ logo: empresas.logo }).from(empresas).where(eq(empresas.id, empresaId))
    : [];
  if (!isStoredLogo(row?.logo ?? null)) throw new AppError("NOT_FOUND", "Esta empresa no tiene logotipo.");
  return ctx.storage.read(row?.logo as string);
}

/** The logo files companies still refer to: the owners for the orphan sweep. */
export const logoKeysInUse = async (db: Db, keys: string[]) => {
  const rows = await db.select({ key: empresas.logo }).from(empresas).where(inArray(empresas.logo, keys));
  return new Set(rows.map((row) => row.key ?? ""));
};
