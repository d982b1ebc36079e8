import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { EmpresaSearchResult } from "#common/accounts";
import { slugify } from "#common/slug";
import type { Db } from "#server/db/client";
import { firstOrThrow } from "#server/db/first-or-throw";
import { delegaciones, empresas } from "#server/db/schema";
import { randomToken } from "#server/platform/tokens";
import { addMember, membershipOf } from "./company-members.service";

export type CompanyData = {
  nombre: string;
  empresaTipoId: number;
  email: string;
  web: string | null;
  telefono: string;
  direccion: string;
  direccion2: string | null;
  codigoPostal: string;
  poblacion: string;
  paisId: number;
  estadoId: number | null;
};

async function uniqueSlug(db: Db, nombre: string): Promise<string> {
  const base = slugify(nombre, 140) || "empresa";
  const [taken] = await db.select({ id: empresas.id }).from(empresas).where(eq(empresas.slug, base));
  return taken
    ? `${base}-${randomToken(4)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, "x")}`
    : base;
}

/**
 * The company of a marketing or empleo profile. An administrator of their company edits it; anyone
 * else gets a new company (leaving the old one, decision 0017) with a first delegation "Sede
 * central" built from the address, and administers it. Nobody rewrites a company they merely joined.
 */
export async function saveOwnCompany(
  db: Db,
  user: { id: number; empresaId: number | null; delegacionId: number | null },
  data: CompanyData,
) {
  const delegacionValues = {
    paisId: data.paisId,
    estadoId: data.estadoId,
    poblacion: data.poblacion,
    direccion: [data.direccion, data.direccion2].filter(Boolean).join(", "),
    codigoPostal: data.codigoPostal,
    telefono: data.telefono,
    updatedAt: new Date(),
  };
  const membership = await membershipOf(db, user.id);
  if (membership?.role === "admin") {
    const empresaId = membership.empresaId;
    await db
      .update(empresas)
      .set({ ...data, updatedAt: new Date() })
      .where(eq(empresas.id, empresaId));
    const [own] = user.delegacionId
      ? await db
          .select({ id: delegaciones.id })
          .from(delegaciones)
          .where(and(eq(delegaciones.id, user.delegacionId), eq(delegaciones.empresaId, empresaId)))
      : [];
    if (own) {
      await db.update(delegaciones).set(delegacionValues).where(eq(delegaciones.id, own.id));
      return { empresaId, delegacionId: own.id };
    }
    const [delegacion] = await db
      .insert(delegaciones)
      .values({ empresaId, nombre: "Sede central", ...delegacionValues })
      .returning({ id: delegaciones.id });
    return { empresaId, delegacionId: delegacion?.id ?? null };
  }
  const empresa = firstOrThrow(
    await db
      .insert(empresas)
      .values({ ...data, slug: await uniqueSlug(db, data.nombre) })
      .returning({ id: empresas.id }),
    "empresa insert",
  );
  const [delegacion] = await db
    .insert(delegaciones)
    .values({ empresaId: empresa.id, nombre: "Sede central", ...delegacionValues })
    .returning({ id: delegaciones.id });
  await addMember(db, empresa.id, user.id, "admin", delegacion?.id ?? null);
  return { empresaId: empresa.id, delegacionId: delegacion?.id ?? null };
}

/** Public company search for the registration forms: accent- and case-insensitive, typo-tolerant. */
export async function searchEmpresas(db: Db, query: string): Promise<EmpresaSearchResult[]> {
  const q = query.trim().replace(/\s+/g, " ");
  if (q.length < 2) return [];
  const needle = sql`f_unaccent(lower(${q}))`;
  const haystack = sql`f_unaccent(lower(${empresas.nombre}))`;
  const like = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const rows = await db
    .select({ id: empresas.id, nombre: empresas.nombre, slug: empresas.slug })
    .from(empresas)
    .where(sql`${haystack} LIKE f_unaccent(lower(${like})) OR ${haystack} % ${needle}`)
    .orderBy(sql`(${haystack} LIKE f_unaccent(lower(${like}))) DESC`, sql`similarity(${haystack}, ${needle}) DESC`, asc(empresas.nombre))
    .limit(20);
  if (rows.length === 0) return [];
  const branches = await db
    .select({ id: delegaciones.id, nombre: delegaciones.nombre, empresaId: delegaciones.empresaId })
    .from(delegaciones)
    .where(
      inArray(
        delegaciones.empresaId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(delegaciones.id));
  return rows.map((row) => {
    const list = branches.filter((b) => b.empresaId === row.id).map(({ id, nombre }) => ({ id, nombre }));
    return { id: row.id, empresa_nombre: row.nombre, slug: row.slug, delegacion: list[0] ?? null, delegaciones: list };
  });
}
