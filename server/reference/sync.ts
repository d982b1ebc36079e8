import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import {
  appMeta,
  cargos as cargosTable,
  empresaTipos as empresaTiposTable,
  estados as estadosTable,
  paises as paisesTable,
  regiones as regionesTable,
} from "#server/db/schema";
import { cargos, empresaTipos, estados, paises, regiones } from "./catalog";

const META_KEY = "reference_data_hash";
const BATCH = 500;

/**
 * Copies the bundled reference data into its tables when it changed since the last start.
 * Rows are upserted by id and never deleted, so offers that point at a row keep working.
 */
export async function syncReferenceData(db: Db): Promise<boolean> {
  const hash = createHash("sha256")
    .update(JSON.stringify([regiones, paises, estados, cargos, empresaTipos]))
    .digest("hex");
  const [current] = await db.select().from(appMeta).where(eq(appMeta.key, META_KEY));
  if (current?.value === hash) return false;

  await db.transaction(async (tx) => {
    await tx
      .insert(regionesTable)
      .values(regiones)
      .onConflictDoUpdate({ target: regionesTable.id, set: { nombre: sql`excluded.nombre` } });
    for (let i = 0; i < paises.length; i += BATCH) {
      const rows = paises.slice(i, i + BATCH).map((p) => ({
        id: p.id,
        nombre: p.nombre,
        nombreEn: p.nombre_en,
        slug: p.slug,
        iso: p.iso,
        estadoTipo: p.estado_tipo,
        prefijoTel: p.prefijo_tel,
        regionId: p.region.id,
      }));
      await tx
        .insert(paisesTable)
        .values(rows)
        .onConflictDoUpdate({
          target: paisesTable.id,
          set: {
            nombre: sql`excluded.nombre`,
            nombreEn: sql`excluded.nombre_en`,
            slug: sql`excluded.slug`,
            iso: sql`excluded.iso`,
            estadoTipo: sql`excluded.estado_tipo`,
            prefijoTel: sql`excluded.prefijo_tel`,
            regionId: sql`excluded.region_id`,
          },
        });
    }
    for (let i = 0; i < estados.length; i += BATCH) {
      const rows = estados
        .slice(i, i + BATCH)
        .map((e) => ({ id: e.id, paisId: e.pais_id, nombre: e.nombre, slug: e.slug, codigo: e.codigo }));
      await tx
        .insert(estadosTable)
        .values(rows)
        .onConflictDoUpdate({
          target: estadosTable.id,
          set: { paisId: sql`excluded.pais_id`, nombre: sql`excluded.nombre`, slug: sql`excluded.slug`, codigo: sql`excluded.codigo` },
        });
    }
    await tx
      .insert(cargosTable)
      .values(cargos)
      .onConflictDoUpdate({ target: cargosTable.id, set: { slug: sql`excluded.slug`, nombre: sql`excluded.nombre` } });
    await tx
      .insert(empresaTiposTable)
      .values(empresaTipos)
      .onConflictDoUpdate({ target: empresaTiposTable.id, set: { slug: sql`excluded.slug`, nombre: sql`excluded.nombre` } });
    await tx
      .insert(appMeta)
      .values({ key: META_KEY, value: hash })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: hash, updatedAt: new Date() } });
  });
  return true;
}
