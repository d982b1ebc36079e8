import { and, asc, eq, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AppContext } from "#server/context";
import { atcCodes, laboratories, products } from "#server/db/schema";
import { AppError } from "#server/platform/errors";
import { OPEN_PRODUCT, passedProfessionalGate } from "./policy";
import { atcJoin, holderJoin, type SummaryRow, summaryColumns, toSummary } from "./queries";
import type { CatalogueViewer } from "./viewer";

// The laboratory directory (issue 29 item 4): the holders and marketers of the catalogue's
// medicines, each with its products. Both pages are public and cached like the catalogue
// (decision 0048); what the gate hides follows decision 0054 (decision 0124).

export const DIRECTORY_PAGE_SIZE = 60;
export const LABORATORY_PAGE_SIZE = 40;
const LABORATORY_NOT_FOUND = "No hemos encontrado este laboratorio.";
/** The laboratory a page is about (the holder of each listed product is joined as `laboratories`). */
const thisLab = alias(laboratories, "this_lab");

/** A page number from the address: a bad or absurd one is the first page, never an error. */
const pageOf = (value: number | undefined) => (value && Number.isInteger(value) && value > 0 && value <= 10_000 ? value : 1);

/**
 * Laboratories that hold or market at least one medicine, by name, with how many they have as
 * everyone sees them (one page for all, cached): every product they hold (a card shows its holder
 * to everyone), and those they only market when not prescription-only (decision 0054: the marketer
 * of a prescription-only medicine is hidden detail). A professional may find more on a laboratory's page.
 */
export async function listLaboratoryDirectory(ctx: Pick<AppContext, "db">, query: { q?: string; pagina?: number } = {}) {
  const pagina = pageOf(query.pagina);
  const q = query.q?.trim().slice(0, 120) ?? "";
  const match = q
    ? sql`AND f_unaccent(lower(l.name)) LIKE '%' || f_unaccent(lower(${q.replace(/[\\%_]/g, (c) => `\\${c}`)})) || '%'`
    : sql``;
  // One round trip: the counts, the page and the total (a window over the filtered rows).
  const rows = (await ctx.db.execute(sql`
    WITH counted AS (
      SELECT lab, count(*)::int AS productos FROM (
        SELECT holder_laboratory_id AS lab, id FROM products
        UNION
        SELECT marketing_laboratory_id, id FROM products WHERE marketing_laboratory_id IS NOT NULL AND prescription = 'sin_receta'
      ) roles GROUP BY lab
    )
    SELECT l.id, l.name AS nombre, l.slug, c.productos, count(*) OVER ()::int AS total
    FROM laboratories l JOIN counted c ON c.lab = l.id
    WHERE true ${match}
    ORDER BY lower(l.name), l.id
    LIMIT ${DIRECTORY_PAGE_SIZE} OFFSET ${(pagina - 1) * DIRECTORY_PAGE_SIZE}`)) as unknown as {
    rows: Array<{ id: number; nombre: string; slug: string; productos: number | string; total: number | string }>;
  };
  const items = rows.rows.map(({ total: _total, ...row }) => ({ ...row, productos: Number(row.productos) }));
  const total = Number(rows.rows[0]?.total ?? 0);
  return { q, pagina, total, paginas: Math.max(1, Math.ceil(total / DIRECTORY_PAGE_SIZE)), items };
}

/**
 * A laboratory and a page of its medicines, as holder or marketer. For a viewer who has not passed
 * the professional gate, a prescription-only medicine is listed only where the laboratory is its
 * holder (the card shows the holder to everyone) and without its detail; that the laboratory
 * markets it is part of the hidden detail, as in search (decision 0054).
 */
export async function getLaboratoryPage(
  ctx: Pick<AppContext, "db">,
  viewer: CatalogueViewer,
  slug: string,
  query: { pagina?: number } = {},
) {
  const pagina = pageOf(query.pagina);
  // One round trip: the laboratory, with a page of its medicines joined (none: one row without a product).
  const holder = eq(products.holderLaboratoryId, thisLab.id);
  const marketer = eq(products.marketingLaboratoryId, thisLab.id);
  const visible: SQL = passedProfessionalGate(viewer) ? (or(holder, marketer) as SQL) : (or(holder, and(marketer, OPEN_PRODUCT)) as SQL);
  const rows = await ctx.db
    .select({
      ...summaryColumns,
      holderId: products.holderLaboratoryId,
      lab: { id: thisLab.id, nombre: thisLab.name, slug: thisLab.slug },
      total: sql<number>`count(${products.id}) OVER ()::int`,
      holding: sql<number>`count(*) FILTER (WHERE ${holder}) OVER ()::int`,
    })
    .from(thisLab)
    .leftJoin(products, visible)
    .leftJoin(laboratories, holderJoin)
    .leftJoin(atcCodes, atcJoin)
    .where(eq(thisLab.slug, slug))
    .orderBy(asc(sql`lower(${products.name})`), asc(products.id))
    .limit(LABORATORY_PAGE_SIZE)
    .offset((pagina - 1) * LABORATORY_PAGE_SIZE);
  const lab = rows[0]?.lab;
  if (!lab) throw new AppError("NOT_FOUND", pagina > 1 ? "Esta página del laboratorio no existe." : LABORATORY_NOT_FOUND);
  const total = Number(rows[0]?.total ?? 0);
  const listed = rows.filter((row) => row.id !== null);
  return {
    laboratorio: lab,
    pagina,
    paginas: Math.max(1, Math.ceil(total / LABORATORY_PAGE_SIZE)),
    total,
    titular: Number(rows[0]?.holding ?? 0),
    productos: listed.map((row) => ({
      ...toSummary(row as SummaryRow, viewer),
      papel: row.holderId === lab.id ? ("titular" as const) : ("comercializador" as const),
    })),
  };
}
