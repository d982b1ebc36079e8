import { breadcrumbJsonLd } from "#app/lib/structured-data";
import { pathTo } from "#common/route-names";
import type { PageLoadContext } from "#server/context";
import type { TribunaDetail } from "#server/news";
import { getTribuna, listTribunas } from "#server/news";
import { pageRedirect } from "#server/platform/page-redirect";
import { idOf } from "./news.server";

export async function loadTribunas(context: PageLoadContext) {
  const items = await listTribunas(context.app, { limit: 100 });
  return { items, brandName: context.app.config.brandName, canonicalUrl: `${context.app.config.appUrl}${pathTo("tribunas")}` };
}

export async function loadTribuna(context: PageLoadContext, url: URL, params: { id?: string }) {
  const tribuna = await getTribuna(context.app, idOf(params.id), context.user);
  if (decodeURIComponent(url.pathname) !== tribuna.url) throw pageRedirect(tribuna.url + url.search, 301);
  const others = tribuna.autor ? await listTribunas(context.app, { autorId: tribuna.autor.id, excludeId: tribuna.id, limit: 5 }) : [];
  const appUrl = context.app.config.appUrl;
  const isPreview = tribuna.status !== "publicada";
  return {
    tribuna,
    others,
    brandName: context.app.config.brandName,
    canonicalUrl: appUrl + tribuna.url,
    isPreview,
    article: isPreview ? null : articleOf(tribuna, appUrl, context.app.config.brandName),
    // The breadcrumb the page shows: news, tribunas, the column.
    breadcrumbLd: isPreview
      ? null
      : breadcrumbJsonLd(
          appUrl,
          [{ name: "Noticias", path: pathTo("noticias-index") }, { name: "Tribunas", path: pathTo("tribunas") }, { name: tribuna.titulo }],
          appUrl + tribuna.url,
        ),
  };
}

/** schema.org OpinionNewsArticle (an Article) for a column. */
function articleOf(tribuna: TribunaDetail, appUrl: string, brandName: string) {
  const url = appUrl + tribuna.url;
  return {
    "@context": "https://schema.org",
    "@type": "OpinionNewsArticle",
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
    headline: tribuna.titulo.slice(0, 110),
    description: tribuna.entradilla,
    datePublished: tribuna.publicada_en,
    dateModified: tribuna.actualizada_en,
    inLanguage: "es-ES",
    ...(tribuna.autor
      ? {
          author: {
            "@type": "Person",
            name: tribuna.autor.nombre,
            url: appUrl + tribuna.autor.url,
            ...(tribuna.autor.cargo ? { jobTitle: tribuna.autor.cargo } : {}),
            ...(tribuna.autor.empresa ? { worksFor: { "@type": "Organization", name: tribuna.autor.empresa } } : {}),
            ...(tribuna.autor.foto_url ? { image: appUrl + tribuna.autor.foto_url } : {}),
          },
          ...(tribuna.autor.foto_url ? { image: [appUrl + tribuna.autor.foto_url] } : {}),
        }
      : {}),
    publisher: {
      "@type": "Organization",
      name: brandName,
      logo: { "@type": "ImageObject", url: `${appUrl}/logo.png`, width: 512, height: 512 },
    },
  };
}
