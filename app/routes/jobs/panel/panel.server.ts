import { assertCan, EVERY_REFUSAL, formMutation, idParam, manageOffers, parseFields, unknownIntent } from "#app/routes/jobs/jobs.server";
import { companyProfileSchema } from "#common/jobs";
import { pathTo } from "#common/route-names";
import { listJoinRequests, type SessionUser } from "#server/accounts";
import type { PageLoadContext } from "#server/context";
import type { OfferFigureTotals } from "#server/jobs";
import {
  closeOffer,
  duplicateOffer,
  getCompanyProfile,
  listCompanyOffers,
  missingCompanyOf,
  offerFigureTotals,
  publishOffer,
  removeCompanyLogo,
  updateCompanyProfile,
  uploadCompanyLogo,
} from "#server/jobs";
import { pageRedirect } from "#server/platform/page-redirect";

const NOTICES: Record<string, string> = {
  creada: "Borrador guardado. Publícalo cuando esté listo.",
  guardada: "Cambios guardados.",
  publicada: "Oferta publicada: ya aparece en el listado y admite candidaturas.",
  cerrada: "Oferta cerrada: ya no admite candidaturas.",
};

export async function loadPanel(context: PageLoadContext, url: URL) {
  const user = assertCan(context, url, manageOffers);
  const notice = NOTICES[url.searchParams.get("aviso") ?? ""] ?? null;
  const page = { notice, now: new Date().toISOString(), brandName: context.app.config.brandName };
  // An employment account that has not finished its company step: say so instead of a 403.
  const noCompany = await missingCompanyOf(context.app.db, user);
  if (noCompany)
    return { offers: [], figures: {} as Record<string, OfferFigureTotals>, joinRequests: [], profile: null, noCompany, ...page };
  const [offers, joinRequests, profile] = await Promise.all([
    listCompanyOffers(context.app, user),
    listJoinRequests(context.app, user.id),
    getCompanyProfile(context.app, user),
  ]);
  // The last 30 days' views, applications and conversion of each offer (decision 0111): one query.
  const totals = await offerFigureTotals(
    context.app.db,
    offers.map((offer) => offer.id),
  );
  return { offers, figures: Object.fromEntries(totals), joinRequests, profile, noCompany: null, ...page };
}

export async function panelAction(context: PageLoadContext, request: Request, url: URL) {
  const user = assertCan(context, url, manageOffers);
  return formMutation(
    request,
    async (form) => {
      const intent = form.get("intent");
      if (intent === "profile") return profileAction(context, user, form);
      if (intent === "logo" || intent === "logo_remove") return logoAction(context, user, form, intent);
      const id = idParam(String(form.get("id") ?? ""));
      if (intent === "publish") {
        await publishOffer(context.app, user, id);
        return { ok: true as const, message: NOTICES.publicada as string };
      }
      if (intent === "close") {
        await closeOffer(context.app, user, id);
        return { ok: true as const, message: NOTICES.cerrada as string };
      }
      if (intent === "duplicate") {
        const copy = await duplicateOffer(context.app, user, id);
        return pageRedirect(pathTo("empleo-panel-editar", { id: copy.id }, { aviso: "duplicada" }));
      }
      return unknownIntent();
    },
    { inline: EVERY_REFUSAL },
  );
}

/** The description of the company's public page. */
async function profileAction(context: PageLoadContext, user: SessionUser, form: FormData) {
  await updateCompanyProfile(context.app, user, parseFields(companyProfileSchema, { descripcion: form.get("descripcion") ?? "" }));
  return { ok: true as const, message: "Descripción de la empresa guardada." };
}

/** The company's logo: a new image (decoded and re-encoded on the server) or back to its initials. */
async function logoAction(context: PageLoadContext, user: SessionUser, form: FormData, intent: "logo" | "logo_remove") {
  if (intent === "logo_remove") {
    await removeCompanyLogo(context.app, user);
    return { ok: true as const, message: "Logotipo quitado." };
  }
  const file = form.get("logo");
  await uploadCompanyLogo(context.app, user, file instanceof Blob ? file : null);
  return { ok: true as const, message: "Logotipo guardado." };
}
