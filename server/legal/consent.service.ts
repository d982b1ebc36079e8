import { and, desc, eq, gt, gte, inArray, isNotNull, lt, notExists } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type ConsentPurpose, type ConsentSource, LEGAL_MESSAGES, LEGAL_TITLES } from "#common/legal/documents";
import type { SessionUser } from "#server/accounts";
import type { Db } from "#server/db/client";
import { consentRecords, legalAcceptances, legalDocuments, users } from "#server/db/schema";
import { AppError } from "#server/platform/errors";
import { currentLegalDocument } from "./documents.service";

/** The terms version an acceptance is of, beside the version being checked (one table twice). */
const acceptedDocuments = alias(legalDocuments, "accepted_documents");

/** Records that a user accepted the versions in force of the terms and of the privacy policy. */
export async function acceptCurrentTexts(tx: Db, userId: number, source: ConsentSource): Promise<void> {
  const terms = await currentLegalDocument(tx, "condiciones");
  const privacy = await currentLegalDocument(tx, "privacidad");
  await tx
    .insert(legalAcceptances)
    .values([terms, privacy].map((document) => ({ userId, documentId: document.id, source })))
    .onConflictDoNothing();
}

/** One opt-in or opt-out of a purpose, as a new row of the user's consent log. */
export async function recordConsent(tx: Db, userId: number, purpose: ConsentPurpose, granted: boolean, source: ConsentSource) {
  await tx.insert(consentRecords).values({ userId, purpose, granted, source });
}

/**
 * Registration (accounts' hook, inside its transaction): the terms and privacy versions accepted
 * with the checkbox, and the advertising e-mails choice, whichever it was.
 */
export async function recordRegistrationConsent(
  tx: Db,
  userId: number,
  choice: { publicidad: boolean; source: Extract<ConsentSource, "registro" | "registro_google"> },
): Promise<void> {
  await acceptCurrentTexts(tx, userId, choice.source);
  await recordConsent(tx, userId, "publicidad", choice.publicidad, choice.source);
}

export type PendingTerms = { version: number; summary: string; publishedAt: Date };

/**
 * The material change of the terms a signed-in user has yet to accept, or null. A change counts
 * for users who joined before it was published (anyone later accepted it, or a later one, at
 * registration) and who have not accepted it or a later version since. It runs on every signed-in
 * page and API request (the terms gate), so it is one query: the newest such change, if any.
 */
export async function pendingTerms(db: Db, user: Pick<SessionUser, "id">): Promise<PendingTerms | null> {
  const acceptedSince = db
    .select({ id: legalAcceptances.id })
    .from(legalAcceptances)
    .innerJoin(acceptedDocuments, eq(acceptedDocuments.id, legalAcceptances.documentId))
    .where(
      and(
        eq(legalAcceptances.userId, user.id),
        eq(acceptedDocuments.kind, "condiciones"),
        gte(acceptedDocuments.version, legalDocuments.version),
      ),
    );
  const [pending] = await db
    .select({ version: legalDocuments.version, summary: legalDocuments.summary, publishedAt: legalDocuments.publishedAt })
    .from(legalDocuments)
    .innerJoin(users, eq(users.id, user.id))
    .where(
      and(
        eq(legalDocuments.kind, "condiciones"),
        eq(legalDocuments.material, true),
        gt(legalDocuments.publishedAt, users.createdAt),
        notExists(acceptedSince),
      ),
    )
    .orderBy(desc(legalDocuments.version))
    .limit(1);
  return pending ?? null;
}

/** The API's and pages' refusal while a material change of the terms waits for the user's acceptance. */
export const termsPendingError = () => new AppError("FORBIDDEN", LEGAL_MESSAGES.termsPending, { reason: "TERMS_NOT_ACCEPTED" });

/** "Acepto": the signed-in user accepts the terms (and privacy policy) in force. */
export async function acceptPendingTerms(db: Db, user: Pick<SessionUser, "id">): Promise<void> {
  await db.transaction((tx) => acceptCurrentTexts(tx, user.id, "aceptacion"));
}

/**
 * Every acceptance and consent of one user, for the data export (issue 27 point 3 calls it): which
 * text and version, when, and each opt-in or opt-out with its date.
 */
export async function exportConsents(db: Db, userId: number) {
  const acceptances = await db
    .select({
      kind: legalDocuments.kind,
      version: legalDocuments.version,
      source: legalAcceptances.source,
      acceptedAt: legalAcceptances.acceptedAt,
    })
    .from(legalAcceptances)
    .innerJoin(legalDocuments, eq(legalDocuments.id, legalAcceptances.documentId))
    .where(eq(legalAcceptances.userId, userId))
    .orderBy(legalAcceptances.acceptedAt, legalAcceptances.id);
  const consents = await db
    .select({
      purpose: consentRecords.purpose,
      granted: consentRecords.granted,
      source: consentRecords.source,
      recordedAt: consentRecords.recordedAt,
    })
    .from(consentRecords)
    .where(eq(consentRecords.userId, userId))
    .orderBy(consentRecords.recordedAt, consentRecords.id);
  return {
    aceptaciones: acceptances.map((row) => ({
      documento: LEGAL_TITLES[row.kind],
      version: row.version,
      origen: row.source,
      fecha: row.acceptedAt.toISOString(),
    })),
    consentimientos: consents.map((row) => ({
      finalidad: row.purpose,
      otorgado: row.granted,
      origen: row.source,
      fecha: row.recordedAt.toISOString(),
    })),
  };
}

/** The privacy policy's promise: acceptances and consents are kept up to 5 years after the account is erased. */
export const CONSENT_PROOF_YEARS = 5;

/**
 * The retention job's rule for the consent log (docs/privacy-rules.md): an erased account whose
 * tombstone is kept (a chat partner's conversation, an employer's application) keeps its
 * acceptances and consents as proof for 5 years after its erasure; then they are deleted. (An
 * account deleted outright takes them with it at once.) Returns how many rows went.
 */
export async function pruneConsentProof(tx: Db, now: Date): Promise<number> {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - CONSENT_PROOF_YEARS);
  const expired = tx
    .select({ id: users.id })
    .from(users)
    .where(and(isNotNull(users.deletedAt), lt(users.deletedAt, cutoff)));
  const consents = await tx.delete(consentRecords).where(inArray(consentRecords.userId, expired)).returning({ id: consentRecords.id });
  const acceptances = await tx
    .delete(legalAcceptances)
    .where(inArray(legalAcceptances.userId, expired))
    .returning({ id: legalAcceptances.id });
  return consents.length + acceptances.length;
}
