import { and, desc, eq, ilike, lt, type SQL } from "drizzle-orm";
import type { SessionUser } from "#server/accounts";
import { assertCan } from "#server/accounts";
import type { AppContext } from "#server/context";
import type { Db } from "#server/db/client";
import { empresas, laboratories, laboratoryCompanies } from "#server/db/schema";
import { recordAudit } from "#server/platform/audit";
import { AppError, validationError } from "#server/platform/errors";

// A laboratory's marketing team is a company (decisions 0024 and 0026): administrators link and
// unlink it from the back office. The dashboard and the promotions read the link on every request,
// and no cached page shows it, so no cache tag needs invalidating.

const LABORATORY_NOT_FOUND = "No hemos encontrado este laboratorio.";

type LaboratoryTeamRow = { id: number; nombre: string; empresa: { id: number; nombre: string } | null };
type LaboratoryTeamQuery = { q?: string; before?: number; limit?: number };

/** A text for ILIKE that matches itself literally (its backslash, % and _ escaped). */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const teamColumns = {
  id: laboratories.id,
  nombre: laboratories.name,
  empresaId: empresas.id,
  empresaNombre: empresas.nombre,
};
type TeamRecord = { id: number; nombre: string; empresaId: number | null; empresaNombre: string | null };
const toRow = (row: TeamRecord): LaboratoryTeamRow => ({
  id: row.id,
  nombre: row.nombre,
  empresa: row.empresaId === null ? null : { id: row.empresaId, nombre: row.empresaNombre ?? "" },
});

function selectTeams(db: Pick<AppContext, "db">["db"]) {
  return db
    .select(teamColumns)
    .from(laboratories)
    .leftJoin(laboratoryCompanies, eq(laboratoryCompanies.laboratoryId, laboratories.id))
    .leftJoin(empresas, eq(empresas.id, laboratoryCompanies.empresaId));
}

/** Laboratories by name (newest first, keyset pages on the id) with the company that is their marketing team. */
export async function listLaboratoryTeams(ctx: Pick<AppContext, "db">, actor: SessionUser | null, query: LaboratoryTeamQuery = {}) {
  assertCan(actor, "administration");
  const limit = Math.min(Math.max(query.limit ?? 25, 1), 100);
  const conditions: SQL[] = [];
  if (query.before) conditions.push(lt(laboratories.id, query.before));
  const q = query.q?.trim();
  if (q) conditions.push(ilike(laboratories.name, `%${literal(q)}%`));
  const rows = await selectTeams(ctx.db)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(laboratories.id))
    .limit(limit + 1);
  const items = rows.slice(0, limit).map(toRow);
  return { items, nextBefore: rows.length > limit ? (items.at(-1)?.id ?? null) : null };
}

async function teamOf(db: Db, laboratoryId: number): Promise<LaboratoryTeamRow> {
  const [row] = await selectTeams(db).where(eq(laboratories.id, laboratoryId));
  if (!row) throw new AppError("NOT_FOUND", LABORATORY_NOT_FOUND);
  return toRow(row);
}

/** The company an administrator typed: its id ("12" or "#12") or its exact name (case aside). */
async function companyNamed(db: Db, typed: string): Promise<{ id: number; nombre: string }> {
  const value = typed.trim();
  if (!value) throw validationError({ empresa: ["Indica el nombre o el id de la empresa."] });
  if (value.length > 200) throw validationError({ empresa: ["El nombre de la empresa no puede superar los 200 caracteres."] });
  const byId = /^#?\d{1,9}$/.test(value);
  const rows = await db
    .select({ id: empresas.id, nombre: empresas.nombre })
    .from(empresas)
    .where(byId ? eq(empresas.id, Number(value.replace("#", ""))) : ilike(empresas.nombre, literal(value)))
    .limit(2);
  if (rows.length > 1) throw validationError({ empresa: ["Hay varias empresas con ese nombre: indica su id."] });
  const [company] = rows;
  if (!company) throw validationError({ empresa: ["No hay ninguna empresa con ese nombre o id."] });
  return company;
}

/**
 * Makes a company a laboratory's marketing team (audited). A laboratory has at most one: replacing
 * the one it has needs `replace` (the page's explicit «Cambiar»), otherwise it is a 409.
 */
export async function linkLaboratoryCompany(
  ctx: Pick<AppContext, "db">,
  actor: SessionUser | null,
  input: { laboratoryId: number; empresa: string; replace?: boolean },
): Promise<LaboratoryTeamRow> {
  const admin = assertCan(actor, "administration");
  return ctx.db.transaction(async (tx) => {
    const before = await teamOf(tx, input.laboratoryId);
    const company = await companyNamed(tx, input.empresa);
    if (before.empresa?.id === company.id) return before;
    if (before.empresa && !input.replace)
      throw new AppError("CONFLICT", `Este laboratorio ya está vinculado a «${before.empresa.nombre}»: usa «Cambiar» para sustituirla.`, {
        fieldErrors: { empresa: [`Ya está vinculado a «${before.empresa.nombre}».`] },
      });
    await tx
      .insert(laboratoryCompanies)
      .values({ laboratoryId: input.laboratoryId, empresaId: company.id })
      .onConflictDoUpdate({ target: laboratoryCompanies.laboratoryId, set: { empresaId: company.id } });
    await recordAudit(tx, {
      actor: admin,
      action: before.empresa ? "visita_laboratory_team.change" : "visita_laboratory_team.link",
      subjectType: "laboratory",
      subjectId: input.laboratoryId,
      before: { empresa: before.empresa },
      after: { empresa: company },
    });
    return { ...before, empresa: company };
  });
}

/** Leaves a laboratory without a marketing team (audited); its marketing users lose its dashboard and promotions. */
export async function unlinkLaboratoryCompany(
  ctx: Pick<AppContext, "db">,
  actor: SessionUser | null,
  laboratoryId: number,
): Promise<LaboratoryTeamRow> {
  const admin = assertCan(actor, "administration");
  return ctx.db.transaction(async (tx) => {
    const before = await teamOf(tx, laboratoryId);
    if (!before.empresa) throw new AppError("CONFLICT", "Este laboratorio no está vinculado a ninguna empresa.");
    await tx.delete(laboratoryCompanies).where(eq(laboratoryCompanies.laboratoryId, laboratoryId));
    await recordAudit(tx, {
      actor: admin,
      action: "visita_laboratory_team.unlink",
      subjectType: "laboratory",
      subjectId: laboratoryId,
      before: { empresa: before.empresa },
      after: { empresa: null },
    });
    return { ...before, empresa: null };
  });
}
