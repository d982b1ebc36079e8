import { pathTo } from "#common/route-names";
import { loadAuthUser, removeDelegacion, requireUser } from "#server/accounts";
import type { PageLoadContext } from "#server/context";
import { formMutation, unknownIntent } from "#server/platform/page-form";
import { pageRedirect } from "#server/platform/page-redirect";

/** Needs a delegation on the user's company; otherwise the company step comes first (product-spec §2, §5). */
export async function loadJobsTerms(context: PageLoadContext, request: Request) {
  const user = requireUser(context, request);
  const authUser = await loadAuthUser(context.app, user.id);
  const empresa = authUser?.empresa;
  if (!empresa?.delegacion) throw pageRedirect(pathTo("crear-cuenta-empleo-empresa"), 302, request);
  return { empresa: empresa.nombre, delegacion: empresa.delegacion.nombre, brandName: context.app.config.brandName };
}

/**
 * «Eliminar delegación» (a POST, decision 0060): the service of DELETE /api/user/delegacion; the
 * user chooses their company again.
 */
export async function jobsTermsAction(context: PageLoadContext, request: Request) {
  const user = requireUser(context, request);
  return formMutation(request, async (form) => {
    if (form.get("intent") !== "remove-delegation") unknownIntent();
    await removeDelegacion(context.app, user.id);
    return pageRedirect(pathTo("crear-cuenta-empleo-empresa"), 303, request);
  });
}
