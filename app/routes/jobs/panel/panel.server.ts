import { data } from "react-router";
import { actionFailure, assertCan, idParam, manageOffers, validationFailure } from "#app/routes/jobs/jobs.server";
import { companyProfileSchema } from "#common/jobs";
import { pathTo } from "#common/route-names";
import { listJoinRequests, type SessionUser } from "#server/accounts";
import type { PageLoadContext } from "#server/context";
import {
  closeOffer,
  duplicateOffer,
  getCompanyProfile,
  listCompanyOffers,
  publishOffer,
  removeCompanyLogo,
  updateCompanyProfile,
  uploadCompanyLogo,
} from "#server/jobs";
import { AppError } from "#server/platform/errors";
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
  try {
    const [offers, joinRequests, profile] = await Promise.all([
      listCompanyOffers(context.app, user),
      listJoinRequests(context.app, user.id),
      getCompanyProfile(context.app, user),
    ]);
    return {
      offers,
      joinRequests,
      profile,
      noCompany: null,
      notice,
      now: new Date().toISOString(),
      brandName: context.app.config.brandName,
    };
  } catch (error) {
    // An employment account that has not finished its company step: say so instead of a 403.
    if (error instanceof AppError && error.status === 403) {
      return {
        offers: [],
        joinRequests: [],
        profile: null,
        noCompany: error.message,
        notice,
        now: new Date().toISOString(),
        brandName: context.app.config.brandName,
      };
    }
    throw error;
  }
}

export async function panelAction(context: PageLoadContext, request: Request, url: URL) {
  const user = assertCan(context, url, manageOffers);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "profile") return profileAction(context, user, form);
  if (intent === "logo" || intent === "logo_remove") return logoAction(context, user, form, intent);
  const id = idParam(String(form.get("id") ?? ""));
  try {
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
  } catch (error) {
    return actionFailure(error);
  }
  return data({ ok: false as const, message: "Acción desconocida.", errors: {} }, { status: 400 });
}

/** The description of the company's public page. */
async function profileAction(context: PageLoadContext, user: SessionUser, form: FormData) {
  const parsed = companyProfileSchema.safeParse({ descripcion: form.get("descripcion") ?? "" });
  if (!parsed.success) return validationFailure(parsed.error);
  try {
    await updateCompanyProfile(context.app, user, parsed.data);
    return { ok: true as const, message: "Descripción de la empresa guardada." };
  } catch (error) {
    return actionFailure(error);
  }
}

/** The company's logo: a new image (decoded and re-encoded on the server) or back to its initials. */
async function logoAction(context: PageLoadContext, user: SessionUser, form: FormData, intent: "logo" | "logo_remove") {
  try {
    if (intent === "logo_remove") {
      await removeCompanyLogo(context.app, user);
      return { ok: true as const, message: "Logotipo quitado." };
    }
    const file = form.get("logo");
    await uploadCompanyLogo(context.app, user, file instanceof Blob ? file : null);
    return { ok: true as const, message: "Logotipo guardado." };
  } catch (error) {
    return actionFailure(error);
  }
}
