import { eq } from "drizzle-orm";
import type { AppContext } from "#server/context";
import {
  authTokens,
  delegaciones,
  empresas,
  notificationPreferences,
  notifications,
  pushSubscriptions,
  sessions,
  userRoles,
  users,
  userZonas,
} from "#server/db/schema";
import { AppError, validationError } from "#server/platform/errors";
import { enforceRateLimit } from "#server/platform/rate-limit";
import { findEstadoById } from "#server/reference";
import { leaveCompany } from "./company-members.service";
import { verifyPassword } from "./passwords";

// The user's rights over their data (GDPR): a copy of everything stored, and deleting the account.

/** Everything stored about the user (GDPR art. 15/20), without hashes or token material. */
export async function exportUserData(ctx: AppContext, userId: number) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError("UNAUTHENTICATED");
  const { passwordHash: _hash, googleSub, ...profile } = user;
  const roles = await ctx.db
    .select({ role: userRoles.role, granted_at: userRoles.grantedAt })
    .from(userRoles)
    .where(eq(userRoles.userId, userId));
  const zonas = await ctx.db.select({ estado_id: userZonas.estadoId }).from(userZonas).where(eq(userZonas.userId, userId));
  const [empresa] = user.empresaId ? await ctx.db.select().from(empresas).where(eq(empresas.id, user.empresaId)) : [];
  const [delegacion] = user.delegacionId ? await ctx.db.select().from(delegaciones).where(eq(delegaciones.id, user.delegacionId)) : [];
  const sessionRows = await ctx.db
    .select({
      id: sessions.id,
      kind: sessions.kind,
      user_agent: sessions.userAgent,
      ip: sessions.ip,
      created_at: sessions.createdAt,
      last_used_at: sessions.lastUsedAt,
      expires_at: sessions.expiresAt,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  const tokens = await ctx.db
    .select({ purpose: authTokens.purpose, created_at: authTokens.createdAt, expires_at: authTokens.expiresAt, used_at: authTokens.usedAt })
    .from(authTokens)
    .where(eq(authTokens.userId, userId));
  // Notifications (issue 31): read straight from their tables, since accounts imports no other area.
  const notificationRows = await ctx.db
    .select({
      kind: notifications.kind,
      text: notifications.text,
      link: notifications.link,
      read_at: notifications.readAt,
      created_at: notifications.createdAt,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  const notificationChoices = await ctx.db
    .select({
      kind: notificationPreferences.kind,
      in_app: notificationPreferences.inApp,
      push: notificationPreferences.push,
      email: notificationPreferences.email,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const pushDevices = await ctx.db
    .select({ endpoint: pushSubscriptions.endpoint, created_at: pushSubscriptions.createdAt })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return {
    exported_at: new Date().toISOString(),
    brand: ctx.config.brandName,
    profile: { ...profile, google_linked: Boolean(googleSub), avatar: user.avatar ? `/api/user/avatar/${user.id}` : null },
    roles,
    zonas: zonas.map((zona) => ({ ...zona, nombre: findEstadoById(zona.estado_id)?.nombre ?? null })),
    empresa: empresa ?? null,
    delegacion: delegacion ?? null,
    sessions: sessionRows,
    account_tokens: tokens,
    notifications: notificationRows,
    notification_preferences: notificationChoices,
    push_devices: pushDevices.map((device) => ({ push_service: new URL(device.endpoint).host, created_at: device.created_at })),
  };
}

/** Deletes the account after checking the password; rows cascade, the avatar file is removed. */
export async function deleteAccount(ctx: AppContext, userId: number, password: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError("UNAUTHENTICATED");
  await enforceRateLimit(ctx.db, "passwordConfirm", `user:${user.id}`);
  if (!user.passwordHash) {
    throw validationError({
      password: ["Tu cuenta no tiene contraseña: crea una con «¿Has olvidado tu contraseña?» y vuelve a intentarlo"],
    });
  }
  if (!(await verifyPassword(user.passwordHash, password))) throw validationError({ password: ["La contraseña no es correcta"] });
  await ctx.db.transaction(async (tx) => {
    // The company, its offers and applications stay; a successor administers it (decision 0015).
    await leaveCompany(tx, userId);
    await tx.delete(users).where(eq(users.id, userId));
  });
  if (user.avatar) await ctx.storage.remove(user.avatar).catch(() => {});
}
