import { eq } from "drizzle-orm";
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from "jose";
import type { GoogleRegisterInput, RegisterTypeName } from "#common/accounts";
import type { AppContext } from "#server/context";
import { firstOrThrow } from "#server/db/first-or-throw";
import { userRoles, users } from "#server/db/schema";
import { AppError } from "#server/platform/errors";
import { knownPaisId } from "./registration.service";
import { ROLES_BY_REGISTER_TYPE } from "./roles";

/**
 * Google sign-in with an ID token from Google Identity Services: signature against Google's keys,
 * audience = our client id, issuer, expiry, and a verified e-mail. Accounts are keyed by Google's
 * stable subject ("sub"), never by e-mail alone (decision 0007).
 */
const ISSUERS = ["accounts.google.com", "https://accounts.google.com"];
const INVALID = "No hemos podido comprobar tu cuenta de Google. Inténtalo de nuevo.";
const UNVERIFIED = "Tu cuenta de Google no tiene el correo electrónico verificado.";
const OTHER_GOOGLE = "Esta dirección de correo ya está vinculada a otra cuenta de Google.";

// One key set per address; jose caches the keys and refetches them when an unknown kid appears.
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function keySetFor(url: string) {
  let keySet = keySets.get(url);
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000, cooldownDuration: 30_000 });
    keySets.set(url, keySet);
  }
  return keySet;
}

type GoogleClaims = JWTPayload & { email?: string; email_verified?: boolean | string; given_name?: string; family_name?: string };

export async function verifyGoogleIdToken(
  ctx: Pick<AppContext, "config">,
  idToken: string,
): Promise<{ sub: string; email: string; nombre?: string; apellidos?: string }> {
  const { googleClientId, googleCertsUrl } = ctx.config;
  if (!googleClientId) throw new AppError("UNAVAILABLE", "El acceso con Google no está disponible en este momento.");
  let claims: GoogleClaims;
  try {
    ({ payload: claims } = await jwtVerify<GoogleClaims>(idToken, keySetFor(googleCertsUrl), {
      issuer: ISSUERS,
      audience: googleClientId,
      algorithms: ["RS256"],
      clockTolerance: 30,
    }));
  } catch {
    throw new AppError("UNAUTHENTICATED", INVALID, { reason: "GOOGLE_TOKEN_INVALID" });
  }
  if (!claims.sub || !claims.email) throw new AppError("UNAUTHENTICATED", INVALID, { reason: "GOOGLE_TOKEN_INVALID" });
  if (claims.email_verified !== true && claims.email_verified !== "true") {
    throw new AppError("UNAUTHENTICATED", UNVERIFIED, { reason: "GOOGLE_EMAIL_NOT_VERIFIED" });
  }
  return { sub: claims.sub, email: claims.email.toLowerCase(), nombre: claims.given_name, apellidos: claims.family_name };
}

/**
 * Finds or creates the account of a Google identity.
 * - Known sub: that account.
 * - Unknown sub, an account with the same (Google-verified) e-mail and no Google link yet: linked.
 *   If that account never confirmed its address, its password is discarded: whoever chose it never
 *   proved the address, so it must not survive (pre-registration takeover).
 * - Otherwise: a new, confirmed account of the requested type.
 */
export async function signInWithGoogle(ctx: AppContext, input: GoogleRegisterInput): Promise<{ userId: number; created: boolean }> {
  const identity = await verifyGoogleIdToken(ctx, input.google_id);
  return ctx.db.transaction(async (tx) => {
    const [bySub] = await tx.select().from(users).where(eq(users.googleSub, identity.sub));
    if (bySub) return { userId: bySub.id, created: false };
    const [byEmail] = await tx.select().from(users).where(eq(users.email, identity.email));
    if (byEmail) {
      if (byEmail.googleSub) throw new AppError("FORBIDDEN", OTHER_GOOGLE, { reason: "GOOGLE_ACCOUNT_MISMATCH" });
      await tx
        .update(users)
        .set({
          googleSub: identity.sub,
          emailVerifiedAt: byEmail.emailVerifiedAt ?? new Date(),
          passwordHash: byEmail.emailVerifiedAt ? byEmail.passwordHash : null,
          updatedAt: new Date(),
        })
        .where(eq(users.id, byEmail.id));
      return { userId: byEmail.id, created: false };
    }
    const registerType = input.register_type as RegisterTypeName;
    const created = firstOrThrow(
      await tx
        .insert(users)
        .values({
          email: identity.email,
          googleSub: identity.sub,
          passwordHash: null,
          registerType,
          nombre: identity.nombre ?? null,
          apellidos: identity.apellidos ?? null,
          paisId: knownPaisId(input.pais_id),
          emailVerifiedAt: new Date(),
        })
        .returning({ id: users.id }),
      "user insert",
    );
    // Choosing "Continuar con Google" under the registration's terms is the acceptance (the button says so).
    await ctx.accountHooks.onRegistered(tx, created.id, { publicidad: false, source: "registro_google" });
    const roles = ROLES_BY_REGISTER_TYPE[registerType];
    if (roles.length) await tx.insert(userRoles).values(roles.map((role) => ({ userId: created.id, role })));
    return { userId: created.id, created: true };
  });
}
