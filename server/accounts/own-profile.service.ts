import { eq } from "drizzle-orm";
import { isTrue, type ProfileUpdateInput } from "#common/accounts";
import type { AppContext } from "#server/context";
import type { Db } from "#server/db/client";
import { users, userZonas } from "#server/db/schema";
import { validationError } from "#server/platform/errors";
import { estadoBelongsToPais, findCargoById, findEstadoById, findPaisById } from "#server/reference";

// One's own profile in the user area (/app/cuenta) and the representative's page: reading it, and saving the basics.

/** What the user area and the representative's page show of one's own profile (read-only). */
export type OwnProfile = {
  paisId: number;
  estadoId: number | null;
  cargoId: number | null;
  cargo: string | null;
  telefono: string | null;
  publicidad: boolean;
  /** "YYYY-MM-DD", or null when it was never asked (only candidates give it at registration). */
  nacimiento: string | null;
  /** The company named at registration (web, academia, candidato), and whether unemployed instead. */
  empresaNombre: string | null;
  desempleado: boolean;
  zonas: Array<{ id: number; nombre: string }>;
};

export async function loadOwnProfile(db: Db, userId: number): Promise<OwnProfile | null> {
  const [row] = await db
    .select({
      paisId: users.paisId,
      estadoId: users.estadoId,
      cargoId: users.cargoId,
      cargoTexto: users.cargoTexto,
      telefono: users.telefono,
      publicidad: users.publicidad,
      nacimiento: users.nacimiento,
      empresaNombre: users.empresaNombre,
      desempleado: users.desempleado,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return null;
  const zonaRows = await db.select({ estadoId: userZonas.estadoId }).from(userZonas).where(eq(userZonas.userId, userId));
  const zonas = zonaRows
    .map((z) => findEstadoById(z.estadoId))
    .filter((e): e is NonNullable<typeof e> => Boolean(e))
    .map((e) => ({ id: e.id, nombre: e.nombre }))
    .sort((a, b) => a.nombre.localeCompare(b.nombre, "es"));
  return {
    paisId: row.paisId,
    estadoId: row.estadoId,
    cargoId: row.cargoId,
    cargo: (row.cargoId ? findCargoById(row.cargoId)?.nombre : null) ?? row.cargoTexto ?? null,
    telefono: row.telefono,
    publicidad: row.publicidad,
    nacimiento: row.nacimiento,
    empresaNombre: row.empresaNombre,
    desempleado: row.desempleado,
    zonas,
  };
}

/** The registration's company fields, when sent: unemployed clears the name unless one is given. */
function companyOf(input: ProfileUpdateInput) {
  if (input.empresa_nombre === undefined && (input.desempleado === undefined || input.desempleado === null)) return {};
  return { empresaNombre: input.empresa_nombre || null, desempleado: isTrue(input.desempleado) };
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
  const publicidad = isTrue(input.publicidad);
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select({ publicidad: users.publicidad }).from(users).where(eq(users.id, userId)).for("update");
    await tx
      .update(users)
      .set({
        nombre: input.nombre,
        apellidos: input.apellidos,
        paisId,
        estadoId,
        ...cargo,
        ...(input.telefono !== undefined ? { telefono: input.telefono || null } : {}),
        publicidad,
        ...(input.nacimiento !== undefined ? { nacimiento: input.nacimiento } : {}),
        ...companyOf(input),
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    // A change of the advertising e-mails choice joins the user's consent log (issue 27), like the
    // newsletter's and the chat's; saving the same choice again records nothing.
    if (before && before.publicidad !== publicidad) await ctx.accountHooks.onAdvertisingChoice(tx, userId, publicidad);
  });
}
