import { data } from "react-router";
import { assertCan } from "#server/accounts";
import type { PageLoadContext } from "#server/context";
import { formMutation } from "#server/platform/page-form";
import { linkLaboratoryCompany, listLaboratoryTeams, unlinkLaboratoryCompany } from "#server/visita";

/** admin-laboratorios: laboratories by name (?q, keyset ?antes) with the company that is their marketing team. */
export async function loadLaboratorios(context: PageLoadContext, request: Request) {
  const user = assertCan(context, request, "administration");
  const params = new URL(request.url).searchParams;
  const before = Number(params.get("antes"));
  return listLaboratoryTeams(context.app, user, {
    q: params.get("q") ?? undefined,
    before: Number.isSafeInteger(before) && before > 0 ? before : undefined,
  });
}

const MESSAGES = {
  vincular: "Empresa vinculada: sus usuarios de marketing ya ven el panel del laboratorio.",
  cambiar: "Empresa cambiada: la anterior ya no ve el panel del laboratorio.",
  desvincular: "Empresa desvinculada: sus usuarios de marketing ya no ven el panel del laboratorio.",
} as const;

/** intent=vincular|cambiar (id, empresa: name or id) or intent=desvincular (id); the service decides and audits. */
export async function laboratoriosAction(context: PageLoadContext, request: Request) {
  const user = assertCan(context, request, "administration");
  const form = await request.formData();
  const idText = String(form.get("id") ?? "");
  const id = /^\d{1,9}$/.test(idText) ? Number(idText) : 0;
  if (id <= 0) throw data("La petición no es válida.", { status: 400 });
  const intent = String(form.get("intent") ?? "");
  const empresa = String(form.get("empresa") ?? "");
  if (intent !== "vincular" && intent !== "cambiar" && intent !== "desvincular") throw data("Acción desconocida.", { status: 400 });
  return formMutation(
    form,
    async () => {
      if (intent === "desvincular") await unlinkLaboratoryCompany(context.app, user, id);
      else await linkLaboratoryCompany(context.app, user, { laboratoryId: id, empresa, replace: intent === "cambiar" });
      return { ok: true as const, id, message: MESSAGES[intent] };
    },
    // An unknown company or laboratory (404) is said on the laboratory's row, as before.
    { key: id, values: () => ({ empresa }), inline: [404, 410] },
  );
}
