import { and, eq, isNotNull } from "drizzle-orm";
import type { AppContext } from "#server/context";
import type { Db } from "#server/db/client";
import {
  authTokens,
  companyJoinRequests,
  delegaciones,
  empresas,
  professionalVerifications,
  sessions,
  userRoles,
  users,
  userZonas,
} from "#server/db/schema";
import { AppError, validationError } from "#server/platform/errors";
import { enforceRateLimit } from "#server/platform/rate-limit";
import { createZip, type ZipEntry } from "#server/platform/zip";
import { findEstadoById } from "#server/reference";
import { leaveCompany } from "./company-members.service";
import type { ExportFile } from "./contract";
import { verifyPassword } from "./passwords";
import { exportProVerifications, PROOFS_FOLDER } from "./professional-verification.service";

// The user's rights over their data (GDPR): a copy of everything stored, and deleting the account
// (docs/privacy-rules.md, decision 0073).

/** How an erased account is named wherever its tombstone still appears (a chat, an application). */
export const DELETED_USER_NAME = "Usuario eliminado";

/** Everything stored about the user (GDPR art. 15/20), without hashes or token material. */
export async function exportUserData(ctx: AppContext, userId: number) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError("UNAUTHENTICATED");
  const { passwordHash: _hash, googleSub, deletedAt: _deleted, ...profile } = user;
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
    professional_verifications: await exportProVerifications(ctx.db, userId),
  };
}

/** Every `table.column` referring to a user that accounts exports and erases (the schema-walk test). */
export const ACCOUNT_PRIVACY_COVERS = [
  "users.id",
  "user_roles.user_id",
  "user_zonas.user_id",
  "sessions.user_id",
  "auth_tokens.user_id",
  "company_members.user_id",
  "company_join_requests.user_id",
  "professional_verifications.user_id",
  // The moderator who decided a request: the decision is the requester's data, not the reviewer's.
  "professional_verifications.reviewer_id",
] as const;

/**
 * The whole export: accounts' own rows, then each area's part (hooks wired in server/boot.ts),
 * and the files all of them refer to.
 */
export async function collectUserData(ctx: AppContext, userId: number) {
  const own = await exportUserData(ctx, userId);
  const joinRequests = await ctx.db
    .select({ empresa_id: companyJoinRequests.empresaId, estado: companyJoinRequests.status, creada_en: companyJoinRequests.createdAt })
    .from(companyJoinRequests)
    .where(eq(companyJoinRequests.userId, userId));
  const files: ExportFile[] = [];
  const [user] = await ctx.db.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId));
  if (user?.avatar) files.push({ key: user.avatar, name: `perfil/foto${user.avatar.slice(user.avatar.lastIndexOf("."))}` });
  const areas: Record<string, unknown> = {};
  for (const part of ctx.accountHooks.privacy) {
    const collected = await part.collect(ctx.db, userId);
    areas[part.area] = collected.data;
    files.push(...collected.files);
  }
  return { data: { ...own, solicitudes_de_empresa: joinRequests, ...areas }, files };
}

/** The export as a ZIP archive: datos.json, and every file under archivos/ (the names datos.json gives). */
export async function exportUserArchive(ctx: AppContext, userId: number): Promise<Buffer> {
  const { data, files } = await collectUserData(ctx, userId);
  const entries: ZipEntry[] = [];
  const missing: string[] = [];
  for (const file of new Map(files.map((f) => [f.name, f])).values()) {
    const read = await ctx.storage.read(file.key).catch(() => null);
    if (read) entries.push({ name: `archivos/${file.name}`, bytes: read.bytes });
    else missing.push(file.name);
  }
  const json = { ...data, archivos_no_disponibles: missing };
  return createZip([{ name: "datos.json", bytes: Buffer.from(JSON.stringify(json, null, 2)) }, ...entries]);
}

/** Deletes the account after checking the password (docs/privacy-rules.md says what goes and what stays). */
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
  await eraseAccount(ctx, userId);
}

/** What an erased account's row keeps when others still refer to it: nothing that identifies the person. */
const tombstone = (userId: number, now: Date) => ({
  email: `eliminado-${userId}@eliminado.invalid`,
  passwordHash: null,
  googleSub: null,
  nombre: DELETED_USER_NAME,
  apellidos: null,
  avatar: null,
  estadoId: null,
  cargoId: null,
  cargoTexto: null,
  empresaId: null,
  delegacionId: null,
  empresaNombre: null,
  delegacionTexto: null,
  empresaTipoId: null,
  desempleado: false,
  autoempleo: false,
  nacimiento: null,
  telefono: null,
  publicidad: false,
  profesionalSanitario: false,
  profesionalSanitarioAt: null,
  emailVerifiedAt: null,
  profileCompletedAt: null,
  lastLoginAt: null,
  blockedAt: now,
  deletedAt: now,
  updatedAt: now,
});

/**
 * Erases an account (its owner's request, or the retention job): each area deletes or anonymises
 * its rows in one transaction; the row itself is deleted, or kept as a tombstone («Usuario
 * eliminado») when a chat partner's conversation or an employer's application still refers to it.
 * The files go once committed.
 */
export async function eraseAccount(ctx: AppContext, userId: number) {
  const files = await ctx.db.transaction((tx) => eraseAccountIn(ctx, tx, userId));
  await ctx.storage.removeUnused(ctx.db, files);
}

/** eraseAccount inside the caller's transaction (the retention job's); returns the files to remove once committed. */
export async function eraseAccountIn(ctx: Pick<AppContext, "accountHooks">, tx: Db, userId: number): Promise<string[]> {
  const [user] = await tx.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId));
  if (!user) return [];
  // The company, its offers and applications stay; a successor administers it (decision 0015).
  await leaveCompany(tx, userId);
  const released: string[] = user.avatar ? [user.avatar] : [];
  // A request's proof goes with the account (decision 0082); the rows go with the user or below.
  const proofs = await tx
    .select({ key: professionalVerifications.proofKey })
    .from(professionalVerifications)
    .where(and(eq(professionalVerifications.userId, userId), isNotNull(professionalVerifications.proofKey)));
  for (const proof of proofs) if (proof.key?.startsWith(`${PROOFS_FOLDER}/`)) released.push(proof.key);
  let keepsUser = false;
  for (const part of ctx.accountHooks.privacy) {
    const erased = await part.erase(tx, userId);
    released.push(...erased.files);
    keepsUser ||= erased.keepsUser;
  }
  if (!keepsUser) {
    await tx.delete(users).where(eq(users.id, userId));
    return released;
  }
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  await tx.delete(userZonas).where(eq(userZonas.userId, userId));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(authTokens).where(eq(authTokens.userId, userId));
  await tx.delete(companyJoinRequests).where(eq(companyJoinRequests.userId, userId));
  await tx.delete(professionalVerifications).where(eq(professionalVerifications.userId, userId));
  await tx.update(users).set(tombstone(userId, new Date())).where(eq(users.id, userId));
  return released;
}
