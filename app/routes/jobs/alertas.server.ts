import { data } from "react-router";
import { alertInputSchema } from "#common/jobs";
import { pathTo } from "#common/route-names";
import type { PageLoadContext } from "#server/context";
import type { AlertView } from "#server/jobs";
import { createAlert, deleteAlert, listAlerts } from "#server/jobs";
import { pageRedirect } from "#server/platform/page-redirect";
import { cargos, findPaisBySlug, paises } from "#server/reference";
import { actionFailure, idParam, preferredCountrySlug, requireCandidatePage, validationFailure } from "./jobs.server";

/** The listing address an alert repeats. */
function listingUrlOf(alert: AlertView): string {
  const { pais, cargo, ...rest } = alert.criteria;
  const query = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, value === undefined ? undefined : String(value)]));
  return cargo ? pathTo("empleo-cargo", { pais, cargo }, query) : pathTo("empleo", { pais }, query);
}

export async function loadAlertas(context: PageLoadContext, url: URL) {
  const user = requireCandidatePage(context, url);
  const alerts = await listAlerts(context.app, user);
  const paisSlug = await preferredCountrySlug(context);
  return {
    brandName: context.app.config.brandName,
    created: url.searchParams.has("creada"),
    alerts: alerts.map((alert) => ({ ...alert, listingUrl: listingUrlOf(alert) })),
    defaultPais: findPaisBySlug(paisSlug)?.slug ?? "espana",
    paises: paises.map(({ slug, nombre }) => ({ value: slug, label: nombre })),
    cargos: cargos.map(({ slug, nombre }) => ({ value: slug, label: nombre })),
  };
}

export async function alertasAction(context: PageLoadContext, request: Request, url: URL) {
  const user = requireCandidatePage(context, url);
  const form = await request.formData();
  const intent = form.get("intent");
  try {
    if (intent === "delete") {
      await deleteAlert(context.app, user, idParam(String(form.get("id") ?? "")));
      return { ok: true as const, intent: "delete" as const };
    }
    if (intent === "create") {
      const fields = Object.fromEntries(
        [...form.entries()].filter(([key]) => key !== "intent").map(([key, value]) => [key, String(value)]),
      );
      const parsed = alertInputSchema.safeParse(fields);
      if (!parsed.success) return validationFailure(parsed.error);
      await createAlert(context.app, user, parsed.data);
      // Back to the list (also from the listing's "Crear alerta" button), saying it worked.
      throw pageRedirect(pathTo("empleo-alertas", {}, { creada: 1 }));
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    return actionFailure(error);
  }
  return data({ ok: false as const, message: "Acción desconocida.", errors: {} }, { status: 400 });
}
