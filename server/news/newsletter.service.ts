import { createHmac } from "node:crypto";
import { and, desc, eq, gte, inArray, isNotNull, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { fieldErrorsOf } from "#common/validation";
import type { SessionUser } from "#server/accounts";
import type { AppContext } from "#server/context";
import type { Db } from "#server/db/client";
import { newsAreas, newsletterSubscriptions, noticias, users } from "#server/db/schema";
import { recordConsent } from "#server/legal";
import { AppError, validationError } from "#server/platform/errors";
import { hashToken } from "#server/platform/tokens";
import { type NewsletterItem, newsletterEmail } from "./newsletter-email";
import { weekOf } from "./week";

type Ctx = Pick<AppContext, "db" | "secret">;

/**
 * The unsubscribe token of a subscriber: derived from the app's secret, so every newsletter they
 * ever received carries a working link; only its hash is stored.
 */
export const unsubscribeTokenOf = (secret: string, userId: number) =>
  createHmac("sha256", secret).update(`newsletter-unsubscribe:${userId}`).digest("base64url");

/** Subscribes a user (all areas when none are chosen); a second call changes nothing. */
export async function subscribeToNewsletter(ctx: Pick<AppContext, "secret">, tx: Db, userId: number, areaIds: number[] = []) {
  const added = await tx
    .insert(newsletterSubscriptions)
    .values({ userId, areaIds, unsubscribeHash: hashToken(unsubscribeTokenOf(ctx.secret, userId)) })
    .onConflictDoNothing()
    .returning({ userId: newsletterSubscriptions.userId });
  if (added.length) await recordConsent(tx, userId, "newsletter", true, "registro");
}

export async function getNewsletterPreference(ctx: Pick<AppContext, "db">, user: SessionUser | null) {
  if (!user) throw new AppError("UNAUTHENTICATED");
  const [row] = await ctx.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.userId, user.id));
  return { subscribed: Boolean(row), areaIds: row?.areaIds ?? [] };
}

const preferenceSchema = z.object({
  subscribed: z.boolean(),
  area_ids: z.array(z.coerce.number().int().positive()).max(50, { error: "Demasiadas áreas." }).default([]),
});

/** The account's choice: on (with the areas chosen, none = all) or off. */
export async function setNewsletterPreference(ctx: Ctx, user: SessionUser | null, raw: unknown) {
  if (!user) throw new AppError("UNAUTHENTICATED");
  const parsed = preferenceSchema.safeParse(raw);
  if (!parsed.success) throw validationError(fieldErrorsOf(parsed.error), "Revisa los campos marcados.");
  const { subscribed, area_ids } = parsed.data;
  const known = area_ids.length
    ? (await ctx.db.select({ id: newsAreas.id }).from(newsAreas).where(inArray(newsAreas.id, area_ids))).map((a) => a.id)
    : [];
  if (known.length !== new Set(area_ids).size)
    throw validationError({ area_ids: ["Elige áreas de la lista."] }, "Elige áreas de la lista.");
  // Each opt-in and opt-out is kept with its date (issue 27), in the change's transaction.
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ userId: newsletterSubscriptions.userId })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.userId, user.id));
    if (Boolean(before) !== subscribed) await recordConsent(tx, user.id, "newsletter", subscribed, "boletin");
    if (!subscribed) {
      await tx.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.userId, user.id));
      return { subscribed: false, areaIds: [] as number[] };
    }
    await tx
      .insert(newsletterSubscriptions)
      .values({ userId: user.id, areaIds: known, unsubscribeHash: hashToken(unsubscribeTokenOf(ctx.secret, user.id)) })
      .onConflictDoUpdate({ target: newsletterSubscriptions.userId, set: { areaIds: known, updatedAt: new Date() } });
    return { subscribed: true, areaIds: known };
  });
}

/** One-click unsubscribe (no session: the token is the proof). True when a subscription ended. */
export async function unsubscribeNewsletter(ctx: Pick<AppContext, "db">, token: string | undefined): Promise<boolean> {
  if (!token || token.length > 100) return false;
  return ctx.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.unsubscribeHash, hashToken(token)))
      .returning({ userId: newsletterSubscriptions.userId });
    if (removed) await recordConsent(tx, removed.userId, "newsletter", false, "boletin");
    return Boolean(removed);
  });
}

const BATCH = 100;

/**
 * Sends this week's newsletter to every subscriber who has not had it, from Monday 08:00 (Spain)
 * on. Rows are claimed with FOR UPDATE SKIP LOCKED and marked with the week in the transaction
 * that queues the e-mail, so with several instances each subscriber gets it once. A subscriber
 * whose areas had no news that week is marked without an e-mail.
 */
export async function sendWeeklyNewsletters(ctx: Pick<AppContext, "db" | "secret" | "config" | "mailer">, now = new Date()) {
  const week = weekOf(now);
  if (!week.due) return { week: week.key, sent: 0 };
  const since = new Date(now.getTime() - 7 * 86_400_000);
  let sent = 0;
  for (;;) {
    const claimed = await ctx.db.transaction(async (tx) => {
      const rows = await tx
        .select({
          userId: newsletterSubscriptions.userId,
          areaIds: newsletterSubscriptions.areaIds,
          email: users.email,
          nombre: users.nombre,
        })
        .from(newsletterSubscriptions)
        .innerJoin(users, eq(users.id, newsletterSubscriptions.userId))
        .where(
          and(
            or(isNull(newsletterSubscriptions.lastWeek), sql`${newsletterSubscriptions.lastWeek} <> ${week.key}`),
            isNotNull(users.emailVerifiedAt),
            isNull(users.blockedAt),
          ),
        )
        .limit(BATCH)
        .for("update", { of: newsletterSubscriptions, skipLocked: true });
      for (const row of rows) {
        const items = await weeksNews(tx, row.areaIds, since, now);
        await tx
          .update(newsletterSubscriptions)
          .set({ lastWeek: week.key, updatedAt: new Date() })
          .where(eq(newsletterSubscriptions.userId, row.userId));
        if (items.length === 0) continue;
        const token = unsubscribeTokenOf(ctx.secret, row.userId);
        await ctx.mailer.enqueue(newsletterEmail(ctx.config, row, items, token, week.label), tx);
        sent++;
      }
      return rows.length;
    });
    if (claimed < BATCH) break;
  }
  return { week: week.key, sent };
}

async function weeksNews(tx: Db, areaIds: number[], since: Date, now: Date): Promise<NewsletterItem[]> {
  const conditions: SQL[] = [
    sql`${noticias.status} <> 'borrador'`,
    isNotNull(noticias.publicadaEn),
    gte(noticias.publicadaEn, since),
    lte(noticias.publicadaEn, now),
  ];
  if (areaIds.length) conditions.push(inArray(noticias.areaId, areaIds));
  return tx
    .select({ id: noticias.id, slug: noticias.slug, titulo: noticias.titulo, entradilla: noticias.entradilla, area: newsAreas.nombre })
    .from(noticias)
    .innerJoin(newsAreas, eq(newsAreas.id, noticias.areaId))
    .where(and(...conditions))
    .orderBy(desc(noticias.destacada), desc(noticias.publicadaEn))
    .limit(12);
}
