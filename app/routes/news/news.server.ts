import { idParam, notFound } from "#app/lib/page.server";
import { breadcrumbJsonLd } from "#app/lib/structured-data";
import { pathTo } from "#common/route-names";
import { can } from "#server/accounts";
import type { PageLoadContext } from "#server/context";
import type { NoticiaDetail } from "#server/news";
import {
  editNews,
  getNewsHome,
  getNoticia,
  listNews,
  listRelatedNews,
  listTribunas,
  loadTaxonomy,
  rssPath,
  searchNews,
} from "#server/news";
import { pageRedirect } from "#server/platform/page-redirect";

/** "{id}" or "{id}-{slug}" → id; anything else is the 404 page. */
export const idOf = (value: string | undefined): number => idParam(value, { slug: true });

const absolute = (context: PageLoadContext, path: string) => `${context.app.config.appUrl}${path}`;

export async function loadNewsIndex(context: PageLoadContext, url: URL) {
  const q = url.searchParams.get("q")?.trim().slice(0, 200) ?? "";
  const cursor = url.searchParams.get("desde") ?? undefined;
  const base = { brandName: context.app.config.brandName, canonicalUrl: absolute(context, pathTo("noticias-index")), rssUrl: rssPath(), q };
  const isHome = !q && !cursor;
  const [taxonomy, home, tribunas, search, latest] = await Promise.all([
    loadTaxonomy(context.app.db),
    isHome ? getNewsHome(context.app) : null,
    isHome ? listTribunas(context.app, { limit: 3 }) : [],
    q ? searchNews(context.app, { q, cursor }) : null,
    !q && cursor ? listNews(context.app, { cursor }) : null,
  ]);
  return { ...base, areas: taxonomy.areas, home, tribunas, search, latest };
}

/** Area and category lists: the id decides; a wrong or missing slug answers a permanent redirect. */
export async function loadNewsList(context: PageLoadContext, url: URL, kind: "area" | "category", params: { id?: string; slug?: string }) {
  const id = idOf(params.id);
  const taxonomy = await loadTaxonomy(context.app.db);
  const taxon = (kind === "area" ? taxonomy.areas : taxonomy.categories).find((t) => t.id === id);
  if (!taxon) notFound();
  if (params.slug !== taxon.slug) throw pageRedirect(taxon.url + url.search, 301);
  const cursor = url.searchParams.get("desde") ?? undefined;
  const page = await listNews(context.app, { ...(kind === "area" ? { areaId: id } : { categoryId: id }), cursor });
  return {
    kind,
    taxon,
    page,
    isFirstPage: !cursor,
    areas: taxonomy.areas,
    brandName: context.app.config.brandName,
    canonicalUrl: absolute(context, taxon.url),
    rssUrl: kind === "area" ? rssPath(taxon.slug) : rssPath(),
  };
}

export async function loadNoticia(context: PageLoadContext, url: URL, params: { id?: string }) {
  const id = idOf(params.id);
  const noticia = await getNoticia(context.app, id, context.user);
  // A renamed item keeps its old links working, and search engines move to the new address.
  if (decodeURIComponent(url.pathname) !== noticia.url) throw pageRedirect(noticia.url + url.search, 301);
  const [related, taxonomy] = await Promise.all([listRelatedNews(context.app, noticia), loadTaxonomy(context.app.db)]);
  const canonicalUrl = absolute(context, noticia.url);
  const isPreview = noticia.status !== "publicada";
  return {
    noticia,
    related,
    areas: taxonomy.areas,
    brandName: context.app.config.brandName,
    canonicalUrl,
    imageUrl: noticia.imagen ? absolute(context, noticia.imagen.url) : null,
    isPreview,
    canEdit: can(context.user, editNews),
    newsArticle: isPreview ? null : newsArticleOf(noticia, context.app.config.appUrl, context.app.config.brandName),
    // The breadcrumb the page shows: news, the item's area and category, the item.
    breadcrumbLd: isPreview
      ? null
      : breadcrumbJsonLd(
          context.app.config.appUrl,
          [
            { name: "Noticias", path: pathTo("noticias-index") },
            { name: noticia.area.nombre, path: noticia.area.url },
            { name: noticia.categoria.nombre, path: noticia.categoria.url },
            { name: noticia.titulo },
          ],
          canonicalUrl,
        ),
  };
}

/** schema.org NewsArticle (Google's article structured data). */
export function newsArticleOf(noticia: NoticiaDetail, appUrl: string, brandName: string) {
  const url = appUrl + noticia.url;
  return {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
    headline: noticia.titulo.slice(0, 110),
    description: noticia.entradilla,
    ...(noticia.imagen ? { image: [appUrl + noticia.imagen.url] } : {}),
    datePublished: noticia.publicada_en,
    dateModified: noticia.actualizada_en,
    articleSection: noticia.area.nombre,
    ...(noticia.etiquetas.length ? { keywords: noticia.etiquetas.join(", ") } : {}),
    inLanguage: "es-ES",
    author: noticia.autor
      ? {
          "@type": "Person",
          name: noticia.autor.nombre,
          url: appUrl + noticia.autor.url,
          ...(noticia.autor.cargo ? { jobTitle: noticia.autor.cargo } : {}),
        }
      : { "@type": "Organization", name: brandName },
    publisher: {
      "@type": "Organization",
      name: brandName,
      logo: { "@type": "ImageObject", url: `${appUrl}/logo.png`, width: 512, height: 512 },
    },
  };
}
