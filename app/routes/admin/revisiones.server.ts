import { data } from "react-router";
import { pathTo } from "#common/route-names";
import { fieldErrorsOf } from "#common/validation";
import { rejectSchema } from "#common/visita/proposal";
import { REVISION_KINDS, type RevisionKind } from "#common/visita/vocabulary";
import { assertCan } from "#server/accounts";
import type { PageLoadContext } from "#server/context";
import { AppError } from "#server/platform/errors";
import { pageRedirect } from "#server/platform/page-redirect";
import { approveRevision, getRevisionForReview, listRevisionQueue, type QueueFilters, rejectRevision } from "#server/visita";

const STATES = ["pendiente", "aprobada", "rechazada"] as const;

function idOf(value: string | undefined): number {
  const id = Number(value);
  if (!value || !/^\d{1,10}$/.test(value) || !Number.isSafeInteger(id) || id <= 0)
    throw data("No hemos encontrado esta propuesta.", { status: 404 });
  return id;
}

/** The moderators' queue (admin-revisiones): filters in the address, keyset pages by id. */
export async function loadRevisionQueue(context: PageLoadContext, request: Request) {
  const user = assertCan(context, request, "moderation");
  const url = new URL(request.url);
  const estado = url.searchParams.get("estado") ?? "";
  const tipo = url.searchParams.get("tipo") ?? "";
  const before = Number(url.searchParams.get("antes"));
  const filters: QueueFilters = {
    estado: (STATES as readonly string[]).includes(estado) ? (estado as QueueFilters["estado"]) : undefined,
    tipo: (REVISION_KINDS as readonly string[]).includes(tipo) ? (tipo as RevisionKind) : undefined,
    q: (url.searchParams.get("q") ?? "").slice(0, 120) || undefined,
    before: Number.isSafeInteger(before) && before > 0 ? before : undefined,
  };
  const page = await listRevisionQueue(context.app, user, filters);
  return { ...page, done: url.searchParams.get("hecho") };
}

/** One revision beside the product's current data (admin-revision). */
export async function loadRevisionReview(context: PageLoadContext, request: Request, params: { id?: string }) {
  const user = assertCan(context, request, "moderation");
  try {
    return await getRevisionForReview(context.app, user, idOf(params.id));
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw data(error.message, { status: 404 });
    throw error;
  }
}

export type ReviewFailure = { ok: false; message: string; errors: Record<string, string[]>; motivo: string };

/** Approve, or reject with a reason; then back to the queue saying what was done. */
export async function revisionReviewAction(context: PageLoadContext, request: Request, params: { id?: string }) {
  const user = assertCan(context, request, "moderation");
  const id = idOf(params.id);
  const form = await request.formData();
  const motivo = String(form.get("motivo") ?? "");
  const fail = (message: string, errors: Record<string, string[]>, status: number) =>
    data<ReviewFailure>({ ok: false, message, errors, motivo }, { status });
  try {
    if (form.get("intent") === "aprobar") {
      await approveRevision(context.app, user, id);
      throw pageRedirect(pathTo("admin-revisiones", {}, { hecho: "aprobada" }), 303);
    }
    if (form.get("intent") === "rechazar") {
      const parsed = rejectSchema.safeParse({ motivo });
      if (!parsed.success) return fail("Escribe el motivo del rechazo: el autor lo recibirá.", fieldErrorsOf(parsed.error), 422);
      await rejectRevision(context.app, user, id, parsed.data.motivo);
      throw pageRedirect(pathTo("admin-revisiones", {}, { hecho: "rechazada" }), 303);
    }
    return fail("La petición no es válida.", {}, 400);
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return fail(error.message, error.fieldErrors ?? {}, error.status);
    throw error;
  }
}
