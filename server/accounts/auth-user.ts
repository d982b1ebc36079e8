import { eq, sql } from "drizzle-orm";
import type { AuthUser } from "#common/accounts";
import type { AppContext } from "#server/context";
import { delegaciones, empresas, ROLES, type Role, userRoles, users } from "#server/db/schema";
import { findPaisById } from "#server/reference";
import { verifiedProfessionalSql } from "./professional-verification.service";

/** The authenticated user as the API returns it (product-spec §3 "authUser"); defined in common/. */
export type { AuthUser };

function initialsOf(nombre: string | null, apellidos: string | null, email: string): string {
  const letters = [nombre, apellidos].map((part) => part?.trim()?.[0] ?? "").join("");
  return (letters || email[0] || "?").toUpperCase();
}

type PictureFields = { id: number; nombre: string | null; apellidos: string | null; email: string; avatar: string | null; updatedAt: Date };

/**
 * A user's picture as others see it: the avatar's URL (versioned by `updatedAt`, so a new photo is
 * never served from a stale cache) and the initials shown when there is none.
 */
export function pictureOf(user: PictureFields): { avatar: string | null; avatar_text: string } {
  return {
    avatar: user.avatar ? `/api/user/avatar/${user.id}?v=${user.updatedAt.getTime()}` : null,
    avatar_text: initialsOf(user.nombre, user.apellidos, user.email),
  };
}

/** Loads the authUser of a user id, or null when the account no longer exists (counts from ctx.accountHooks). */
export async function loadAuthUser(ctx: Pick<AppContext, "db" | "accountHooks">, userId: number): Promise<AuthUser | null> {
  const { db } = ctx;
  // One round trip on every signed-in page (issue 33): the roles and the verification ride on the
  // user's row as subqueries, and the header's two counts run beside it.
  const [[row], notifications, chatUnread] = await Promise.all([
    db
      .select({
        user: users,
        empresa: empresas,
        delegacion: delegaciones,
        granted: sql<Role[] | null>`(select array_agg(${userRoles.role}) from ${userRoles} where ${userRoles.userId} = ${users.id})`,
        verified: verifiedProfessionalSql(users.id),
      })
      .from(users)
      .leftJoin(empresas, eq(empresas.id, users.empresaId))
      .leftJoin(delegaciones, eq(delegaciones.id, users.delegacionId))
      .where(eq(users.id, userId)),
    ctx.accountHooks.unreadCount(db, userId),
    ctx.accountHooks.chatUnread(db, userId),
  ]);
  if (!row) return null;
  const granted = row.granted ?? [];
  const verified = Boolean(row.verified);
  const { user, empresa, delegacion } = row;
  const pais = findPaisById(user.paisId);
  return {
    id: user.id,
    email: user.email,
    register_type: user.registerType,
    ...pictureOf(user),
    nombre: user.nombre,
    apellidos: user.apellidos,
    notifications,
    chat_unread: chatUnread,
    pais: pais ? { id: pais.id, iso: pais.iso, slug: pais.slug, nombre: pais.nombre } : null,
    roles: Object.fromEntries(ROLES.map((role) => [role, granted.includes(role) ? 1 : 0])),
    empresa: empresa
      ? {
          id: empresa.id,
          nombre: empresa.nombre,
          slug: empresa.slug,
          delegacion: delegacion ? { id: delegacion.id, nombre: delegacion.nombre } : null,
        }
      : null,
    profesional_sanitario: user.profesionalSanitario || verified ? 1 : 0,
    profesional_verificado: verified,
    email_verified: Boolean(user.emailVerifiedAt),
    profile_completed: Boolean(user.profileCompletedAt),
  };
}
