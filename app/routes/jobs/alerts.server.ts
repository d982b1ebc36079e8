import { DEFAULT_COUNTRY_SLUG } from "#common/constants";
import { ALERT_FREQUENCIES, ALERT_FREQUENCY_LABELS, alertFrequencyInputSchema, alertInputSchema } from "#common/jobs";
import { pathTo } from "#common/route-names";
import type { PageLoadContext } from "#server/context";
import { createAlert, deleteAlert, listAlerts, listingPathOf, setAlertFrequency } from "#server/jobs";
import { pageRedirect } from "#server/platform/page-redirect";
import { cargos, findEstadosOfPais, findPaisBySlug } from "#server/reference";
import { marketOptions } from "./countries.server";
import {
  applyToOffers,
  assertCan,
  EVERY_REFUSAL,
  formMutation,
  idParam,
  parseFields,
  preferredCountrySlug,
  unknownIntent,
} from "./jobs.server";
import { FILTER_KEYS } from "./listing.server";

export async function loadAlertas(context: PageLoadContext, url: URL) {
  const user = assertCan(context, url, applyToOffers);
  const alerts = await listAlerts(context.app, user);
  // A search brought here (the listing's «Crear alerta», kept across the login) fills the form.
  const prefill = prefillOf(url);
  const paisSlug = (prefill.pais && findPaisBySlug(prefill.pais)?.slug) || (await preferredCountrySlug(context));
  const pais = findPaisBySlug(paisSlug) ?? findPaisBySlug(DEFAULT_COUNTRY_SLUG);
  // The listing's country picker: the markets, then the countries with open offers.
  const markets = await marketOptions(context, pais?.id ?? 0);
  return {
    brandName: context.app.config.brandName,
    created: url.searchParams.has("creada"),
    alerts: alerts.map((alert) => ({ ...alert, listingUrl: listingPathOf(alert.criteria) })),
    defaultPais: pais?.slug ?? DEFAULT_COUNTRY_SLUG,
    paises: markets.options,
    paisIds: markets.ids,
    prefill,
    estados: estadoOptionsOf(paisSlug),
    cargos: cargos.map(({ slug, nombre }) => ({ value: slug, label: nombre })),
    frecuencias: ALERT_FREQUENCIES.map((value) => ({ value, label: ALERT_FREQUENCY_LABELS[value] })),
  };
}

export async function alertasAction(context: PageLoadContext, request: Request, url: URL) {
  const user = assertCan(context, url, applyToOffers);
  return formMutation(
    request,
    async (form) => {
      const intent = form.get("intent");
      if (intent === "delete") {
        await deleteAlert(context.app, user, idParam(String(form.get("id") ?? "")));
        return { ok: true as const, intent: "delete" as const };
      }
      if (intent === "frecuencia") {
        const id = idParam(String(form.get("id") ?? ""));
        await setAlertFrequency(
          context.app,
          user,
          id,
          parseFields(alertFrequencyInputSchema, { frecuencia: String(form.get("frecuencia") ?? "") }),
        );
        return { ok: true as const, intent: "frecuencia" as const, id };
      }
      if (intent === "create") {
        const fields = Object.fromEntries(
          [...form.entries()].filter(([key]) => key !== "intent").map(([key, value]) => [key, String(value)]),
        );
        await createAlert(context.app, user, parseFields(alertInputSchema, fields));
        // Back to the list (also from the listing's "Crear alerta" button), saying it worked.
        throw pageRedirect(pathTo("empleo-alertas", {}, { creada: 1 }));
      }
      return unknownIntent();
    },
    { inline: EVERY_REFUSAL },
  );
}

/**
 * What an alert form takes from the address: the listing's filters (FILTER_KEYS) with the country,
 * job title and frequency, but neither the age filter nor the order (an alert sends new offers).
 */
const ALERT_FILTER_KEYS = FILTER_KEYS.filter(
  (key): key is Exclude<(typeof FILTER_KEYS)[number], "publicada" | "orden"> => key !== "publicada" && key !== "orden",
);
const PREFILLED = ["frecuencia", "pais", "cargo", ...ALERT_FILTER_KEYS] as const;

/** The search criteria in the address (short strings only; the form's schema checks them on submit). */
function prefillOf(url: URL): Partial<Record<(typeof PREFILLED)[number], string>> {
  return Object.fromEntries(
    PREFILLED.map((key) => [key, url.searchParams.get(key)?.slice(0, 200) ?? ""]).filter(([, value]) => Boolean(value)),
  );
}

/** The default country's sub-divisions, so the form works before any JavaScript runs. */
function estadoOptionsOf(paisSlug: string) {
  const pais = findPaisBySlug(paisSlug);
  return pais ? findEstadosOfPais(pais.id).map((estado) => ({ value: String(estado.id), label: estado.nombre })) : [];
}
