// The back office's user administration (list, roles, blocking): roles belong to accounts, so the
// admin area's routes and the chat's moderation queue call these through #server/accounts.
import { and, count, desc, eq, exists, ilike, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { RegisterTypeName } from "#common/accounts";
import { BACKOFFICE_ROLES, type BackofficeRole } from "#common/accounts/permissions";
import type { AppContext } from "#server/context";
import type { Db } from "#server/db/client";
import { type Role, sessions, userRoles, users } from "#server/db/schema";
import { recordAudit } from "#server/platform/audit";
import { AppError, validationError } from "#server/platform/errors";
import { assertCan } from "./guards";
import { isSignIn, openSignInsOf, type SessionUser } from "./session";

type Ctx = Pick<AppContext, "db">;

export const USERS_PAGE_SIZE = 25;

export type UserQuery = {
  /** E-mail, name or surname (contains, case-insensitive), or the exact id. */
  q?: string;
  tipo?: RegisterTypeName;
  rol?: Role;
  estado?: "activo" | "bloqueado";
  pagina?: number;
};

export type AdminUserRow = {
  id: number;
  email: string;
  nombre: string;
  registerType: RegisterTypeName;
  roles: Role[];
  blockedAt: Date | null;
  emailVerifiedAt: Date | null;
  lastLoginAt: Date | null;
  createdAt: Date;
};

const rolesSql = sql<
  Role[] | null
>`(select array_agg(${userRoles.role} order by ${userRoles.role}) from ${userRoles} where ${userRoles.userId} = ${users.id})`;
const columns = {
  id: users.id,
  email: users.email,
  nombre: sql<string>`trim(coalesce(${users.nombre}, '') || ' ' || coalesce(${users.apellidos}, ''))`,
  registerType: users.registerType,
  roles: rolesSql,
  blockedAt: users.blockedAt,
  emailVerifiedAt: users.emailVerifiedAt,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
};
const toRow = (row: Omit<AdminUserRow, "roles"> & { roles: Role[] | null }): AdminUserRow => ({ ...row, roles: row.roles ?? [] });

/** The users table of the back office: search, filters, newest first, numbered pages (admins only). */
export async function listUsers(
  ctx: Ctx,
  actor: SessionUser | null,
  query: UserQuery = {},
): Promise<{ items: AdminUserRow[]; total: number; pagina: number; paginas: number }> {
  assertCan(actor, "administration");
  const conditions: SQL[] = [];
  const q = query.q?.trim().slice(0, 200);
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const byText = or(ilike(users.email, like), ilike(users.nombre, like), ilike(users.apellidos, like));
    const id = /^\d{1,9}$/.test(q) ? Number(q) : null;
    const match = id === null ? byText : or(byText, eq(users.id, id));
    if (match) conditions.push(match);
  }
  if (query.tipo) conditions.push(eq(users.registerType, query.tipo));
  if (query.rol) {
    const role = query.rol;
    conditions.push(
      exists(
        ctx.db
          .select({ one: sql`1` })
          .from(userRoles)
          .where(and(eq(userRoles.userId, users.id), eq(userRoles.role, role))),
      ),
    );
  }
  if (query.estado === "bloqueado") conditions.push(isNotNull(users.blockedAt));
  if (query.estado === "activo") conditions.push(isNull(users.blockedAt));
  const where = conditions.length ? and(...conditions) : undefined;
  const [{ total } = { total: 0 }] = await ctx.db.select({ total: count() }).from(users).where(where);
  const paginas = Math.max(1, Math.ceil(Number(total) / USERS_PAGE_SIZE));
  const pagina = Math.min(Math.max(query.pagina ?? 1, 1), paginas);
  const rows = await ctx.db
    .select(columns)
    .from(users)
    .where(where)
    .orderBy(desc(users.id))
    .limit(USERS_PAGE_SIZE)
    .offset((pagina - 1) * USERS_PAGE_SIZE);
  return { items: rows.map(toRow), total: Number(total), pagina, paginas };
}

/** One user as the back office shows them, with the number of open sessions. */
export async function getUserForAdmin(ctx: Ctx, actor: SessionUser | null, id: number): Promise<AdminUserRow & { sesiones: number }> {
  assertCan(actor, "administration");
  const [row] = await ctx.db
    .select({
      ...columns,
      sesiones: openSignInsOf(users.id),
    })
    .from(users)
    .where(eq(users.id, id));
  if (!row) throw new AppError("NOT_FOUND", "Usuario no encontrado.");
  return { ...toRow(row), sesiones: Number(row.sesiones) };
}

async function lockUser(tx: Db, id: number) {
  const [row] = await tx
    .select({ ...columns })
    .from(users)
    .where(eq(users.id, id))
    .for("update");
  if (!row) throw new AppError("NOT_FOUND", "Usuario no encontrado.");
  return toRow(row);
}

const isBackofficeRole = (role: string): role is BackofficeRole => (BACKOFFICE_ROLES as readonly string[]).includes(role);

/**
 * Grants or removes a back-office role (editor, moderador, admin); only admins may, and an admin
 * cannot take the admin role from themselves (the site would be left without a way back in).
 */
export async function setBackofficeRole(
  ctx: Ctx,
  actor: SessionUser | null,
  input: { userId: number; role: string; granted: boolean },
): Promise<AdminUserRow> {
  const admin = assertCan(actor, "administration");
  if (!isBackofficeRole(input.role)) {
    throw validationError({ role: ["Elige editor, moderador o administrador."] }, "Elige un rol de la administración.");
  }
  const role = input.role;
  if (!input.granted && role === "admin" && input.userId === admin.id) {
    throw new AppError("CONFLICT", "No puedes quitarte a ti mismo el rol de administrador: pídeselo a otra persona con ese rol.");
  }
  return ctx.db.transaction(async (tx) => {
    const before = await lockUser(tx, input.userId);
    if (input.granted) await tx.insert(userRoles).values({ userId: input.userId, role }).onConflictDoNothing();
    else await tx.delete(userRoles).where(and(eq(userRoles.userId, input.userId), eq(userRoles.role, role)));
    const after = await lockUser(tx, input.userId);
    if (before.roles.join() !== after.roles.join()) {
      await recordAudit(tx, {
        actor: admin,
        action: input.granted ? "user.role_grant" : "user.role_revoke",
        subjectType: "user",
        subjectId: input.userId,
        before: { email: before.email, roles: before.roles },
        after: { email: after.email, roles: after.roles },
      });
    }
    return after;
  });
}

/**
 * Blocks an account (its sessions and API tokens end at once, and it cannot sign in again) or
 * unblocks it. Admins only; nobody blocks themselves.
 */
export async function setUserBlocked(
  ctx: Ctx,
  actor: SessionUser | null,
  input: { userId: number; blocked: boolean },
): Promise<AdminUserRow> {
  const admin = assertCan(actor, "administration");
  return ctx.db.transaction(async (tx) => applyUserBlock(tx, admin, input));
}

/**
 * The chat's moderation queue blocks a reported account inside its own transaction, so the report's
 * resolution, the block and both audit entries commit together. Moderators (and admins) may.
 */
export async function blockAccountIn(tx: Db, actor: SessionUser | null, userId: number): Promise<AdminUserRow> {
  const moderator = assertCan(actor, "moderation");
  return applyUserBlock(tx, moderator, { userId, blocked: true });
}

async function applyUserBlock(tx: Db, actor: SessionUser, input: { userId: number; blocked: boolean }): Promise<AdminUserRow> {
  if (input.blocked && input.userId === actor.id) throw new AppError("CONFLICT", "No puedes bloquear tu propia cuenta.");
  const before = await lockUser(tx, input.userId);
  if (Boolean(before.blockedAt) === input.blocked) return before;
  await tx
    .update(users)
    .set({ blockedAt: input.blocked ? new Date() : null, updatedAt: new Date() })
    .where(eq(users.id, input.userId));
  let endedSessions = 0;
  if (input.blocked) {
    // What the confirmation promised ("sus N sesiones abiertas"): the unexpired sign-ins; every row goes.
    const ended = await tx.delete(sessions).where(eq(sessions.userId, input.userId)).returning({
      expiresAt: sessions.expiresAt,
      kind: sessions.kind,
      parentId: sessions.parentId,
    });
    const now = Date.now();
    endedSessions = ended.filter((row) => row.expiresAt.getTime() > now && isSignIn(row)).length;
  }
  const after = await lockUser(tx, input.userId);
  await recordAudit(tx, {
    actor,
    action: input.blocked ? "user.block" : "user.unblock",
    subjectType: "user",
    subjectId: input.userId,
    before: { email: before.email, bloqueado: Boolean(before.blockedAt) },
    after: { email: after.email, bloqueado: Boolean(after.blockedAt), ...(input.blocked ? { sesiones_cerradas: endedSessions } : {}) },
  });
  return after;
}
