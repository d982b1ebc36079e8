import { companyPayload } from "#app/features/accounts/company-fields";
import { formId } from "#app/features/accounts/profile-payload";
import { empleoEmpresaSchema } from "#common/accounts";
import { requireUser, saveEmpleoEmpresa } from "#server/accounts";
import type { PageLoadContext } from "#server/context";
import { validationError } from "#server/platform/errors";
import { formMutation, parseFields, unknownIntent } from "#server/platform/page-form";
import { pageRedirect } from "#server/platform/page-redirect";

const CHOOSE_COMPANY = "Elige una empresa de la lista";

/**
 * The company step of empleo (decision 0060), the service of POST /api/user/empleo/empresa:
 * "join" asks to join a company found by the search (its administrators approve: the page says
 * so and stays), "create" registers a new one; both then go to the employment area.
 */
export async function empleoEmpresaAction(context: PageLoadContext, request: Request) {
  const user = requireUser(context, request);
  return formMutation(request, async (form) => {
    const intent = form.get("intent");
    const cargo = formId(form, "cargo");
    let input: unknown;
    if (intent === "join") {
      const empresa = formId(form, "empresa_id");
      if (!empresa) throw validationError({ empresa: [CHOOSE_COMPANY] }, CHOOSE_COMPANY);
      input = { empresa, cargo };
    } else if (intent === "create") input = { cargo, ...companyPayload(form, false) };
    else unknownIntent();
    const result = await saveEmpleoEmpresa(context.app, user.id, parseFields(empleoEmpresaSchema, input));
    if (typeof result !== "string") return { ok: true as const, pending: result.message };
    return pageRedirect(result, 303, request);
  });
}
