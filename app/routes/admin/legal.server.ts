import { LEGAL_KINDS, LEGAL_SLUGS, LEGAL_TITLES, legalKindOfSlug } from "#common/legal/documents";
import { publishLegalSchema } from "#common/legal/schemas";
import { pathTo } from "#common/route-names";
import { assertCan } from "#server/accounts";
import type { PageLoadContext } from "#server/context";
import { currentLegalDocument, legalVersions, publishLegalDocument } from "#server/legal";
import { formAction } from "#server/platform/page-form";
import { pageRedirect } from "#server/platform/page-redirect";

/** The four texts with their version in force (admins). */
export async function loadLegalAdmin(context: PageLoadContext, request: Request) {
  assertCan(context, request, "administration");
  const rows = await Promise.all(LEGAL_KINDS.map((kind) => currentLegalDocument(context.app.db, kind)));
  return {
    documents: rows.map((row) => ({
      slug: LEGAL_SLUGS[row.kind],
      title: LEGAL_TITLES[row.kind],
      version: row.version,
      summary: row.summary,
      publishedAt: row.publishedAt.toISOString(),
    })),
  };
}

const kindOrNotFound = (slug: string | undefined) => {
  const kind = legalKindOfSlug(slug);
  if (!kind) throw new Response(null, { status: 404 });
  return kind;
};

/** The editor starts from the text in force (with its {{placeholders}}, not the filled-in data). */
export async function loadLegalEditor(context: PageLoadContext, request: Request, slug: string | undefined) {
  assertCan(context, request, "administration");
  const kind = kindOrNotFound(slug);
  const [current, versions] = await Promise.all([currentLegalDocument(context.app.db, kind), legalVersions(context.app.db, kind)]);
  return {
    kind,
    slug: LEGAL_SLUGS[kind],
    title: LEGAL_TITLES[kind],
    body: current.body,
    version: current.version,
    versions: versions.map((version) => ({ ...version, publishedAt: version.publishedAt.toISOString() })),
  };
}

export async function publishLegalAction(context: PageLoadContext, request: Request, slug: string | undefined) {
  const user = assertCan(context, request, "administration");
  const kind = kindOrNotFound(slug);
  return formAction(request, publishLegalSchema, async (input) => {
    await publishLegalDocument(context.app, user, kind, input);
    return pageRedirect(pathTo("legal", { documento: LEGAL_SLUGS[kind] }));
  });
}
