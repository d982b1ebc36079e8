import { formMutation, parseFields, requireUser, unknownIntent } from "#app/lib/page.server";
import { deleteAccountSchema } from "#common/accounts";
import { pathTo } from "#common/route-names";
import { deleteAccount, findProfesionalSanitario, setProfesionalSanitario, signOutFromPage } from "#server/accounts";
import type { PageLoadContext } from "#server/context";
import { formObject } from "#server/platform/page-form";
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

/**
 * intent=retirar-profesional withdraws the professional declaration (anyone: the browser's answer
 * too); intent=eliminar-cuenta (password) erases the account as DELETE /api/user does, then signs
 * the browser out. Plain forms: both work before hydration.
 */
export async function privacyAction(context: PageLoadContext, request: Request) {
  return formMutation(request, async (form) => {
    const intent = form.get("intent");
    if (intent === "retirar-profesional") return withdrawDeclaration(context);
    if (intent === "eliminar-cuenta") return eraseFromPage(context, request, form);
    return unknownIntent();
  });
}

/** Withdraws the declaration from the account and the browser session: gated pages are gated again at once. */
async function withdrawDeclaration(context: PageLoadContext) {
  await setProfesionalSanitario(context.app, context.user?.id, false);
  const response = pageRedirect(pathTo("cuenta-privacidad", {}, { retirada: 1 }), 303);
  response.headers.append("Set-Cookie", professionalSetCookie(false, usesSecureCookies(context.app.config)));
  return response;
}

/** A wrong or missing password comes back to the form (422, under the field); nothing is erased. */
async function eraseFromPage(context: PageLoadContext, request: Request, form: FormData) {
  const user = requireUser(context, request);
  const { password } = parseFields(deleteAccountSchema, formObject(form));
  await deleteAccount(context.app, user.id, password);
  const setCookies = await signOutFromPage(context.app, null);
  context.user = null;
  const response = pageRedirect(pathTo("login", {}, { aviso: "cuenta-eliminada" }), 303, request);
  for (const line of setCookies) response.headers.append("Set-Cookie", line);
  return response;
}
