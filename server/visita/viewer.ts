import { eq } from "drizzle-orm";
import { PROFESSIONAL_COOKIE } from "#common/constants";
import { parseCookies } from "#common/cookies";
import { type SessionUser, verifiedProfessionalSql } from "#server/accounts";
import type { AppContext } from "#server/context";
import { users } from "#server/db/schema";

/**
 * Who is looking at the catalogue. Prescription-only medicines are shown only to healthcare
 * professionals (product brief; Spanish law on advertising medicines): a signed-in user with the
 * account's profesional_sanitario flag, or a visitor who answered the gate in this browser session
 * (the session cookie below, set by the gate and by PUT /api/is-profesional-sanitario).
 */
export type CatalogueViewer = { user: SessionUser | null; professional: boolean };

export function professionalCookieOf(cookieHeader: string | null | undefined): boolean {
  return parseCookies(cookieHeader)[PROFESSIONAL_COOKIE] === "1";
}

export async function catalogueViewer(
  ctx: AppContext,
  user: SessionUser | null,
  cookieHeader: string | null | undefined,
): Promise<CatalogueViewer> {
  if (professionalCookieOf(cookieHeader)) return { user, professional: true };
  if (!user) return { user, professional: false };
  // A verified professional passes the gate on every device (issue 30), declared or not.
  const [row] = await ctx.db
    .select({ flag: users.profesionalSanitario, verified: verifiedProfessionalSql(users.id) })
    .from(users)
    .where(eq(users.id, user.id));
  return { user, professional: Boolean(row?.flag || row?.verified) };
}
