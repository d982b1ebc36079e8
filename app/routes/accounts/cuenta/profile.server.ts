import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { users, userZonas } from "#server/db/schema";
import { findCargoById, findEstadoById } from "#server/reference";

/** What the user area and the representative's page show of one's own profile (read-only). */
export type OwnProfile = {
  paisId: number;
  estadoId: number | null;
  cargoId: number | null;
  cargo: string | null;
  telefono: string | null;
  publicidad: boolean;
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
    zonas,
  };
}
