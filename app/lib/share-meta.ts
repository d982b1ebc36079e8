/**
 * What a shared link shows (Open Graph and Twitter cards): every public page gives its title,
 * description, address and a picture. Offers have their own card (/og/oferta/{id}.png, made on the
 * server from the title, company and place), as do products, promotions, news and tribunas; other
 * pages the site's card. Descriptions are cut to 160 characters.
 */
/** Search engines show about 160 characters of a description; a longer one is cut at a word, with "…". */
export const DESCRIPTION_MAX = 160;

export function metaDescription(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.·-]+$/, "")}…`;
}

export type ShareMetaInput = {
  title: string;
  description: string;
  /** Absolute canonical address of the page. */
  url: string;
  /** Absolute address of the picture. */
  image: string;
  imageAlt: string;
  brandName: string;
  /** og:type: "article" for a news item or tribuna, "profile" for a person; else "website". */
  type?: "website" | "article" | "profile";
};

export const shareImageUrl = (appUrl: string, offerId?: number) =>
  offerId ? shareCardUrl(appUrl, "oferta", offerId) : `${appUrl}/og/portada.png`;

export function shareMeta({ title, description: text, url, image, imageAlt, brandName, type = "website" }: ShareMetaInput) {
  const description = metaDescription(text);
  return [
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:url", content: url },
    { property: "og:site_name", content: brandName },
    { property: "og:locale", content: "es_ES" },
    ...imageMeta({ image, imageAlt, title, description }),
  ];
}

/**
 * A page's whole head for its own card: "title · brand", the description (cut), the canonical
 * address, then shareMeta. Pages add their own tags (article:*, robots) after it.
 */
export function pageMeta(input: ShareMetaInput) {
  return [
    { title: `${input.title} · ${input.brandName}` },
    { name: "description", content: metaDescription(input.description) },
    { tagName: "link", rel: "canonical", href: input.url },
    ...shareMeta(input),
  ];
}

/** The pictures made on the server for shared links (all 1200×630 PNG, outside /api/). */
export type ShareCardKind = "oferta" | "producto" | "promocion" | "noticia" | "tribuna";
export const shareCardUrl = (appUrl: string, kind: ShareCardKind, id: number) => `${appUrl}/og/${kind}/${id}.png`;

/** og:image with its size and alt, and the Twitter card, for a page that writes its own og:title/og:url. */
export function imageMeta({
  image,
  imageAlt,
  title,
  description,
}: {
  image: string;
  imageAlt: string;
  title: string;
  description: string;
}) {
  const text = metaDescription(description);
  return [
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: text },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
  ];
}

/** The site's picture and Twitter tags for a page that already writes its own og:title/og:url. */
export function siteImageMeta({
  url,
  title,
  description,
  brandName,
}: {
  url: string;
  title: string;
  description: string;
  brandName: string;
}) {
  return imageMeta({ image: shareImageUrl(new URL(url).origin), imageAlt: siteImageAlt(brandName), title, description });
}

export const siteImageAlt = (brandName: string) => `${brandName}: empleo, noticias y visita médica`;
