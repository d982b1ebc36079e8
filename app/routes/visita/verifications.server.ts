import { data } from "react-router";
import { DEFAULT_COUNTRY_ID } from "#common/constants";
import { pathTo } from "#common/route-names";
import { fieldErrorsOf } from "#common/validation";
import { verificationDecisionSchema, verificationRequestSchema } from "#common/visita/verifications";
import type { PageLoadContext } from "#server/context";
import { AppError } from "#server/platform/errors";
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

type Values = { nombre: string; email: string; num_colegiado: string; estado_id: string };
export type VerificacionActionData = { ok: false; message: string; errors: Record<string, string[]>; values: Values };

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
  const values: Values = {
    nombre: String(form.get("nombre") ?? ""),
    email: String(form.get("email") ?? ""),
    num_colegiado: String(form.get("num_colegiado") ?? ""),
    estado_id: String(form.get("estado_id") ?? ""),
  };
  const parsed = verificationRequestSchema.safeParse(values);
  if (!parsed.success) {
    return data<VerificacionActionData>(
      { ok: false, message: "Revisa los campos marcados.", errors: fieldErrorsOf(parsed.error), values },
      { status: 422 },
    );
  }
  let id: number;
  try {
    id = (await requestVerification(context.app, actor, { ...parsed.data, producto_id: productId })).id;
  } catch (error) {
    if (error instanceof AppError && error.status < 500 && error.status !== 404) {
      return data<VerificacionActionData>(
        { ok: false, message: error.message, errors: error.fieldErrors ?? {}, values },
        { status: error.status },
      );
    }
    throw error;
  }
  throw pageRedirect(pathTo("success-verif", {}, { verificacion: id, accion: "enviada" }), 303);
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

export type VerifyActionData = { ok: true; estado: string } | { ok: false; message: string };

export async function verifyAction(context: PageLoadContext, request: Request, params: { hash?: string }) {
  const form = await request.formData();
  const parsed = verificationDecisionSchema.safeParse({ decision: form.get("decision") });
  if (!parsed.success) return data<VerifyActionData>({ ok: false, message: "Elige «Confirmar» o «Rechazar»." }, { status: 422 });
  try {
    const result = await answerVerification(context.app, params.hash ?? "", parsed.data.decision, {
      clientIp: context.clientIp,
      user: context.user,
    });
    return data<VerifyActionData>({ ok: true, estado: result.estado }, { headers: PRIVATE });
  } catch (error) {
    if (error instanceof AppError && (error.status === 410 || error.status === 403)) {
      return data<VerifyActionData>({ ok: false, message: error.message }, { status: error.status });
    }
    throw error;
  }
}
