import type { Context } from "hono";
import { routePath } from "hono/route";
import type { ServerBuild } from "react-router";
import type { AppEnv } from "#server/env";

/**
 * The pattern that answered a request, for metrics and span names: a page's route pattern (set by
 * the page handler), else the Hono route of the last handler that ran ("/api/empleo/ofertas/:id").
 * Never the raw path: that would carry ids and slugs, and let clients invent label values.
 */
export function routeOf(c: Context<AppEnv>): string {
  return c.get("route") ?? routePath(c);
}

/** Each React Router route id's full pattern ("/app/empleo/ofertas/:slug"), for routeOf. */
export function routePatternsOf(build: ServerBuild): Map<string, string> {
  const patterns = new Map<string, string>();
  const patternOf = (id: string): string => {
    const known = patterns.get(id);
    if (known !== undefined) return known;
    const route = build.routes[id];
    const parent = route?.parentId ? patternOf(route.parentId) : "";
    const own = route?.path ? `${parent.replace(/\/$/, "")}/${route.path}` : parent;
    patterns.set(id, own);
    return own;
  };
  for (const id of Object.keys(build.routes)) patternOf(id);
  const base = (build.basename ?? "").replace(/\/$/, "");
  for (const [id, pattern] of patterns) patterns.set(id, `${base}${pattern || "/"}`.replace(/\/$/, "") || "/");
  return patterns;
}
