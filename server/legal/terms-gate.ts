import type { MiddlewareHandler } from "hono";
import type { SessionUser } from "#server/accounts";
import type { AppContext } from "#server/context";
import type { AppEnv } from "#server/env";
import { pendingTerms, termsPendingError } from "./consent.service";

/**
 * What a user who has not accepted a material change of the terms may still do through the API:
 * read and accept the texts, see and export their data, delete their account, end sessions and
 * sign out (privacy rights never wait for an acceptance).
 */
const OPEN_WHILE_PENDING: { method: string | null; path: RegExp }[] = [
  { method: null, path: /^\/api\/legal\// },
  { method: null, path: /^\/api\/(login|logout|register)(\/|$)/ },
  { method: "GET", path: /^\/api\/user$/ },
  { method: "DELETE", path: /^\/api\/user$/ },
  { method: null, path: /^\/api\/user\/(export|sessions)(\/|$)/ },
];

export function openWhilePending(method: string, path: string): boolean {
  return OPEN_WHILE_PENDING.some((rule) => (rule.method === null || rule.method === method) && rule.path.test(path));
}

/** The API's answer until the user accepts: 403 with reason TERMS_NOT_ACCEPTED and a Spanish message. */
export const termsGate: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.get("user");
  if (user && !openWhilePending(c.req.method, c.req.path) && (await pendingTerms(c.get("app").db, user))) throw termsPendingError();
  await next();
};

/** Pages a user with pending terms still reaches: the texts and the accept page, sign-out, their privacy and sessions. */
const PAGES_OPEN_WHILE_PENDING = /^\/app\/(legal(\/|$)|auth\/(logout|login)(\/|$)|cuenta\/(privacidad|sesiones)(\/|$))/;

/**
 * The pages' side of the gate: a document request is redirected to the accept page; a client
 * navigation or a form's action (a `.data` request) gets React Router's redirect answer, so no
 * loader or action runs until the user accepts.
 */
export async function termsPageRedirect(ctx: Pick<AppContext, "db">, user: SessionUser | null, request: Request): Promise<Response | null> {
  if (!user) return null;
  const url = new URL(request.url);
  const dataRequest = url.pathname.endsWith(".data");
  const pathname = dataRequest ? url.pathname.slice(0, -".data".length).replace(/\/_root$/, "") || "/app" : url.pathname;
  if (PAGES_OPEN_WHILE_PENDING.test(pathname) || !(await pendingTerms(ctx.db, user))) return null;
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  const back = `${pathname}${url.searchParams.size ? `?${url.searchParams}` : ""}`;
  const target = `/app/legal/aceptar?redirect_url=${encodeURIComponent(back)}`;
  if (dataRequest) return new Response(null, { status: 204, headers: { "X-Remix-Redirect": target, "X-Remix-Status": "302" } });
  return new Response(null, { status: 302, headers: { Location: target, "Cache-Control": "private, no-store" } });
}
