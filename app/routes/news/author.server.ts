import { breadcrumbJsonLd } from "#app/lib/structured-data";
import { pathTo } from "#common/route-names";
import type { PageLoadContext } from "#server/context";
import { getNewsAuthorPage } from "#server/news";
import { pageRedirect } from "#server/platform/page-redirect";
import { idOf } from "./news.server";

/** noticias-autor: an author's page. The id decides; a wrong or missing name answers a permanent redirect. */
export async function loadNewsAuthor(context: PageLoadContext, url: URL, params: { id?: string }) {
  const cursor = url.searchParams.get("desde") ?? undefined;
  const page = await getNewsAuthorPage(context.app, idOf(params.id), { cursor });
  const { author } = page;
  if (decodeURIComponent(url.pathname) !== author.url) throw pageRedirect(author.url + url.search, 301);
  const appUrl = context.app.config.appUrl;
  const canonicalUrl = appUrl + author.url;
  return {
    ...page,
    isFirstPage: !cursor,
    brandName: context.app.config.brandName,
    canonicalUrl,
    // schema.org ProfilePage about the Person: what NewsArticle's author.url points to.
    profileLd: {
      "@context": "https://schema.org",
      "@type": "ProfilePage",
      url: canonicalUrl,
      mainEntity: {
        "@type": "Person",
        name: author.nombre,
        url: canonicalUrl,
        ...(author.cargo ? { jobTitle: author.cargo } : {}),
        ...(author.empresa ? { worksFor: { "@type": "Organization", name: author.empresa } } : {}),
        ...(author.foto_url ? { image: appUrl + author.foto_url } : {}),
        ...(author.bio ? { description: author.bio } : {}),
      },
    },
    breadcrumbLd: breadcrumbJsonLd(appUrl, [{ name: "Noticias", path: pathTo("noticias-index") }, { name: author.nombre }], canonicalUrl),
  };
}
