import type { PageLoadContext } from "#server/context";
import { getStatsDashboard } from "#server/visita";
import { assertCan, keepPortfolio, PRIVATE } from "./portfolio.server";

/** estadisticas: the figures of the marketing user's laboratories, or of the representative's own. */
export async function loadStats(context: PageLoadContext, request: Request, url: URL) {
  const user = assertCan(context, request, keepPortfolio);
  const query = Object.fromEntries(["alcance", "rango", "desde", "hasta"].map((key) => [key, url.searchParams.get(key)]));
  const dashboard = await getStatsDashboard(context.app, user, query);
  return { dashboard, headers: PRIVATE };
}
