/**
 * schema.org data several pages share: the site itself (Organization and WebSite, on the home
 * page) and the BreadcrumbList of a page that shows a breadcrumb (the same steps, absolute).
 */
export function siteJsonLd(appUrl: string, brandName: string) {
  const home = `${appUrl}/app`;
  const organization = {
    "@type": "Organization",
    "@id": `${home}#organization`,
    name: brandName,
    url: home,
    logo: { "@type": "ImageObject", url: `${appUrl}/logo.png`, width: 512, height: 512 },
  };
  return {
    "@context": "https://schema.org",
    "@graph": [
      organization,
      {
        "@type": "WebSite",
        "@id": `${home}#website`,
        name: brandName,
        url: home,
        inLanguage: "es-ES",
        publisher: { "@id": organization["@id"] },
      },
    ],
  };
}

/** One step of a breadcrumb: its label and the page's path (the last step, the page itself, may omit it). */
export type Crumb = { name: string; path?: string };

export function breadcrumbJsonLd(appUrl: string, crumbs: Crumb[], pageUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: crumb.path ? `${appUrl}${crumb.path}` : pageUrl,
    })),
  };
}
