import { estadoOptions, paisOptions } from "#app/features/accounts/reference.server";
import { jobPostingOf } from "#app/features/jobs/job-posting";
import { shareImageUrl } from "#app/lib/share-meta";
import { breadcrumbJsonLd } from "#app/lib/structured-data";
import { addCandidatoSchema } from "#common/accounts";
import { DEFAULT_COUNTRY_ID } from "#common/constants";
import { applicationInputSchema, CV_REQUIRED, chosenCv, ONE_CLICK_FIELD, QUESTIONS_VERSION_FIELD, readAnswers } from "#common/jobs";
import { pathTo } from "#common/route-names";
import { addCandidatoRole, can, loadAuthUser, loadProfileValues, type SessionUser } from "#server/accounts";
import type { PageLoadContext } from "#server/context";
import { applyToOffer, applyToOffers, getOffer, getViewerState, listMyCvs, saveOffer, searchOffers, unsaveOffer } from "#server/jobs";
import { validationError } from "#server/platform/errors";
import { CHECK_FIELDS } from "#server/platform/page-form";
import { pageRedirect } from "#server/platform/page-redirect";
import { absoluteUrl, EVERY_REFUSAL, formMutation, idParam, parseFields, unknownIntent, viewerOf } from "./jobs.server";

export async function loadOffer(context: PageLoadContext, url: URL, params: { slugEmpresa?: string; idSlugOferta?: string }) {
  const id = idParam(params.idSlugOferta, { slug: true });
  const offer = await getOffer(context.app, id, context.user);
  // A renamed company or offer keeps its old links working, and search engines move to the new one.
  if (decodeURIComponent(url.pathname) !== decodeURIComponent(offer.url)) throw pageRedirect(offer.url + url.search, 301);

  const [viewerState, related] = await Promise.all([
    getViewerState(context.app, id, context.user),
    // Related offers need no total or facets: skip the counts (the costly part on a large country).
    searchOffers(context.app, { pais: offer.pais.slug, cargo: offer.cargo.slug, q: undefined, limit: 5 }, { counts: false }).catch(
      () => null,
    ),
  ]);
  const canonicalUrl = absoluteUrl(context, offer.url);
  return {
    candidatoDefaults: await candidatoDefaultsOf(context),
    savedCvs: context.user && can(context.user, applyToOffers) ? await listMyCvs(context.app, context.user) : [],
    now: new Date().toISOString(),
    brandName: context.app.config.brandName,
    offer,
    viewerState,
    viewer: viewerOf(context.user),
    related: (related?.items ?? []).filter((item) => item.id !== offer.id).slice(0, 4),
    maxUploadBytes: context.app.config.maxUploadBytes,
    canonicalUrl,
    shareImage: shareImageUrl(context.app.config.appUrl, offer.id),
    jobPosting: offer.status === "borrador" ? null : jobPostingOf(offer, context.app.config.appUrl),
    // The breadcrumb the page shows: the country's jobs, the position's, the offer.
    breadcrumbLd:
      offer.status === "borrador"
        ? null
        : breadcrumbJsonLd(
            context.app.config.appUrl,
            [
              { name: `Empleo en ${offer.pais.nombre}`, path: pathTo("empleo", { pais: offer.pais.slug }) },
              { name: offer.cargo.nombre, path: pathTo("empleo-cargo", { pais: offer.pais.slug, cargo: offer.cargo.slug }) },
              { name: offer.titulo },
            ],
            canonicalUrl,
          ),
    loginUrl: pathTo("login", {}, { redirect_url: `${offer.url}?inscribirme=1` }),
  };
}

/** What the "add the candidate role" form starts with, for a signed-in user who is not a candidate yet. */
async function candidatoDefaultsOf(context: PageLoadContext) {
  if (!context.user || can(context.user, applyToOffers)) return null;
  const [values, authUser] = await Promise.all([
    loadProfileValues(context.app.db, context.user.id),
    loadAuthUser(context.app, context.user.id),
  ]);
  const paisId = Number(values?.pais) || DEFAULT_COUNTRY_ID;
  return {
    nombre: authUser?.nombre ?? "",
    apellidos: authUser?.apellidos ?? "",
    nacimiento: values?.nacimiento ?? "",
    paisId: String(paisId),
    estadoId: values?.estado ?? null,
    paises: paisOptions(),
    estados: estadoOptions(paisId),
  };
}

export async function offerAction(context: PageLoadContext, request: Request, url: URL, params: { idSlugOferta?: string }) {
  const id = idParam(params.idSlugOferta, { slug: true });
  if (!context.user) throw pageRedirect(pathTo("login", {}, { redirect_url: url.pathname }));
  const user = context.user;
  // A failed application keeps the letter and the answers typed (the form shows them again).
  // A one-click attempt stays in the one-click box (its questions and their messages), not the full form.
  const values = (form: FormData) => ({
    carta: String(form.get("carta") ?? ""),
    respuestas: readAnswers((field) => form.get(field)),
    oneClick: form.get(ONE_CLICK_FIELD) === "1",
  });
  return formMutation(
    request,
    async (form) => {
      const intent = String(form.get("intent") ?? "");
      if (intent === "save") {
        await saveOffer(context.app, user, id);
        return { ok: true, intent } as const;
      }
      if (intent === "unsave") {
        await unsaveOffer(context.app, user, id);
        return { ok: true, intent } as const;
      }
      if (intent === "candidato") {
        const input = parseFields(addCandidatoSchema, {
          nombre: form.get("nombre") ?? "",
          apellidos: form.get("apellidos") ?? "",
          nacimiento: form.get("nacimiento") ?? "",
          pais: form.get("pais") ?? "",
          estado: form.get("estado") || null,
        });
        await addCandidatoRole(context.app, user.id, input);
        // Now a candidate: straight to the application form.
        throw pageRedirect(`${url.pathname}?inscribirme=1#inscripcion`, 303);
      }
      if (intent === "apply") return await applyFromForm(context, user, id, form);
      return unknownIntent();
    },
    { values, inline: EVERY_REFUSAL },
  );
}

/** The apply forms (full and one click). */
async function applyFromForm(context: PageLoadContext, user: SessionUser, id: number, form: FormData) {
  const { carta } = parseFields(applicationInputSchema, { carta: form.get("carta") ?? "" });
  const file = chosenCv(form.get("cv"));
  // A saved CV (one click, or chosen in the form) unless "Subir otro CV" was picked.
  const cvId = Number(form.get("cv_id")) || null;
  if (!file && !cvId) throw validationError({ cv: [CV_REQUIRED] }, CHECK_FIELDS);
  const preguntasVersion = form.get(QUESTIONS_VERSION_FIELD);
  await applyToOffer(context.app, user, id, {
    carta,
    cv: cvId ? null : file,
    cvId,
    respuestas: readAnswers((field) => form.get(field)),
    preguntasVersion: typeof preguntasVersion === "string" ? preguntasVersion : null,
  });
  return { ok: true, intent: "apply" } as const;
}
