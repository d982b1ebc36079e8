import { data } from "react-router";
import { assertCan } from "#server/accounts";
import type { PageLoadContext } from "#server/context";
import { AppError } from "#server/platform/errors";
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

export type LaboratoryTeamResult =
  | { ok: true; id: number; message: string }
  | { ok: false; id: number; message: string; errors: Record<string, string[]>; values: { empresa: string } };

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
  try {
    if (intent === "desvincular") await unlinkLaboratoryCompany(context.app, user, id);
    else await linkLaboratoryCompany(context.app, user, { laboratoryId: id, empresa, replace: intent === "cambiar" });
  } catch (error) {
    if (error instanceof AppError && error.status < 500 && error.status !== 401 && error.status !== 403)
      return data<LaboratoryTeamResult>(
        { ok: false, id, message: error.message, errors: error.fieldErrors ?? {}, values: { empresa } },
        { status: error.status },
      );
    throw error;
  }
  return data<LaboratoryTeamResult>({ ok: true, id, message: MESSAGES[intent] });
}
