import { data } from "react-router";
import { pathTo } from "#common/route-names";
import { type ProposalFormValues, proposalFromForm, proposalSchema, toFormValues } from "#common/visita/proposal";
import type { PageLoadContext } from "#server/context";
import { validationError } from "#server/platform/errors";
import { CHECK_FIELDS, EVERY_REFUSAL, formMutation, parseFields } from "#server/platform/page-form";
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

/** What the proposal form is refilled with after a refusal. */
const valuesOf = (form: FormData): ProposalFormValues => toFormValues(proposalFromForm(form), String(form.get("comentario") ?? ""));

/** Saves the form as the actor's draft (with its image) and opens the preview. */
export async function proposalFormAction(context: PageLoadContext, request: Request, url: URL, productParam: string | null) {
  const actor = assertCan(context, request, keepPortfolio);
  const productId = productParam === null ? null : idParam(productParam);
  const revisionId = revisionParam(url);
  return formMutation(
    request,
    async (form) => {
      const datos = parseFields(proposalSchema, proposalFromForm(form));
      const comentario = String(form.get("comentario") ?? "").trim();
      if (comentario.length > 1000) throw validationError({ comentario: ["Máximo 1000 caracteres."] }, CHECK_FIELDS);
      const image = form.get("imagen");
      const saved = await saveRevision(
        context.app,
        actor,
        { producto_id: productId, datos, comentario, enviar: false },
        { revisionId: revisionId ?? undefined, image: image instanceof Blob && image.size > 0 ? image : null },
      );
      throw pageRedirect(pathTo("preview-editar-producto", {}, { revision: saved.id }), 303);
    },
    { values: valuesOf, inline: EVERY_REFUSAL },
  );
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

/** The preview's "Enviar a revisión": the draft goes to the moderators. */
export async function previewAction(context: PageLoadContext, request: Request, url: URL) {
  const actor = assertCan(context, request, keepPortfolio);
  const id = revisionParam(url);
  if (id === null) throw data("Falta la propuesta que quieres enviar.", { status: 404 });
  return formMutation(
    request,
    async () => {
      await submitRevision(context.app, actor, id);
      throw pageRedirect(pathTo("crear-revision-success", {}, { revision: id }), 303);
    },
    { inline: EVERY_REFUSAL },
  );
}

/** crear-revision-success?revision=: what happens next. */
export async function loadRevisionSuccess(context: PageLoadContext, request: Request, url: URL) {
  const actor = assertCan(context, request, keepPortfolio);
  const id = revisionParam(url);
  if (id === null) throw data("Falta la propuesta.", { status: 404 });
  const revision = await getRevision(context.app, actor, id);
  return data({ revision }, { headers: PRIVATE });
}

export { listMyRevisions } from "#server/visita";
