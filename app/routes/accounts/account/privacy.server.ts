import { pathTo } from "#common/route-names";
import { findProfesionalSanitario, setProfesionalSanitario } from "#server/accounts";
import type { PageLoadContext } from "#server/context";
import { pageRedirect } from "#server/platform/page-redirect";
import { professionalSetCookie, usesSecureCookies } from "#server/platform/session-cookie";
import { professionalCookieOf } from "#server/visita";

/**
 * Mi cuenta › Privacidad: the professional declaration as it stands for this visitor (the account's,
 * with its date, or this browser session's answer).
 */
export async function loadDeclaration(context: PageLoadContext, request: Request) {
  const inBrowser = professionalCookieOf(request.headers.get("cookie"));
  const account = context.user ? await findProfesionalSanitario(context.app, context.user.id) : null;
  return { declared: inBrowser || Boolean(account?.declared), since: account?.at ?? null };
}

/** Withdraws the declaration from the account and the browser session: gated pages are gated again at once. */
export async function withdrawDeclaration(context: PageLoadContext, request: Request) {
  const form = await request.formData();
  if (form.get("intent") !== "retirar-profesional") return { ok: false as const };
  await setProfesionalSanitario(context.app, context.user?.id, false);
  const response = pageRedirect(pathTo("cuenta-privacidad", {}, { retirada: 1 }), 303);
  response.headers.append("Set-Cookie", professionalSetCookie(false, usesSecureCookies(context.app.config)));
  return response;
}
