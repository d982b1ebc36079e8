import { eq } from "drizzle-orm";
import { DEFAULT_COUNTRY_ID } from "#common/constants";
import { slugify } from "#common/slug";
import type { Db } from "#server/db/client";
import { firstOrThrow } from "#server/db/first-or-throw";
import {
  type CompanyRole,
  companyMembers,
  delegaciones,
  empresas,
  type RegisterType,
  type Role,
  userRoles,
  users,
} from "#server/db/schema";
import { hashPassword } from "./passwords";
import { ROLES_BY_REGISTER_TYPE } from "./roles";

/**
 * Factories for users and companies, used by the demo seed and by tests
 * (e.g. createUser(db, { type: "visita" })). Defaults produce a verified, complete account.
 */
export type CreateUserInput = {
  type?: RegisterType;
  email?: string;
  password?: string;
  nombre?: string;
  apellidos?: string;
  verified?: boolean;
  profileCompleted?: boolean;
  roles?: Role[];
  paisId?: number;
  estadoId?: number;
  empresaId?: number;
  /** The role in empresaId's company_members; administrators by default. */
  companyRole?: CompanyRole;
  delegacionId?: number;
  profesionalSanitario?: boolean;
};

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(++sequence).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export const DEFAULT_TEST_PASSWORD = "Contraseña-segura-1";

export async function createUser(db: Db, input: CreateUserInput = {}) {
  const type = input.type ?? "web";
  const user = firstOrThrow(
    await db
      .insert(users)
      .values({
        email: (input.email ?? `${type}-${unique()}@example.com`).toLowerCase(),
        passwordHash: await hashPassword(input.password ?? DEFAULT_TEST_PASSWORD),
        registerType: type,
        nombre: input.nombre ?? "Lucía",
        apellidos: input.apellidos ?? "García Pérez",
        paisId: input.paisId ?? DEFAULT_COUNTRY_ID,
        estadoId: input.estadoId ?? null,
        empresaId: input.empresaId ?? null,
        delegacionId: input.delegacionId ?? null,
        profesionalSanitario: input.profesionalSanitario ?? false,
        emailVerifiedAt: input.verified === false ? null : new Date(),
        profileCompletedAt: input.profileCompleted === false ? null : new Date(),
      })
      .returning(),
    "user insert",
  );
  const roles = [...new Set([...ROLES_BY_REGISTER_TYPE[type], ...(input.roles ?? [])])];
  if (roles.length) await db.insert(userRoles).values(roles.map((role) => ({ userId: user.id, role })));
  if (input.empresaId)
    await db.insert(companyMembers).values({ empresaId: input.empresaId, userId: user.id, role: input.companyRole ?? "admin" });
  return { ...user, roles, password: input.password ?? DEFAULT_TEST_PASSWORD };
}

export async function createEmpresa(
  db: Db,
  input: { nombre?: string; slug?: string; paisId?: number; estadoId?: number; empresaTipoId?: number; withDelegacion?: boolean } = {},
) {
  const nombre = input.nombre ?? `Laboratorios ${unique()}`;
  const empresa = firstOrThrow(
    await db
      .insert(empresas)
      .values({
        nombre,
        slug: input.slug ?? slugify(`${nombre}-${unique()}`),
        paisId: input.paisId ?? DEFAULT_COUNTRY_ID,
        estadoId: input.estadoId ?? null,
        empresaTipoId: input.empresaTipoId ?? 1,
      })
      .returning(),
    "empresa insert",
  );
  let delegacion: typeof delegaciones.$inferSelect | undefined;
  if (input.withDelegacion !== false) {
    [delegacion] = await db
      .insert(delegaciones)
      .values({ empresaId: empresa.id, nombre: "Sede central", paisId: empresa.paisId, estadoId: empresa.estadoId })
      .returning();
  }
  return { empresa, delegacion };
}

/** A company administrator (empleo account) with a company and a delegation. */
export async function createEmpleoUser(db: Db, input: CreateUserInput & { empresaNombre?: string } = {}) {
  const { empresa, delegacion } = await createEmpresa(db, { nombre: input.empresaNombre });
  const user = await createUser(db, { ...input, type: "empleo", empresaId: empresa.id, delegacionId: delegacion?.id });
  return { user, empresa, delegacion };
}

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return user;
}
