/**
 * What a shared link shows (Open Graph and Twitter cards): every public page gives its title,
 * description, address and a picture. Offers have their own card (/og/oferta/{id}.png, made on the
 * server from the title, company and place); other pages the site's card.
 */
export type ShareMetaInput = {
  title: string;
  description: string;
  /** Absolute canonical address of the page. */
  url: string;
  /** Absolute address of the picture. */
  image: string;
  imageAlt: string;
  brandName: string;
};

export const shareImageUrl = (appUrl: string, offerId?: number) =>
  offerId ? `${appUrl}/og/oferta/${offerId}.png` : `${appUrl}/og/portada.png`;

export function shareMeta({ title, description, url, image, imageAlt, brandName }: ShareMetaInput) {
  return [
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:url", content: url },
    { property: "og:site_name", content: brandName },
    { property: "og:locale", content: "es_ES" },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
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
  const image = shareImageUrl(new URL(url).origin);
  const imageAlt = `${brandName}: empleo, noticias y visita médica`;
  return [
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
  ];
}
