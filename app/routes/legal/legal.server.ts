import { z } from "zod";
import { formAction, notFound, pageRedirect, requireUser } from "#app/lib/page.server";
import { CONSENT_COOKIE } from "#common/constants";
import { serializeCookieChoice } from "#common/legal/consent-cookie";
import { LEGAL_SLUGS, LEGAL_TITLES, legalKindOfSlug } from "#common/legal/documents";
import { CONSENT_MAX_AGE_MONTHS } from "#common/legal/registry-fingerprint";
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
import { usesSecureCookies } from "#server/platform/session-cookie";

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

/**
 * "Configurar cookies" without JavaScript (issue 27): the cookie policy's form, and the banner's
 * "Rechazar"/"Aceptar" before hydration, post here. The server writes the same cookie the browser
 * would (common/legal/consent-cookie.ts) and sends the visitor back to the page they were on.
 */
export async function cookieChoiceAction(context: PageLoadContext, request: Request, documento: string | undefined) {
  if (legalKindOfSlug(documento) !== "cookies") notFound();
  const form = await request.formData();
  const choice = form.get("eleccion");
  const all = choice === "aceptar";
  const picked = choice === "aceptar" || choice === "rechazar";
  const value = serializeCookieChoice({
    analytics: picked ? all : form.get("analiticas") === "1",
    publicidad: picked ? all : form.get("publicidad") === "1",
  });
  const back = form.get("volver");
  const target = typeof back === "string" && back ? safeBack(back) : `${pathTo("legal", { documento: "cookies" })}?guardado=1#configurar`;
  const response = pageRedirect(target, 303);
  const maxAge = Math.round(CONSENT_MAX_AGE_MONTHS * 30.5 * 86_400);
  const secure = usesSecureCookies(context.app.config) ? "; Secure" : "";
  response.headers.append("Set-Cookie", `${CONSENT_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure}`);
  return response;
}
