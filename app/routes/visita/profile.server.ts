import { data } from "react-router";
import { cacheUntil } from "#common/cache-policy";
import { pathTo } from "#common/route-names";
import type { PageLoadContext } from "#server/context";
import { pageRedirect } from "#server/platform/page-redirect";
import { getPublicProfile, idOfHandle, listActivePromotionsOfRepresentative, type PublicProfile } from "#server/visita";
import { notFound, viewerOfPage } from "./catalogue.server";

/** schema.org ProfilePage about the representative (a Person), for search engines. */
function profileJsonLd(profile: PublicProfile, canonicalUrl: string, appUrl: string) {
  const { usuario } = profile;
  return {
    "@context": "https://schema.org",
    "@type": "ProfilePage",
    url: canonicalUrl,
    mainEntity: {
      "@type": "Person",
      name: usuario.nombre,
      identifier: profile.handle,
      ...(usuario.cargo ? { jobTitle: usuario.cargo } : {}),
      ...(usuario.empresa ? { worksFor: { "@type": "Organization", name: usuario.empresa } } : {}),
      ...(usuario.avatar ? { image: `${appUrl}${usuario.avatar}` } : {}),
      ...(profile.zonas.length ? { areaServed: profile.zonas.map((z) => ({ "@type": "AdministrativeArea", name: z.nombre })) } : {}),
    },
  };
}

/**
 * user/{user} and /app/user/{user}: `{user}` is "{id}-{name}"; only the id counts, and a stale or
 * missing name redirects permanently to the current handle on the same route.
 */
export async function loadUserProfile(
  context: PageLoadContext,
  request: Request,
  url: URL,
  params: { user?: string },
  route: "visita-user" | "user-public",
) {
  const id = idOfHandle(params.user ?? "") ?? notFound();
  const viewer = await viewerOfPage(context, request);
  const profile = await getPublicProfile(context.app, viewer, id);
  if (params.user !== profile.handle) throw pageRedirect(pathTo(route, { user: profile.handle }) + url.search, 301);
  // What every visitor may see: the page is cached for anonymous visitors, so no prescription-only promotion.
  const promotions = await listActivePromotionsOfRepresentative(context.app, profile.usuario.id, { professional: false });
  const appUrl = context.app.config.appUrl;
  const canonicalUrl = `${appUrl}${profile.url}`;
  return data(
    {
      profile,
      promotions,
      owner: context.user?.id === profile.usuario.id,
      professional: viewer.professional,
      canonicalUrl,
      brandName: context.app.config.brandName,
      imageUrl: profile.usuario.avatar ? `${appUrl}${profile.usuario.avatar}` : `${appUrl}/og/portada.png`,
      jsonLd: profileJsonLd(profile, canonicalUrl, appUrl),
    },
    { headers: cacheUntil(promotions.map((promotion) => promotion.fin)) },
  );
}
