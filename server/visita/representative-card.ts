import { eq, sql } from "drizzle-orm";
import { pathTo } from "#common/route-names";
import { slugify } from "#common/slug";
import { pictureOf } from "#server/accounts";
import { cargos, empresas, users } from "#server/db/schema";

export const REPRESENTATIVE_ROLES = ["visitador_farmaceutico", "marketing"] as const;

/** Left-join conditions for `representativeColumns`: the user's position and employer. */
export const cargoJoin = eq(cargos.id, users.cargoId);
export const empresaJoin = eq(empresas.id, users.empresaId);

/**
 * A representative as others see them: name, picture, position and employer (a listed one, or the
 * text they typed). The query must
 * left-join `cargos` on `cargoJoin` and `empresas` on `empresaJoin`.
 */
export const representativeColumns = {
  userId: users.id,
  nombre: users.nombre,
  apellidos: users.apellidos,
  email: users.email,
  avatar: users.avatar,
  userUpdatedAt: users.updatedAt,
  cargo: sql<string | null>`coalesce(${cargos.nombre}, ${users.cargoTexto})`,
  empresa: sql<string | null>`coalesce(${empresas.nombre}, ${users.empresaNombre})`,
  /** Whether others may open their public profile (made public, account not blocked). */
  profilePublic: sql<boolean>`(${users.blockedAt} IS NULL AND EXISTS (SELECT 1 FROM representative_profiles rp WHERE rp.user_id = ${users.id} AND rp.public))`,
};

/** Whether the selected user still holds a representative role (a page about them 404s otherwise). */
export const isRepresentative = sql<boolean>`EXISTS (SELECT 1 FROM user_roles ur WHERE ur.user_id = ${users.id} AND ur.role IN (${sql.join(
  REPRESENTATIVE_ROLES.map((role) => sql`${role}`),
  sql`, `,
)}))`;

type RepresentativeRow = {
  userId: number;
  nombre: string | null;
  apellidos: string | null;
  email: string;
  avatar: string | null;
  userUpdatedAt: Date;
  cargo: string | null;
  empresa: string | null;
  profilePublic: boolean | string | null;
};

/**
 * The public handle `{user}` of user/{user}: the account id, then the name as a slug for people
 * and search engines ("27-javier-romero"). Only the id identifies; a stale name redirects.
 */
export const profileHandle = (id: number, nombre: string | null, apellidos: string | null) => {
  const slug = slugify([nombre, apellidos].filter(Boolean).join(" "), 80);
  return slug ? `${id}-${slug}` : String(id);
};

/** The public profile's address (user/{user}) of a representative. */
export const profileUrl = (row: { userId: number; nombre: string | null; apellidos: string | null }) =>
  pathTo("visita-user", { user: profileHandle(row.userId, row.nombre, row.apellidos) });

/** PGlite may hand a boolean expression back as text. */
export const isTrue = (value: boolean | string | null) => value === true || value === "t" || value === "true";

export const displayName = (row: { nombre: string | null; apellidos: string | null }, fallback = "Visitador") =>
  [row.nombre, row.apellidos].filter(Boolean).join(" ") || fallback;

/** The card every visita page shows for a representative (product page, portfolio entry, dashboards, profile). */
export function toRepresentativeCard(row: RepresentativeRow) {
  return {
    id: row.userId,
    nombre: displayName(row),
    ...pictureOf({ ...row, id: row.userId, updatedAt: row.userUpdatedAt }),
    cargo: row.cargo,
    empresa: row.empresa,
    /** Every page naming a representative links here; null while the profile is not public. */
    perfil_url: isTrue(row.profilePublic) ? profileUrl(row) : null,
  };
}
