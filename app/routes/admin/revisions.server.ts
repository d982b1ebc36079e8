import { data } from "react-router";
import { pathTo } from "#common/route-names";
import { rejectSchema } from "#common/visita/proposal";
import { REVISION_KINDS, type RevisionKind } from "#common/visita/vocabulary";
import { assertCan } from "#server/accounts";
import type { PageLoadContext } from "#server/context";
import { EVERY_REFUSAL, formMutation, parseFields, unknownIntent } from "#server/platform/page-form";
import { pageRedirect } from "#server/platform/page-redirect";
import { approveRevision, getRevisionForReview, listRevisionQueue, type QueueFilters, rejectRevision } from "#server/visita";

const STATES = ["pendiente", "aprobada", "rechazada", "cerrada"] as const;

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
  return getRevisionForReview(context.app, user, idOf(params.id));
}

/** Approve, or reject with a reason; then back to the queue saying what was done. */
export async function revisionReviewAction(context: PageLoadContext, request: Request, params: { id?: string }) {
  const user = assertCan(context, request, "moderation");
  const id = idOf(params.id);
  return formMutation(
    request,
    async (form) => {
      if (form.get("intent") === "aprobar") {
        await approveRevision(context.app, user, id);
        throw pageRedirect(pathTo("admin-revisiones", {}, { hecho: "aprobada" }), 303);
      }
      if (form.get("intent") === "rechazar") {
        const { motivo } = parseFields(
          rejectSchema,
          { motivo: String(form.get("motivo") ?? "") },
          "Escribe el motivo del rechazo: el autor lo recibirá.",
        );
        await rejectRevision(context.app, user, id, motivo);
        throw pageRedirect(pathTo("admin-revisiones", {}, { hecho: "rechazada" }), 303);
      }
      return unknownIntent();
    },
    { inline: EVERY_REFUSAL },
  );
}
