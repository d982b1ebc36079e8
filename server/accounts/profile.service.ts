import { and, eq, ne, sql } from "drizzle-orm";
import {
  type AddCandidatoInput,
  type EmpleoEmpresaInput,
  isJoinEmpresa,
  isTrue,
  PROFILE_SUCCESS,
  type ProfileCandidatoInput,
  type ProfileEmpleoInput,
  type ProfileMarketingInput,
  type ProfileVisitaInput,
  type ProfileWebInput,
  toId,
} from "#common/accounts";
import type { AppContext } from "#server/context";
import type { Db } from "#server/db/client";
import { delegaciones, userRoles, users, userZonas } from "#server/db/schema";
import { AppError, type FieldErrors, validationError } from "#server/platform/errors";
import { empresaTipos, estadoBelongsToPais, findCargoById, findEstadoById, findEstadosOfPais, findPaisById } from "#server/reference";
import { type CompanyData, saveOwnCompany } from "./companies.service";
import { JOIN_REQUESTED_MESSAGE, requestToJoin } from "./company-members.service";

/**
 * The profile step of each account type (spec §7). Input shape is checked by the shared zod
 * schemas; here the references (cargo, country, sub-division, company type, company) are checked
 * against the catalogue, collecting Spanish messages per field.
 */
class FieldCheck {
  readonly errors: FieldErrors = {};
  add(field: string, message: string) {
    this.errors[field] = [...(this.errors[field] ?? []), message];
  }
  throwIfAny() {
    if (Object.keys(this.errors).length) throw validationError(this.errors);
  }
}

function cargoOf(check: FieldCheck, cargo: number | string | null | undefined, field = "cargo") {
  if (cargo === null || cargo === undefined || cargo === "") return { cargoId: null, cargoTexto: null };
  const asId = typeof cargo === "number" ? cargo : /^\d+$/.test(cargo) ? Number(cargo) : undefined;
  if (asId === undefined) return { cargoId: null, cargoTexto: String(cargo).trim() };
  if (!findCargoById(asId)) check.add(field, "Elige un cargo de la lista");
  return { cargoId: asId, cargoTexto: null };
}

function paisOf(check: FieldCheck, value: number | string | null | undefined, field: string): number {
  const id = toId(value);
  if (id === undefined || !findPaisById(id)) {
    check.add(field, "Elige un país de la lista");
    return 0;
  }
  return id;
}

/** A sub-division of the given country; required when the country has any. */
function estadoOf(check: FieldCheck, paisId: number, value: number | string | null | undefined, field: string): number | null {
  const id = toId(value);
  if (!paisId) return null;
  if (id === undefined) {
    if (findEstadosOfPais(paisId).length) check.add(field, "Elige una provincia o estado");
    return null;
  }
  if (!estadoBelongsToPais(id, paisId)) {
    check.add(field, "La provincia o estado no pertenece al país elegido");
    return null;
  }
  return id;
}

function empresaTipoOf(check: FieldCheck, value: number | string | null | undefined, field: string, required: boolean): number | null {
  const id = toId(value);
  if (id === undefined) {
    if (required) check.add(field, "Elige el tipo de empresa");
    return null;
  }
  if (!empresaTipos.some((tipo) => tipo.id === id)) check.add(field, "Elige un tipo de empresa de la lista");
  return id;
}

async function currentUser(db: Db, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError("UNAUTHENTICATED");
  return user;
}

const completed = (at: Date | null) => at ?? new Date();

/** Writes a profile step's fields on the user, the profile marked completed the first time. */
async function saveUserFields(db: Db, userId: number, values: Partial<typeof users.$inferInsert>) {
  const user = await currentUser(db, userId);
  await db
    .update(users)
    .set({ ...values, profileCompletedAt: completed(user.profileCompletedAt), updatedAt: new Date() })
    .where(eq(users.id, userId));
}

function webFields(check: FieldCheck, input: ProfileWebInput | ProfileCandidatoInput) {
  const desempleado = isTrue(input.desempleado);
  return {
    nombre: input.nombre,
    apellidos: input.apellidos,
    ...cargoOf(check, input.cargo),
    empresaNombre: desempleado ? (input.empresa_nombre ?? null) || null : (input.empresa_nombre ?? null),
    delegacionTexto: input.delegacion || null,
    empresaTipoId: empresaTipoOf(check, input.empresa_tipo, "empresa_tipo", false),
    desempleado,
    autoempleo: isTrue(input.autoempleo),
  };
}

export async function saveWebProfile(ctx: AppContext, userId: number, input: ProfileWebInput) {
  const check = new FieldCheck();
  const values = webFields(check, input);
  check.throwIfAny();
  await saveUserFields(ctx.db, userId, values);
  return PROFILE_SUCCESS.web;
}

/** What a candidate adds to a person's fields: the birth date and where they live (country, province). */
function candidatoFields(check: FieldCheck, input: ProfileCandidatoInput | AddCandidatoInput) {
  const paisId = paisOf(check, input.pais, "pais");
  return { nacimiento: input.nacimiento, paisId, estadoId: estadoOf(check, paisId, input.estado, "estado") };
}

export async function saveCandidatoProfile(ctx: AppContext, userId: number, input: ProfileCandidatoInput) {
  const check = new FieldCheck();
  const values = { ...webFields(check, input), ...candidatoFields(check, input) };
  check.throwIfAny();
  await saveUserFields(ctx.db, userId, values);
  return PROFILE_SUCCESS.candidato;
}

/**
 * Adds the candidato role to any signed-in account that completes the candidate fields, so a
 * professional with a web, visita, mkt or empleo account applies without a second address.
 */
export async function addCandidatoRole(ctx: AppContext, userId: number, input: AddCandidatoInput) {
  const check = new FieldCheck();
  const values = { nombre: input.nombre, apellidos: input.apellidos, ...candidatoFields(check, input) };
  check.throwIfAny();
  await ctx.db.transaction(async (tx) => {
    await saveUserFields(tx, userId, values);
    await tx.insert(userRoles).values({ userId, role: "candidato" }).onConflictDoNothing();
  });
}

export async function saveVisitaProfile(ctx: AppContext, userId: number, input: ProfileVisitaInput) {
  const check = new FieldCheck();
  const cargo = cargoOf(check, input.cargo);
  const zonas = [...new Set(input.zonas)];
  if (zonas.some((id) => !findEstadoById(id))) check.add("zonas", "Alguna de las zonas elegidas no existe");
  check.throwIfAny();
  await ctx.db.transaction(async (tx) => {
    await saveUserFields(tx, userId, { nombre: input.nombre, apellidos: input.apellidos, ...cargo });
    await tx.delete(userZonas).where(eq(userZonas.userId, userId));
    await tx.insert(userZonas).values(zonas.map((estadoId) => ({ userId, estadoId })));
  });
  return PROFILE_SUCCESS.visita;
}

type CompanyInput = Omit<ProfileMarketingInput, "nombre" | "apellidos" | "cargo" | "empresaWeb"> & { empresaWeb?: string | null };

function companyOf(check: FieldCheck, input: CompanyInput): CompanyData {
  const paisId = paisOf(check, input.empresaPais, "empresaPais");
  return {
    nombre: input.empresa,
    empresaTipoId: empresaTipoOf(check, input.tipoEmpresa, "tipoEmpresa", true) ?? 0,
    email: input.emailEmpresa,
    web: input.empresaWeb || null,
    telefono: input.empresaTelefono,
    direccion: input.empresaDireccion,
    direccion2: input.empresaDireccion2 || null,
    codigoPostal: input.empresaCodigoPostal,
    poblacion: input.empresaPoblacion,
    paisId,
    estadoId: estadoOf(check, paisId, input.empresaEstado, "empresaEstado"),
  };
}

async function saveCompanyProfile(ctx: AppContext, userId: number, input: ProfileMarketingInput | ProfileEmpleoInput) {
  const check = new FieldCheck();
  const cargo = cargoOf(check, input.cargo);
  const company = companyOf(check, input);
  check.throwIfAny();
  await ctx.db.transaction(async (tx) => {
    const user = await currentUser(tx, userId);
    const { empresaId, delegacionId } = await saveOwnCompany(tx, user, company);
    await tx
      .update(users)
      .set({
        nombre: input.nombre,
        apellidos: input.apellidos,
        ...cargo,
        empresaId,
        delegacionId,
        profileCompletedAt: completed(user.profileCompletedAt),
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
  });
}

export async function saveMarketingProfile(ctx: AppContext, userId: number, input: ProfileMarketingInput) {
  await saveCompanyProfile(ctx, userId, input);
  return PROFILE_SUCCESS.mkt;
}

export async function saveEmpleoProfile(ctx: AppContext, userId: number, input: ProfileEmpleoInput) {
  await saveCompanyProfile(ctx, userId, { ...input, empresaWeb: undefined } as ProfileMarketingInput);
  return PROFILE_SUCCESS.empleo;
}

/** The company step of empleo: join an existing company (its first delegation) or create one. */
export async function saveEmpleoEmpresa(ctx: AppContext, userId: number, input: EmpleoEmpresaInput) {
  const check = new FieldCheck();
  const cargo = input.cargo === null || input.cargo === undefined ? undefined : cargoOf(check, input.cargo);
  if (isJoinEmpresa(input)) {
    check.throwIfAny();
    // Joining hands over the company's offers and applicants: only with an administrator's consent.
    const outcome = await requestToJoin(ctx, userId, input.empresa);
    if (cargo)
      await ctx.db
        .update(users)
        .set({ ...cargo, updatedAt: new Date() })
        .where(eq(users.id, userId));
    if (outcome === "requested") return { pending: true as const, message: JOIN_REQUESTED_MESSAGE };
    const user = await currentUser(ctx.db, userId);
    await ctx.db
      .update(users)
      .set({ profileCompletedAt: completed(user.profileCompletedAt) })
      .where(eq(users.id, userId));
    return ctx.config.destinations.employmentArea;
  }
  const company = companyOf(check, input as unknown as CompanyInput);
  check.throwIfAny();
  await ctx.db.transaction(async (tx) => {
    const user = await currentUser(tx, userId);
    const { empresaId, delegacionId } = await saveOwnCompany(tx, user, company);
    await tx
      .update(users)
      .set({ ...cargo, empresaId, delegacionId, profileCompletedAt: completed(user.profileCompletedAt), updatedAt: new Date() })
      .where(eq(users.id, userId));
  });
  return ctx.config.destinations.employmentArea;
}

/**
 * Unlinks the user's delegation (the empleo-condiciones step then sends them to the company step).
 * The delegation itself is deleted when no other user belongs to it; job offers that named it keep
 * existing without it (their foreign key sets null).
 */
export async function removeDelegacion(ctx: AppContext, userId: number) {
  await ctx.db.transaction(async (tx) => {
    const user = await currentUser(tx, userId);
    if (!user.delegacionId) return;
    await tx.update(users).set({ delegacionId: null, updatedAt: new Date() }).where(eq(users.id, userId));
    const [others] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(and(eq(users.delegacionId, user.delegacionId), ne(users.id, userId)));
    if (Number(others?.count ?? 0) === 0) await tx.delete(delegaciones).where(eq(delegaciones.id, user.delegacionId));
  });
}
