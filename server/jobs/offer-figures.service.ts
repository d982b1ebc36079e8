import { sql } from "drizzle-orm";
import { DEFAULT_TIME_ZONE, isoDateIn } from "#common/time-zone";
import type { SessionUser } from "#server/accounts";
import type { AppContext } from "#server/context";
import type { Db } from "#server/db/client";
import { createCountBuffer } from "#server/platform/count-buffer";
import type { BeaconVisitor, FiguresBeacon } from "#server/platform/figures-beacon";
import { idFrom } from "#server/platform/openapi";
import { manageableOffer } from "./panel.service";

// Per-offer figures for the company (issue 28, decision 0111): views counted by the offer page's
// beacon with visita's buffer (decision 0097: aggregates only, no visitor data, bots left out),
// applications read from the applications themselves, by Spain's day.

/** Days the panel shows, today included. */
export const FIGURE_DAYS = 30;

/** `viewerId`: the signed-in visitor, in memory only until the flush, which leaves out the company's own looks. */
type ViewKey = { ofertaId: number; day: string; viewerId: number | null };

const views = createCountBuffer<ViewKey, Pick<AppContext, "db">>({
  name: "offer views",
  maxKeys: 20_000,
  keyText: (key) => `${key.ofertaId}|${key.day}|${key.viewerId ?? ""}`,
  // One statement per chunk (decision 0125): the offer id is the visitor's word, so views of an
  // offer that does not exist are left out, and so are those of an employment administrator of
  // the company that published it (membership decides, as companyIdOf does).
  write: async (ctx, chunk) => {
    const rows = sql.join(
      chunk.map(({ key, count }) => sql`(${key.ofertaId}::int, ${key.day}::date, ${key.viewerId}::int, ${count}::int)`),
      sql`, `,
    );
    await ctx.db.execute(sql`
      INSERT INTO oferta_daily_views (oferta_id, day, views)
      SELECT v.oferta_id, v.day, sum(v.views)::int
      FROM (VALUES ${rows}) AS v(oferta_id, day, viewer_id, views)
      JOIN ofertas o ON o.id = v.oferta_id
      WHERE v.viewer_id IS NULL OR NOT EXISTS (
        SELECT 1 FROM company_members m JOIN user_roles r ON r.user_id = m.user_id AND r.role = 'administrador_empleo'
        WHERE m.user_id = v.viewer_id AND m.empresa_id = o.empresa_id)
      GROUP BY 1, 2
      ON CONFLICT (oferta_id, day) DO UPDATE SET views = oferta_daily_views.views + EXCLUDED.views`);
  },
});

/** Writes the counted views (every few seconds, and once more at shutdown). */
export const flushOfferViews = views.flush;

/**
 * Counts one view of an offer's page in memory (no statement: the platform's figures beacon has
 * left out robots and visitors over their limit, and the flush leaves out the company's own looks
 * and unknown offers); false when the buffer is full.
 */
export function countOfferView(ctx: object, visitor: BeaconVisitor, ofertaId: number): boolean {
  return views.add(ctx, { ofertaId, day: isoDateIn(new Date(), DEFAULT_TIME_ZONE), viewerId: visitor.userId });
}

/** The offer page's beacon (POST /api/empleo/ofertas/{id}/vistas): 202 whether it counts or not, 404 for an id that is not one. */
export const offerViewFiguresBeacon: FiguresBeacon<number> = {
  path: "/api/empleo/ofertas/:id/vistas",
  limit: "offerViewBeacon",
  status: 202,
  read: ({ param }) => idFrom(param("id") ?? "", "Oferta no encontrada."),
  count: countOfferView,
};

export type OfferFigureDay = { dia: string; vistas: number; candidaturas: number };
export type OfferFigures = {
  ofertaId: number;
  desde: string;
  hasta: string;
  vistas: number;
  candidaturas: number;
  /** Applications per view (0–1), null without views. */
  conversion: number | null;
  dias: OfferFigureDay[];
};

const conversionOf = (applications: number, viewCount: number) => (viewCount > 0 ? applications / viewCount : null);

function periodOf(now: Date) {
  const hasta = isoDateIn(now, DEFAULT_TIME_ZONE);
  const start = new Date(`${hasta}T12:00:00Z`);
  start.setUTCDate(start.getUTCDate() - (FIGURE_DAYS - 1));
  return { desde: start.toISOString().slice(0, 10), hasta };
}

/** The last 30 days of one offer of the user's company, day by day (404 for another company's offer). */
export async function getOfferFigures(ctx: AppContext, user: SessionUser, ofertaId: number, now = new Date()): Promise<OfferFigures> {
  await manageableOffer(ctx.db, user, ofertaId);
  return offerFiguresOf(ctx.db, ofertaId, now);
}

/** The figures of an offer already known to be the user's company's (one query). */
export async function offerFiguresOf(db: Db, ofertaId: number, now = new Date()): Promise<OfferFigures> {
  const { desde, hasta } = periodOf(now);
  const result = (await db.execute(sql`
    SELECT d.day::date::text AS dia, coalesce(v.views, 0)::int AS vistas, coalesce(a.n, 0)::int AS candidaturas
    FROM generate_series(${desde}::date, ${hasta}::date, interval '1 day') AS d(day)
    LEFT JOIN oferta_daily_views v ON v.oferta_id = ${ofertaId} AND v.day = d.day::date
    LEFT JOIN (
      SELECT (created_at AT TIME ZONE ${DEFAULT_TIME_ZONE})::date AS day, count(*) AS n FROM candidaturas
      WHERE oferta_id = ${ofertaId} AND created_at >= (${desde}::date::timestamp AT TIME ZONE ${DEFAULT_TIME_ZONE})
      GROUP BY 1
    ) a ON a.day = d.day::date
    ORDER BY d.day`)) as unknown as { rows: OfferFigureDay[] };
  const dias = result.rows.map((row) => ({ dia: row.dia, vistas: Number(row.vistas), candidaturas: Number(row.candidaturas) }));
  const vistas = dias.reduce((sum, day) => sum + day.vistas, 0);
  const candidaturas = dias.reduce((sum, day) => sum + day.candidaturas, 0);
  return { ofertaId, desde, hasta, vistas, candidaturas, conversion: conversionOf(candidaturas, vistas), dias };
}

export type OfferFigureTotals = { vistas: number; candidaturas: number; conversion: number | null };

/** The last 30 days' totals of the company's offers, for the panel's list (one query; ids already the company's). */
export async function offerFigureTotals(db: Db, offerIds: number[], now = new Date()): Promise<Map<number, OfferFigureTotals>> {
  const totals = new Map<number, OfferFigureTotals>();
  if (!offerIds.length) return totals;
  const { desde } = periodOf(now);
  const ids = sql.join(
    offerIds.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    SELECT o.id,
      (SELECT coalesce(sum(v.views), 0) FROM oferta_daily_views v WHERE v.oferta_id = o.id AND v.day >= ${desde}::date)::int AS vistas,
      (SELECT count(*) FROM candidaturas c WHERE c.oferta_id = o.id
        AND c.created_at >= (${desde}::date::timestamp AT TIME ZONE ${DEFAULT_TIME_ZONE}))::int AS candidaturas
    FROM ofertas o WHERE o.id IN (${ids})`)) as unknown as { rows: Array<{ id: number; vistas: number; candidaturas: number }> };
  for (const row of result.rows) {
    const vistas = Number(row.vistas);
    const candidaturas = Number(row.candidaturas);
    totals.set(Number(row.id), { vistas, candidaturas, conversion: conversionOf(candidaturas, vistas) });
  }
  return totals;
}

/** Figures are kept 25 months like visita's (docs/privacy-rules.md), then deleted. */
export const OFFER_FIGURES_KEPT_MONTHS = 25;

export async function pruneOldOfferViews(db: Db, now = new Date()): Promise<number> {
  const limit = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - OFFER_FIGURES_KEPT_MONTHS, now.getUTCDate()));
  const result = (await db.execute(
    sql`DELETE FROM oferta_daily_views WHERE day < ${limit.toISOString().slice(0, 10)}::date RETURNING 1`,
  )) as unknown as { rows: unknown[] };
  return result.rows.length;
}
