import { and, desc, eq, gt, lte, type SQL, sql } from "drizzle-orm";
import type { AlertCriteria, AlertFrequency } from "#common/jobs";
import { pathTo } from "#common/route-names";
import type { AppContext } from "#server/context";
import type { Db } from "#server/db/client";
import { empresas, ofertas, users } from "#server/db/schema";
import { notify } from "#server/notifications";
import { describeCriteria, listingPathOf, unsubscribeTokenOf } from "./alerts.service";
import { alertDigestEmail, type DigestSection } from "./emails";
import { type SummaryRow, summaryColumns, toSummary } from "./queries";
import { recommendOffersToUser } from "./recommendations.service";
import { criteriaConditions, resolveCriteria } from "./search";

// Alert e-mails by frequency (issue 28, decision 0110). «Al momento»: each alert on its own, as soon
// as a pass finds new offers. «Diaria» / «Semanal»: one e-mail per user and period with every due
// alert's new offers (and, weekly, up to 3 recommendations). An alert is claimed by moving its
// last_sent_at in the transaction that queues the e-mail (outbox), and a user's digest is built under
// a per-user advisory lock, so no instance, retry or restart sends a period's digest twice.

const BATCH = 50;
const MAX_OFFERS = 10;
const WEEKLY_RECOMMENDATIONS = 3;
/** First key of the per-user digest lock ("alrt" in ASCII). */
const DIGEST_LOCK = 0x616c7274;

/** Start of the UTC day of `now`: a daily alert is due once its last e-mail is older than that. */
export const digestDayStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** Start of the ISO week (Monday, UTC) of `now`: a weekly alert is due once its last e-mail is older. */
export function digestWeekStart(now: Date): Date {
  const day = digestDayStart(now);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day;
}

type ClaimedAlert = { id: number; user_id: number; criteria: AlertCriteria | string; since: string };

/** Claims the due alerts the condition selects (moving last_sent_at to `now`), locked rows skipped. */
async function claim(tx: Db, where: SQL, now: Date): Promise<ClaimedAlert[]> {
  const result = (await tx.execute(sql`
    WITH due AS (
      SELECT id, last_sent_at AS since FROM alertas WHERE ${where}
      ORDER BY id LIMIT ${BATCH}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE alertas a SET last_sent_at = ${now.toISOString()}::timestamptz
    FROM due WHERE a.id = due.id
    RETURNING a.id, a.user_id, a.criteria, due.since::text AS since`)) as unknown as { rows: ClaimedAlert[] };
  return result.rows;
}

/** The offers published in (since, now] that match an alert; null when its search no longer resolves. */
async function sectionOf(ctx: AppContext, tx: Db, alert: ClaimedAlert, now: Date): Promise<DigestSection | null> {
  const criteria = (typeof alert.criteria === "string" ? JSON.parse(alert.criteria) : alert.criteria) as AlertCriteria;
  let conditions: SQL[];
  try {
    conditions = criteriaConditions(resolveCriteria(criteria).resolved);
  } catch {
    return null; // a job title or country that no longer exists: nothing to match
  }
  conditions.push(gt(ofertas.publishedAt, sql`${alert.since}::timestamptz`), lte(ofertas.publishedAt, now));
  const matches = await tx
    .select({ ...summaryColumns, total: sql<number>`count(*) over ()::int` })
    .from(ofertas)
    .innerJoin(empresas, eq(empresas.id, ofertas.empresaId))
    .where(and(...conditions))
    .orderBy(desc(ofertas.publishedAt), desc(ofertas.id))
    .limit(MAX_OFFERS);
  if (!matches.length) return null;
  const total = Number(matches[0]?.total ?? matches.length);
  const searchPath = listingPathOf(criteria);
  return {
    descripcion: describeCriteria(criteria),
    offers: matches.map((row) => toSummary(row as SummaryRow)),
    more: Math.max(0, total - matches.length),
    unsubscribeUrl: `${ctx.config.appUrl}${pathTo("empleo-alerta-baja", { token: unsubscribeTokenOf(ctx.secret, alert.id) })}`,
    searchUrl: `${ctx.config.appUrl}${searchPath}`,
  };
}

/** Notifies the user (bell) and, when their preferences allow it, queues the e-mail. True when queued. */
async function send(ctx: AppContext, tx: Db, userId: number, sections: DigestSection[], weekly: boolean): Promise<boolean> {
  const [recipient] = await tx.select({ email: users.email, nombre: users.nombre }).from(users).where(eq(users.id, userId));
  if (!recipient) return false;
  const count = sections.reduce((sum, section) => sum + section.offers.length + section.more, 0);
  const [only] = sections;
  const what = sections.length === 1 && only ? `tu alerta «${only.descripcion}»` : "tus alertas";
  const { email } = await notify(ctx, tx, {
    userId,
    kind: "alert_matches",
    text: count === 1 ? `Hay 1 oferta nueva para ${what}.` : `Hay ${count} ofertas nuevas para ${what}.`,
    link: sections.length === 1 && only ? only.searchUrl.slice(ctx.config.appUrl.length) : pathTo("empleo-alertas"),
  });
  if (!email) return false;
  const shown = sections.flatMap((section) => section.offers.map((offer) => offer.id));
  const recommended = weekly ? await recommendOffersToUser(tx, userId, WEEKLY_RECOMMENDATIONS, shown) : [];
  await ctx.mailer.enqueue(
    alertDigestEmail(ctx.config, recipient, sections, recommended, `${ctx.config.appUrl}${pathTo("empleo-alertas")}`),
    tx,
  );
  return true;
}

/** «Al momento»: every instant alert older than the newest publication, each with its own e-mail. */
async function runInstant(ctx: AppContext, now: Date): Promise<number> {
  let queued = 0;
  for (;;) {
    const { claimed, sent } = await ctx.db.transaction(async (tx) => {
      const alerts = await claim(
        tx,
        sql`frecuencia = 'inmediata' AND last_sent_at < (SELECT max(published_at) FROM ofertas WHERE published_at <= ${now.toISOString()}::timestamptz)`,
        now,
      );
      let sentInBatch = 0;
      for (const alert of alerts) {
        const section = await sectionOf(ctx, tx, alert, now);
        if (section && (await send(ctx, tx, alert.user_id, [section], false))) sentInBatch++;
      }
      return { claimed: alerts.length, sent: sentInBatch };
    });
    queued += sent;
    if (claimed < BATCH) return queued;
  }
}

/** «Diaria» / «Semanal»: one e-mail per user with every alert of that frequency due since `periodStart`. */
async function runPeriodic(
  ctx: AppContext,
  frecuencia: Exclude<AlertFrequency, "inmediata">,
  periodStart: Date,
  now: Date,
): Promise<number> {
  const due = sql`frecuencia = ${frecuencia} AND last_sent_at < ${periodStart.toISOString()}::timestamptz`;
  let queued = 0;
  for (;;) {
    const pending = (await ctx.db.execute(
      sql`SELECT DISTINCT user_id FROM alertas WHERE ${due} ORDER BY user_id LIMIT ${BATCH}`,
    )) as unknown as { rows: Array<{ user_id: number }> };
    for (const { user_id: userId } of pending.rows) {
      const sent = await ctx.db.transaction(async (tx) => {
        // Another instance building this user's digest finishes first; its claim then leaves nothing due here.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${DIGEST_LOCK}, ${userId})`);
        const alerts = await claim(tx, sql`user_id = ${userId} AND ${due}`, now);
        const sections: DigestSection[] = [];
        for (const alert of alerts) {
          const section = await sectionOf(ctx, tx, alert, now);
          if (section) sections.push(section);
        }
        // Nothing new: the period is over for these alerts and nothing is sent.
        return sections.length ? send(ctx, tx, userId, sections, frecuencia === "semanal") : false;
      });
      if (sent) queued++;
    }
    if (pending.rows.length < BATCH) return queued;
  }
}

/**
 * Sends what is due at `now`: instant alerts always; daily and weekly digests for the periods that
 * began. Safe on every instance at once and after a restart (see the file comment). Returns the
 * number of e-mails queued.
 */
export async function runAlertDigest(ctx: AppContext, now = new Date(), { periodic = true } = {}): Promise<number> {
  let queued = await runInstant(ctx, now);
  if (periodic) {
    queued += await runPeriodic(ctx, "diaria", digestDayStart(now), now);
    queued += await runPeriodic(ctx, "semanal", digestWeekStart(now), now);
  }
  return queued;
}
