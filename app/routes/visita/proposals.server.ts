import { data } from "react-router";
import { pathTo } from "#common/route-names";
import { fieldErrorsOf } from "#common/validation";
import { type ProposalFormValues, proposalFromForm, proposalSchema, toFormValues } from "#common/visita/proposal";
import type { PageLoadContext } from "#server/context";
import { AppError } from "#server/platform/errors";
import { pageRedirect } from "#server/platform/page-redirect";
import { getRevision, listLaboratories, productAsProposal, proposalAsProductView, saveRevision, submitRevision } from "#server/visita";
import { idParam } from "./catalogue.server";
import { assertCan, keepPortfolio, PRIVATE } from "./portfolio.server";

function revisionParam(url: URL): number | null {
  const value = url.searchParams.get("revision");
  return value === null ? null : idParam(value);
}

/**
 * nuevo-producto and sugerir-cambios/{idProd}: an empty form, the product's current data, or the
 * actor's own draft (?revision=) to keep editing after the preview.
 */
export async function loadProposalForm(context: PageLoadContext, request: Request, url: URL, productParam: string | null) {
  const actor = assertCan(context, request, keepPortfolio);
  const revisionId = revisionParam(url);
  const productId = productParam === null ? null : idParam(productParam);
  const [labs, revision, product] = await Promise.all([
    listLaboratories(context.app),
    revisionId === null ? null : getRevision(context.app, actor, revisionId),
    productId === null ? null : productAsProposal(context.app.db, productId),
  ]);
  if (productId !== null && !product) throw data("No hemos encontrado este medicamento en el catálogo.", { status: 404 });
  // A sent proposal cannot be edited: show it where it is.
  if (revision && revision.estado !== "borrador") throw pageRedirect(pathTo("crear-revision-success", {}, { revision: revision.id }), 303);
  if (revision && revision.producto_id !== productId) throw data("No hemos encontrado esta propuesta.", { status: 404 });
  const initial: ProposalFormValues = revision
    ? toFormValues(revision.datos as unknown as Record<string, unknown>, revision.comentario)
    : product
      ? toFormValues(product.data as unknown as Record<string, unknown>)
      : toFormValues(null);
  if (!revision && !product) {
    initial.principios_activos = [{ nombre: "", dosis: "", unidad: "mg" }];
    initial.presentaciones = [{ cn: "", nombre: "" }];
  }
  return data(
    {
      laboratories: labs.map((lab) => ({ value: String(lab.id), label: lab.nombre })),
      initial,
      revisionId: revision?.id ?? null,
      imageUrl: revision?.imagen_url ?? null,
      product:
        product && productId !== null
          ? { id: productId, nombre: product.name, url: pathTo("producto", { product: product.slug, id: productId }) }
          : null,
    },
    { headers: PRIVATE },
  );
}

export type ProposalFailure = { ok: false; message: string; errors: Record<string, string[]>; values: ProposalFormValues };

/** Saves the form as the actor's draft (with its image) and opens the preview. */
export async function proposalFormAction(context: PageLoadContext, request: Request, url: URL, productParam: string | null) {
  const actor = assertCan(context, request, keepPortfolio);
  const productId = productParam === null ? null : idParam(productParam);
  const revisionId = revisionParam(url);
  const form = await request.formData();
  const raw = proposalFromForm(form);
  const values = toFormValues(raw, String(form.get("comentario") ?? ""));
  const image = form.get("imagen");
  const fail = (message: string, errors: Record<string, string[]>, status: number) =>
    data<ProposalFailure>({ ok: false, message, errors, values }, { status });
  const parsed = proposalSchema.safeParse(raw);
  if (!parsed.success) return fail("Revisa los campos marcados.", fieldErrorsOf(parsed.error), 422);
  const comentario = values.comentario.trim();
  if (comentario.length > 1000) return fail("Revisa los campos marcados.", { comentario: ["Máximo 1000 caracteres."] }, 422);
  try {
    const saved = await saveRevision(
      context.app,
      actor,
      { producto_id: productId, datos: parsed.data, comentario, enviar: false },
      { revisionId: revisionId ?? undefined, image: image instanceof Blob && image.size > 0 ? image : null },
    );
    throw pageRedirect(pathTo("preview-editar-producto", {}, { revision: saved.id }), 303);
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return fail(error.message, error.fieldErrors ?? {}, error.status);
    throw error;
  }
}

/** preview-editar-producto?revision=: the proposal drawn exactly as its product page will look. */
export async function loadPreview(context: PageLoadContext, request: Request, url: URL) {
  const actor = assertCan(context, request, keepPortfolio);
  const id = revisionParam(url);
  if (id === null) throw data("Falta la propuesta que quieres ver.", { status: 404 });
  const revision = await getRevision(context.app, actor, id);
  const current = revision.producto_id === null ? null : await productAsProposal(context.app.db, revision.producto_id);
  const product = await proposalAsProductView(context.app, revision, current ? current.version + 1 : 1);
  const editUrl =
    revision.producto_id === null
      ? pathTo("nuevo-producto", {}, { revision: revision.id })
      : pathTo("sugerir-cambios", { idProd: revision.producto_id }, { revision: revision.id });
  return data({ revision, product, editUrl }, { headers: PRIVATE });
}

export type PreviewFailure = { ok: false; message: string; errors: Record<string, string[]> };

/** The preview's "Enviar a revisión": the draft goes to the moderators. */
export async function previewAction(context: PageLoadContext, request: Request, url: URL) {
  const actor = assertCan(context, request, keepPortfolio);
  const id = revisionParam(url);
  if (id === null) throw data("Falta la propuesta que quieres enviar.", { status: 404 });
  try {
    await submitRevision(context.app, actor, id);
  } catch (error) {
    if (error instanceof AppError && error.status < 500)
      return data<PreviewFailure>({ ok: false, message: error.message, errors: error.fieldErrors ?? {} }, { status: error.status });
    throw error;
  }
  throw pageRedirect(pathTo("crear-revision-success", {}, { revision: id }), 303);
}

/** crear-revision-success?revision=: what happens next. */
export async function loadRevisionSuccess(context: PageLoadContext, request: Request, url: URL) {
  const actor = assertCan(context, request, keepPortfolio);
  const id = revisionParam(url);
  if (id === null) throw data("Falta la propuesta.", { status: 404 });
  const revision = await getRevision(context.app, actor, id);
  return data({ revision }, { headers: PRIVATE });
}

export { listMyNotices, listMyRevisions, markNoticesRead } from "#server/visita";
