import { eq } from "drizzle-orm";
import type { ProfileValues } from "#common/accounts/profile-values";
import type { Db } from "#server/db/client";
import { empresas, users, userZonas } from "#server/db/schema";

const idText = (id: number | null | undefined) => (id ? String(id) : null);

/**
 * What the user saved last, so a profile form opened again from a completed account shows it
 * (job title, company, birth date, zones…) instead of empty fields.
 */
export async function loadProfileValues(db: Db, userId: number): Promise<ProfileValues | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) return null;
  const [empresa] = row.empresaId ? await db.select().from(empresas).where(eq(empresas.id, row.empresaId)) : [];
  const zonas = await db.select({ estadoId: userZonas.estadoId }).from(userZonas).where(eq(userZonas.userId, userId));
  return {
    cargo: idText(row.cargoId),
    empresa_nombre: row.empresaNombre ?? "",
    delegacion: row.delegacionTexto ?? "",
    empresa_tipo: idText(row.empresaTipoId),
    desempleado: row.desempleado,
    autoempleo: row.autoempleo,
    nacimiento: row.nacimiento ?? "",
    pais: idText(row.paisId),
    estado: idText(row.estadoId),
    zonas: zonas.map((zona) => String(zona.estadoId)),
    company: empresa
      ? {
          empresa: empresa.nombre,
          emailEmpresa: empresa.email ?? "",
          empresaTelefono: empresa.telefono ?? "",
          tipoEmpresa: idText(empresa.empresaTipoId),
          empresaWeb: empresa.web ?? "",
          empresaDireccion: empresa.direccion ?? "",
          empresaDireccion2: empresa.direccion2 ?? "",
          empresaCodigoPostal: empresa.codigoPostal ?? "",
          empresaPoblacion: empresa.poblacion ?? "",
          empresaPais: idText(empresa.paisId) ?? "",
          empresaEstado: idText(empresa.estadoId),
        }
      : null,
  };
}
