import { data } from "react-router";
import { DEFAULT_COUNTRY_ID } from "#common/constants";
import { pathTo } from "#common/route-names";
import { verificationDecisionSchema, verificationRequestSchema } from "#common/visita/verifications";
import type { PageLoadContext } from "#server/context";
import { formMutation, parseFields } from "#server/platform/page-form";
import { pageRedirect } from "#server/platform/page-redirect";
import { findEstadosOfPais } from "#server/reference";
import {
  answerVerification,
  cancelVerification,
  findMyEntryForProduct,
  getMyVerification,
  getPublicVerification,
  listMyVerifications,
  requestVerification,
  resendVerification,
  resolveVerificationProduct,
} from "#server/visita";
import { idParam, notFound } from "./catalogue.server";
import { assertCan, keepPortfolio, PRIVATE } from "./portfolio.server";

/**
 * verificacion-prof/{idProd}/{idVerif}/{isRev}: idVerif is "nueva" (or 0) for a new request, or the
 * id of one of the actor's requests for this product (to resend or cancel it); isRev is 1 when
 * idProd is the id of the actor's approved proposal rather than of the catalogue product.
 */
function parseVerificationParams(params: { idProd?: string; idVerif?: string; isRev?: string }) {
  const isRev =
    params.isRev === "1" || params.isRev === "true" ? true : params.isRev === "0" || params.isRev === "false" ? false : notFound();
  const idVerif = params.idVerif === "nueva" || params.idVerif === "0" ? null : idParam(params.idVerif);
  return { idProd: idParam(params.idProd), idVerif, isRev };
}

export async function loadVerificacionProf(context: PageLoadContext, request: Request, params: Record<string, string | undefined>) {
  const actor = assertCan(context, request, keepPortfolio);
  const { idProd, idVerif, isRev } = parseVerificationParams(params);
  const productId = await resolveVerificationProduct(context.app, actor, idProd, isRev);
  const entry = await findMyEntryForProduct(context.app, actor, productId);
  if (!entry) notFound();
  const requests = await listMyVerifications(context.app, actor, { productId });
  const selected = idVerif === null ? null : (requests.find((r) => r.id === idVerif) ?? notFound());
  const provinces = findEstadosOfPais(DEFAULT_COUNTRY_ID).map((estado) => ({ value: String(estado.id), label: estado.nombre }));
  return data({ entry, requests, selected, provinces }, { headers: PRIVATE });
}

const valuesOf = (form: FormData) => ({
  nombre: String(form.get("nombre") ?? ""),
  email: String(form.get("email") ?? ""),
  num_colegiado: String(form.get("num_colegiado") ?? ""),
  estado_id: String(form.get("estado_id") ?? ""),
});

export async function verificacionProfAction(context: PageLoadContext, request: Request, params: Record<string, string | undefined>) {
  const actor = assertCan(context, request, keepPortfolio);
  const { idProd, idVerif, isRev } = parseVerificationParams(params);
  const productId = await resolveVerificationProduct(context.app, actor, idProd, isRev);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "resend" || intent === "cancel") {
    const id = idVerif ?? notFound();
    if (intent === "resend") await resendVerification(context.app, actor, id);
    else await cancelVerification(context.app, actor, id);
    throw pageRedirect(pathTo("success-verif", {}, { verificacion: id, accion: intent === "resend" ? "reenviada" : "cancelada" }), 303);
  }
  return formMutation(
    form,
    async () => {
      const input = parseFields(verificationRequestSchema, valuesOf(form));
      const { id } = await requestVerification(context.app, actor, { ...input, producto_id: productId });
      throw pageRedirect(pathTo("success-verif", {}, { verificacion: id, accion: "enviada" }), 303);
    },
    // A request the service refuses (403) or that has expired (410) is said in the form, as before.
    { values: valuesOf, inline: [403, 410] },
  );
}

/** success-verif?verificacion={id}&accion=enviada|reenviada|cancelada */
export async function loadSuccessVerif(context: PageLoadContext, request: Request, url: URL) {
  const actor = assertCan(context, request, keepPortfolio);
  const verification = await getMyVerification(context.app, actor, idParam(url.searchParams.get("verificacion")));
  const param = url.searchParams.get("accion");
  const accion: "enviada" | "reenviada" | "cancelada" = param === "reenviada" || param === "cancelada" ? param : "enviada";
  return data({ verification, accion }, { headers: PRIVATE });
}

/** visitador/public/verify/{hash}: shows the request; nothing changes until the form is posted. */
export async function loadVerify(context: PageLoadContext, params: { hash?: string }) {
  const verification = await getPublicVerification(context.app, params.hash ?? "", context.clientIp);
  return data({ verification, brandName: context.app.config.brandName }, { headers: PRIVATE });
}

export async function verifyAction(context: PageLoadContext, request: Request, params: { hash?: string }) {
  return formMutation(
    request,
    async (form) => {
      const { decision } = parseFields(verificationDecisionSchema, { decision: form.get("decision") }, "Elige «Confirmar» o «Rechazar».");
      const result = await answerVerification(context.app, params.hash ?? "", decision, { clientIp: context.clientIp, user: context.user });
      return data({ ok: true as const, estado: result.estado }, { headers: PRIVATE });
    },
    // A spent request (410) or one this visitor may not answer (403) is said on the page, as before.
    { inline: [403, 410] },
  );
}
