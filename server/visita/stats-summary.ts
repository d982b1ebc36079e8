import { type SQL, sql } from "drizzle-orm";
import { pathTo } from "#common/route-names";
import { DEFAULT_TIME_ZONE, isoDateIn } from "#common/time-zone";
import { addDays } from "#common/visita/stats";
import type { AppContext } from "#server/context";
import { notify } from "#server/notifications";
import { weeklySummaryEmail } from "./emails";

// The representative's weekly e-mail (issue 32, decision 0112): views, contacts and verifications of
// the last full week (Monday to Sunday, Spain's days) against the week before.

/** Summaries go out from this UTC hour of Monday on (8–9 h in Spain). */
export const SUMMARY_FROM_UTC_HOUR = 7;
const BATCH = 50;

export type WeekFigures = { views: number; contacts: number; chats: number; verifications: number };
export type WeeklySummary = { current: WeekFigures; previous: WeekFigures; weekStart: string; weekEnd: string };

/** The Monday (Spain's day) of the week `now` is in. */
export function mondayOf(now: Date): string {
  const today = isoDateIn(now, DEFAULT_TIME_ZONE);
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(today, -weekday);
}

/** Whether the summaries of the week may go out: any time in the week after Monday's sending hour. */
export function summaryDue(now: Date): boolean {
  const today = isoDateIn(now, DEFAULT_TIME_ZONE);
  return !(today === mondayOf(now) && now.getUTCHours() < SUMMARY_FROM_UTC_HOUR);
}

export const isEmptyWeek = (figures: WeekFigures) => !figures.views && !figures.contacts && !figures.chats && !figures.verifications;

type Rows<T> = { rows: T[] };
type FigureRow = { id: number; email: string; nombre: string | null } & Record<`${"c" | "p"}_${keyof WeekFigures}`, number>;

/**
 * Sends this week's summaries. Each representative is claimed by moving representative_profiles.
 * summary_week to this week's Monday in the same transaction that queues the e-mail (an upsert whose
 * update only applies to an older week), so however many instances run this, and however often,
 * a representative gets at most one summary a week. A representative whose last week is all zeros
 * is claimed but gets nothing; one who turned the kind's e-mail off gets only the in-app notice
 * (or nothing, as chosen in the notification preferences). Returns the number of e-mails queued.
 */
export async function runWeeklySummaries(ctx: AppContext, now = new Date()): Promise<number> {
  if (!summaryDue(now)) return 0;
  const week = mondayOf(now);
  const lastStart = addDays(week, -7);
  const previousStart = addDays(week, -14);
  let queued = 0;
  for (;;) {
    const { claimed, sent } = await ctx.db.transaction(async (tx) => {
      const claim = (await tx.execute(sql`
        WITH due AS (
          SELECT r.user_id AS id FROM user_roles r
          JOIN users u ON u.id = r.user_id AND u.deleted_at IS NULL
          LEFT JOIN representative_profiles p ON p.user_id = r.user_id
          WHERE r.role = 'visitador_farmaceutico' AND (p.summary_week IS NULL OR p.summary_week < ${week}::date)
          ORDER BY r.user_id LIMIT ${BATCH}
        )
        INSERT INTO representative_profiles (user_id, summary_week) SELECT id, ${week}::date FROM due
        ON CONFLICT (user_id) DO UPDATE SET summary_week = EXCLUDED.summary_week
        WHERE representative_profiles.summary_week IS NULL OR representative_profiles.summary_week < EXCLUDED.summary_week
        RETURNING user_id AS id`)) as unknown as Rows<{ id: number }>;
      const ids = claim.rows.map((row) => Number(row.id));
      if (!ids.length) return { claimed: 0, sent: 0 };
      const idList = sql.join(
        ids.map((id) => sql`${id}::int`),
        sql`, `,
      );
      const inWeek = (start: string) => sql`day >= ${start}::date AND day < ${addDays(start, 7)}::date`;
      const figures = (await tx.execute(sql`
        WITH f AS (
          SELECT representative_id AS id, day, event, count FROM visita_daily_counts
          WHERE representative_id IN (${idList}) AND day >= ${previousStart}::date AND day < ${week}::date
          UNION ALL
          SELECT representative_id, (decided_at AT TIME ZONE ${DEFAULT_TIME_ZONE})::date, 'verificacion_confirmada', 1
          FROM visit_verifications
          WHERE representative_id IN (${idList}) AND status = 'confirmada'
            AND decided_at >= (${previousStart}::date - 1) AND decided_at < (${week}::date + 1)
        )
        SELECT u.id, u.email, u.nombre,
          ${sums("c", inWeek(lastStart))},
          ${sums("p", inWeek(previousStart))}
        FROM users u JOIN f ON f.id = u.id
        WHERE f.day >= ${previousStart}::date AND f.day < ${week}::date
        GROUP BY u.id, u.email, u.nombre`)) as unknown as Rows<FigureRow>;
      let sentInBatch = 0;
      for (const row of figures.rows) {
        const summary: WeeklySummary = {
          current: pick(row, "c"),
          previous: pick(row, "p"),
          weekStart: lastStart,
          weekEnd: addDays(week, -1),
        };
        if (isEmptyWeek(summary.current)) continue;
        const link = pathTo("estadisticas", {}, { rango: "7" });
        const { email } = await notify(ctx, tx, {
          userId: Number(row.id),
          kind: "visita_weekly_summary",
          text: `Tu semana en ${ctx.config.brandName}: ${summary.current.views} visitas, ${summary.current.contacts} contactos y ${summary.current.verifications} visitas verificadas.`,
          link,
          dedupeKey: `visita_weekly_summary:${week}`,
        });
        if (!email) continue;
        await ctx.mailer.enqueue(weeklySummaryEmail(ctx.config, { email: row.email, nombre: row.nombre }, summary), tx);
        sentInBatch++;
      }
      return { claimed: ids.length, sent: sentInBatch };
    });
    queued += sent;
    if (claimed < BATCH) break;
  }
  return queued;
}

const VIEW_EVENTS = sql`('vista_perfil', 'vista_cartera', 'vista_promocion')`;

function sums(prefix: "c" | "p", inWeek: SQL) {
  return sql`
    coalesce(sum(f.count) FILTER (WHERE ${inWeek} AND f.event IN ${VIEW_EVENTS}), 0)::int AS ${sql.raw(`${prefix}_views`)},
    coalesce(sum(f.count) FILTER (WHERE ${inWeek} AND f.event = 'contacto'), 0)::int AS ${sql.raw(`${prefix}_contacts`)},
    coalesce(sum(f.count) FILTER (WHERE ${inWeek} AND f.event = 'chat_iniciado'), 0)::int AS ${sql.raw(`${prefix}_chats`)},
    coalesce(sum(f.count) FILTER (WHERE ${inWeek} AND f.event = 'verificacion_confirmada'), 0)::int AS ${sql.raw(`${prefix}_verifications`)}`;
}

const pick = (row: FigureRow, prefix: "c" | "p"): WeekFigures => ({
  views: Number(row[`${prefix}_views`]),
  contacts: Number(row[`${prefix}_contacts`]),
  chats: Number(row[`${prefix}_chats`]),
  verifications: Number(row[`${prefix}_verifications`]),
});
