import { and, asc, eq, isNull } from "drizzle-orm";
import { isTrue, type ProfileUpdateInput, type SessionInfo } from "#common/accounts";
import type { AppContext } from "#server/context";
import { authTokens, delegaciones, empresas, pageViews, sessions, userRoles, users, userZonas } from "#server/db/schema";
import { AppError, validationError } from "#server/platform/errors";
import { AVATAR_IMAGE, processImage } from "#server/platform/images";
import { enforceRateLimit } from "#server/platform/rate-limit";
import { estadoBelongsToPais, findCargoById, findEstadoById, findPaisById } from "#server/reference";
import { leaveCompany } from "./company-members.service";
import { verifyPassword } from "./passwords";
import type { SessionUser } from "./session";

/** The user area (/app/cuenta): avatar, basics, sessions, data export and account deletion. */

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

export async function updateProfile(ctx: AppContext, userId: number, input: ProfileUpdateInput) {
  const errors: Record<string, string[]> = {};
  const paisId = Number(input.pais_id);
  if (!findPaisById(paisId)) errors.pais_id = ["Elige un país de la lista"];
  let estadoId: number | null = null;
  if (input.estado_id !== null && input.estado_id !== undefined && input.estado_id !== "") {
    estadoId = Number(input.estado_id);
    if (!estadoBelongsToPais(estadoId, paisId)) errors.estado_id = ["La provincia o estado no pertenece al país elegido"];
  }
  let cargo: { cargoId: number | null; cargoTexto: string | null } | undefined;
  if (input.cargo !== undefined) {
    const value = input.cargo;
    if (value === null || value === "") cargo = { cargoId: null, cargoTexto: null };
    else if (typeof value === "number" || /^\d+$/.test(value)) {
      const id = Number(value);
      if (!findCargoById(id)) errors.cargo = ["Elige un cargo de la lista"];
      cargo = { cargoId: id, cargoTexto: null };
    } else cargo = { cargoId: null, cargoTexto: value.trim() };
  }
  if (Object.keys(errors).length) throw validationError(errors);
  await ctx.db
    .update(users)
    .set({
      nombre: input.nombre,
      apellidos: input.apellidos,
      paisId,
      estadoId,
      ...cargo,
      ...(input.telefono !== undefined ? { telefono: input.telefono || null } : {}),
      publicidad: isTrue(input.publicidad),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}

/** One entry per login (an API token issued with a web session is part of it). */
export async function listSessions(ctx: AppContext, session: SessionUser): Promise<SessionInfo[]> {
  const rows = await ctx.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, session.id), isNull(sessions.parentId)))
    .orderBy(asc(sessions.createdAt), asc(sessions.id));
  const currentIds = [session.sessionId, session.parentSessionId];
  return rows
    .filter((row) => row.expiresAt.getTime() > Date.now())
    .map((row) => ({
      id: row.id,
      kind: row.kind,
      user_agent: row.userAgent,
      ip: row.ip,
      created_at: row.createdAt.toISOString(),
      last_used_at: row.lastUsedAt.toISOString(),
      current: currentIds.includes(row.id),
    }));
}

export async function revokeSession(ctx: AppContext, userId: number, sessionId: number) {
  const deleted = Number.isSafeInteger(sessionId)
    ? await ctx.db
        .delete(sessions)
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
        .returning({ id: sessions.id })
    : [];
  if (deleted.length === 0) throw new AppError("NOT_FOUND", "Sesión no encontrada.");
}

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

export async function setProfesionalSanitario(ctx: AppContext, userId: number | undefined, value: unknown): Promise<0 | 1> {
  const flag = isTrue(value);
  if (userId) await ctx.db.update(users).set({ profesionalSanitario: flag, updatedAt: new Date() }).where(eq(users.id, userId));
  return flag ? 1 : 0;
}

/** A consented, anonymous page view: path (query and fragment dropped) and the kind of user. */
export async function recordPageView(ctx: AppContext, input: { path: string; role?: string | null }) {
  const path = input.path.split(/[?#]/)[0]?.slice(0, 512) || "/";
  const role = input.role && /^[a-z_]{1,40}$/.test(input.role) ? input.role : null;
  await ctx.db.insert(pageViews).values({ path, role });
}
