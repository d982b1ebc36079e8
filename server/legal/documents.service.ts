import { and, desc, eq, max } from "drizzle-orm";
import { LEGAL_KINDS, type LegalKind } from "#common/legal/documents";
import { type PublishLegalInput, publishLegalSchema } from "#common/legal/schemas";
import { fieldErrorsOf } from "#common/validation";
import { assertCan, type SessionUser } from "#server/accounts";
import type { AppContext } from "#server/context";
import type { Db } from "#server/db/client";
import { legalDocuments } from "#server/db/schema";
import { recordAudit } from "#server/platform/audit";
import { AppError, validationError } from "#server/platform/errors";
import { publishLegalTexts } from "./policy";
import { FIRST_VERSIONS, fillOperatorData } from "./texts";

export type LegalDocumentRow = typeof legalDocuments.$inferSelect;
export type LegalVersionSummary = Pick<LegalDocumentRow, "version" | "summary" | "material" | "publishedAt">;

/** Stores version 1 of every text that has none yet (at boot; concurrent instances agree on the unique key). */
export async function ensureLegalDocuments(db: Db): Promise<void> {
  await db
    .insert(legalDocuments)
    .values(LEGAL_KINDS.map((kind) => ({ kind, version: 1, body: FIRST_VERSIONS[kind], summary: "Primera versión." })))
    .onConflictDoNothing();
}

const versionNotFound = () => new AppError("NOT_FOUND", "Esa versión del texto no existe.");

/** A version as readers see it: the operator's data filled in. */
export function readableDocument(ctx: Pick<AppContext, "config">, row: LegalDocumentRow) {
  return {
    kind: row.kind,
    version: row.version,
    summary: row.summary,
    material: row.material,
    publishedAt: row.publishedAt,
    body: fillOperatorData(row.body, ctx.config),
  };
}

/** The version in force of a text (the latest published). */
export async function currentLegalDocument(db: Db, kind: LegalKind): Promise<LegalDocumentRow> {
  const [row] = await db.select().from(legalDocuments).where(eq(legalDocuments.kind, kind)).orderBy(desc(legalDocuments.version)).limit(1);
  if (!row) throw versionNotFound();
  return row;
}

/** One version, current or earlier (404 for one that was never published). */
export async function legalDocumentVersion(db: Db, kind: LegalKind, version: number): Promise<LegalDocumentRow> {
  if (!Number.isSafeInteger(version) || version < 1 || version > 32_767) throw versionNotFound();
  const [row] = await db
    .select()
    .from(legalDocuments)
    .where(and(eq(legalDocuments.kind, kind), eq(legalDocuments.version, version)));
  if (!row) throw versionNotFound();
  return row;
}

/** Every version of a text, newest first (the history under each page). */
export async function legalVersions(db: Db, kind: LegalKind): Promise<LegalVersionSummary[]> {
  return db
    .select({
      version: legalDocuments.version,
      summary: legalDocuments.summary,
      material: legalDocuments.material,
      publishedAt: legalDocuments.publishedAt,
    })
    .from(legalDocuments)
    .where(eq(legalDocuments.kind, kind))
    .orderBy(desc(legalDocuments.version));
}

/**
 * Publishes the next version of a text (admins). Only the terms can be a material change (the one
 * users must accept again); the other texts inform and are never accepted again.
 */
export async function publishLegalDocument(
  ctx: Pick<AppContext, "db" | "pageCache">,
  actor: SessionUser | null,
  kind: LegalKind,
  raw: PublishLegalInput | unknown,
): Promise<LegalDocumentRow> {
  const user = assertCan(actor, publishLegalTexts);
  const parsed = publishLegalSchema.safeParse(raw);
  if (!parsed.success) throw validationError(fieldErrorsOf(parsed.error), "Revisa los campos marcados.");
  const input = parsed.data;
  const published = await ctx.db.transaction(async (tx) => {
    const [latest] = await tx
      .select({ version: max(legalDocuments.version) })
      .from(legalDocuments)
      .where(eq(legalDocuments.kind, kind));
    const [row] = await tx
      .insert(legalDocuments)
      .values({
        kind,
        version: (latest?.version ?? 0) + 1,
        body: input.body,
        summary: input.summary,
        material: kind === "condiciones" && input.material,
        publishedBy: user.id,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError("CONFLICT", "Otra persona acaba de publicar una versión de este texto. Recarga la página y revísala.");
    await recordAudit(tx, {
      actor: user,
      action: "legal.publish",
      subjectType: "legal_document",
      subjectId: row.id,
      after: { kind, version: row.version, summary: row.summary, material: row.material },
    });
    return row;
  });
  // After the commit: the legal pages of every instance render the new version from now on.
  await ctx.pageCache.invalidate("legal");
  return published;
}
