import { z } from "zod";
import { formAction, notFound, pageRedirect, requireUser } from "#app/lib/page.server";
import { LEGAL_SLUGS, LEGAL_TITLES, legalKindOfSlug } from "#common/legal/documents";
import { pathTo } from "#common/route-names";
import type { PageLoadContext } from "#server/context";
import {
  acceptPendingTerms,
  currentLegalDocument,
  legalDocumentVersion,
  legalVersions,
  pendingTerms,
  readableDocument,
} from "#server/legal";

/** A legal text's page: the version in force, or an earlier one, and the list of every version. */
export async function loadLegalPage(context: PageLoadContext, params: { documento?: string; version?: string }) {
  const kind = legalKindOfSlug(params.documento);
  if (!kind) notFound();
  const db = context.app.db;
  const [current, versions] = await Promise.all([currentLegalDocument(db, kind), legalVersions(db, kind)]);
  const row = params.version === undefined ? current : await legalDocumentVersion(db, kind, Number(params.version));
  const readable = readableDocument(context.app, row);
  return {
    kind,
    slug: LEGAL_SLUGS[kind],
    title: LEGAL_TITLES[kind],
    brandName: context.app.config.brandName,
    canonicalUrl: `${context.app.config.appUrl}${pathTo("legal", { documento: LEGAL_SLUGS[kind] })}`,
    version: readable.version,
    summary: readable.summary,
    publishedAt: readable.publishedAt.toISOString(),
    body: readable.body,
    isCurrent: row.id === current.id,
    currentVersion: current.version,
    versions: versions.map((version) => ({
      version: version.version,
      summary: version.summary,
      material: version.material,
      publishedAt: version.publishedAt.toISOString(),
    })),
  };
}

/** The accept page: what changed in the terms the user is asked to accept (null: nothing pending). */
export async function loadAcceptPage(context: PageLoadContext, request: Request) {
  const user = requireUser(context, request);
  const pending = await pendingTerms(context.app.db, user);
  const redirectUrl = safeBack(new URL(request.url).searchParams.get("redirect_url"));
  return {
    brandName: context.app.config.brandName,
    redirectUrl,
    pending: pending ? { version: pending.version, summary: pending.summary, publishedAt: pending.publishedAt.toISOString() } : null,
  };
}

/** Only a path of this app is a destination after accepting (never another site). */
function safeBack(value: string | null): string {
  return value && /^\/app(\/|$|\?)/.test(value) && !value.startsWith("//") ? value : pathTo("home");
}

const ACCEPT_TO_GO_ON = "Marca la casilla para aceptar las condiciones de uso y seguir usando tu cuenta.";
// Unknown, not optional: a missing box must fail the check too (an optional key skips it).
const acceptSchema = z.object({ acepto: z.unknown().refine((value) => value === "1", { error: ACCEPT_TO_GO_ON }) });

export async function acceptAction(context: PageLoadContext, request: Request) {
  const user = requireUser(context, request);
  const back = safeBack(new URL(request.url).searchParams.get("redirect_url"));
  return formAction(request, acceptSchema, async () => {
    await acceptPendingTerms(context.app.db, user);
    return pageRedirect(back);
  });
}
