import { notFound, pagePathOf, pageRedirect } from "#app/lib/page.server";
import type { Config } from "#server/config";
import type { Route } from "./+types/redirect";

/** The previous site's pages each legacy route sends the browser to (product-spec §2). */
const TARGETS: Record<string, keyof Config["destinations"]> = {
  "/app/perfil-user": "legacyPerfilUser",
  "/app/canal-farmacias": "legacyCanalFarmacias",
  "/app/perfil-user-empleo": "legacyPerfilUserEmpleo",
  "/app/panel-empleo": "legacyPanelEmpleo",
  "/app/pf3": "legacyPf3",
};

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const key = TARGETS[pagePathOf(request)];
  if (!key) notFound();
  const target = context.app.config.destinations[key];
  // Same-app destinations keep the query (e.g. ?redirect_url); external ones get exactly the configured URL.
  return pageRedirect(target.startsWith("/") ? target + url.search : target, 301, request);
}

export default function LegacyRedirect() {
  return null;
}
