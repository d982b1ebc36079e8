import { shareImageUrl } from "#app/lib/share-meta";
import { breadcrumbJsonLd } from "#app/lib/structured-data";
import { DEFAULT_COUNTRY_SLUG } from "#common/constants";
import { pathTo } from "#common/route-names";
import type { PageLoadContext } from "#server/context";
import { getCompanyPage } from "#server/jobs";
import { absoluteUrl } from "./jobs.server";

export async function loadCompanyPage(context: PageLoadContext, url: URL, params: { slug?: string }) {
  const slug = params.slug ?? "";
  const cursor = url.searchParams.get("cursor")?.slice(0, 400) || undefined;
  // A stale or hand-edited cursor starts the list again instead of failing the page.
  const page = await getCompanyPage(context.app, slug, cursor, { badCursor: "restart" });
  const canonicalUrl = absoluteUrl(context, page.empresa.url);
  const logoUrl = page.empresa.logo ? new URL(page.empresa.logo, context.app.config.appUrl).toString() : null;
  return {
    ...page,
    isFirstPage: !cursor,
    now: new Date().toISOString(),
    brandName: context.app.config.brandName,
    canonicalUrl,
    // The site's 1200×630 card: a logo has any size and shape, which share previews crop badly.
    shareImage: shareImageUrl(context.app.config.appUrl),
    organization: organizationOf(page.empresa, canonicalUrl, logoUrl),
    // The breadcrumb the page shows (decision 0067): the jobs of its offers' country, the company.
    breadcrumbLd: breadcrumbJsonLd(
      context.app.config.appUrl,
      [
        { name: "Empleo", path: pathTo("empleo", { pais: page.ofertas[0]?.pais.slug ?? DEFAULT_COUNTRY_SLUG }) },
        { name: page.empresa.nombre },
      ],
      canonicalUrl,
    ),
  };
}

/** schema.org Organization for search engines (the company's own site as sameAs when it has one). */
function organizationOf(empresa: { nombre: string; descripcion: string; web: string | null }, url: string, logo: string | null) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: empresa.nombre,
    url,
    ...(empresa.descripcion ? { description: empresa.descripcion } : {}),
    ...(logo ? { logo } : {}),
    ...(empresa.web ? { sameAs: [empresa.web] } : {}),
  };
}
