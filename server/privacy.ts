import { and, isNull, lt, sql } from "drizzle-orm";
import { eraseAccountIn, type PrivacyPart } from "#server/accounts";
import { chatPrivacy } from "#server/chat";
import type { AppContext } from "#server/context";
import { users } from "#server/db/schema";
import { feedbackPrivacy } from "#server/feedback";
import { anonymiseApplications, closeStaleProfiles, jobsPrivacy, pastRetention, pruneOldOfferViews } from "#server/jobs";
import { legalPrivacy, pruneConsentProof } from "#server/legal";
import { newsPrivacy } from "#server/news";
import { notificationsPrivacy } from "#server/notifications";
import { startBackgroundLoop, stopBackgroundLoop } from "#server/platform/background-loop";
import { pruneOldFigures, visitaPrivacy } from "#server/visita";

// The user's rights over their data across the product (issue 27, decision 0073): each area's part
// of the export and the erasure, what is left out on purpose, and the retention job.

/** Wired into accounts (ctx.accountHooks.privacy) by server/boot.ts; the export lists the areas in this order. */
export const PRIVACY_PARTS: PrivacyPart[] = [
  jobsPrivacy,
  chatPrivacy,
  visitaPrivacy,
  newsPrivacy,
  feedbackPrivacy,
  legalPrivacy,
  notificationsPrivacy,
];

/**
 * Columns referring to a user that the export leaves out on purpose, each with why (the
 * schema-walk test, server/privacy-coverage.test.ts, fails on a column in neither this list nor a
 * part's `covers`). A new table with a user column joins a part or this list.
 */
export const NOT_EXPORTED: Record<string, string> = {
  "audit_log.actor_id": "Security record of what staff did in the back office: the actor becomes the tombstone or NULL; no personal data.",
  "company_join_requests.decided_by": "The company administrator's decision on someone else's request: theirs, not the decider's data.",
  "chat_events.user_id": "Delivery queue of chat changes (kinds and ids): the messages themselves are exported; erased with the account.",
  "chat_reports.reported_user_id": "Reports about the user: kept for moderation; exporting them would expose the reporter.",
  "chat_reports.handled_by": "The moderator who handled a report: a work record of the moderator.",
  "promotions.taken_down_by": "The moderator who took a promotion down: a work record of the moderator.",
  "product_revisions.reviewed_by": "The moderator who reviewed a proposal: a work record of the moderator.",
  "product_versions.changed_by": "Catalogue history (who approved a version): a work record; the user's own proposals are exported.",
  "products.created_by": "Catalogue entry created by a moderator or an approved proposal; the proposal is exported.",
  "noticias.created_by": "Editorial record of the news desk (who wrote or edited an article).",
  "noticias.updated_by": "Editorial record of the news desk.",
  "tribunas.created_by": "Editorial record of the news desk.",
  "tribunas.updated_by": "Editorial record of the news desk.",
  "legal_documents.published_by": "The admin who published a version of a legal text: a work record of the admin.",
  "visit_verifications.professional_user_id":
    "The verified professional asked to confirm a visit: the confirmations they gave are exported by their address (visita).",
};

/** Unverified accounts are erased after this many days. */
export const UNVERIFIED_ACCOUNT_DAYS = 30;
/** At most this many accounts per pass (the next pass takes the rest). */
const ERASE_BATCH = 100;
/** Advisory lock key of the retention job ("rete" in ASCII): one instance at a time. */
export const RETENTION_LOCK_KEY = 0x72657465;

/**
 * One pass of the retention rules (docs/privacy-rules.md) on one instance at a time: applications
 * to offers closed more than 24 months ago are anonymised; accounts never verified within 30 days
 * are erased; an erased account's consent log goes 5 years after its erasure. Returns what it did, or null when another instance holds the lock.
 */
export async function runRetention(ctx: AppContext, now = new Date()) {
  const result = await ctx.db.transaction(async (tx) => {
    const locked = (await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${RETENTION_LOCK_KEY}) AS got`)) as unknown as {
      rows: Array<{ got: boolean }>;
    };
    if (!locked.rows[0]?.got) return null;
    const { count: anonymised, files } = await anonymiseApplications(tx, pastRetention(now));
    const stale = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          isNull(users.emailVerifiedAt),
          isNull(users.deletedAt),
          lt(users.createdAt, new Date(now.getTime() - UNVERIFIED_ACCOUNT_DAYS * 86_400_000)),
        ),
      )
      .limit(ERASE_BATCH);
    for (const { id } of stale) files.push(...(await eraseAccountIn(ctx, tx, id)));
    const prunedFigures = (await pruneOldFigures(tx, now)) + (await pruneOldOfferViews(tx, now));
    const closedProfiles = await closeStaleProfiles(tx, now);
    const prunedConsents = await pruneConsentProof(tx, now);
    return { files, anonymised, erased: stale.length, prunedFigures, closedProfiles, prunedConsents };
  });
  if (!result) return null;
  await ctx.storage.removeUnused(ctx.db, result.files);
  return {
    anonymisedApplications: result.anonymised,
    erasedAccounts: result.erased,
    prunedFigures: result.prunedFigures,
    closedProfiles: result.closedProfiles,
    prunedConsents: result.prunedConsents,
  };
}

/** Every six hours (the first ten minutes after start); stopRetentionJob waits for a pass in progress. */
export function startRetentionJob(ctx: AppContext): void {
  startBackgroundLoop(
    ctx,
    "privacy-retention",
    { firstRunMs: 10 * 60_000, intervalMs: 6 * 3_600_000, failure: "retention pass failed" },
    async () => {
      const done = await runRetention(ctx);
      if (done && (done.anonymisedApplications || done.erasedAccounts || done.prunedConsents))
        ctx.logger.info(done, "retention rules applied");
    },
  );
}

export const stopRetentionJob = (ctx: AppContext) => stopBackgroundLoop(ctx, "privacy-retention");
