import type { PageLoadContext } from "#server/context";
import { deleteCv, listMyApplications, listMyCvs, saveCv, setDefaultCv, withdrawApplication } from "#server/jobs";
import { applyToOffers, assertCan, EVERY_REFUSAL, formMutation, idParam, unknownIntent } from "./jobs.server";

export async function loadCandidaturas(context: PageLoadContext, url: URL) {
  const user = assertCan(context, url, applyToOffers);
  const [applications, cvs] = await Promise.all([listMyApplications(context.app, user), listMyCvs(context.app, user)]);
  return { applications, cvs, maxUploadBytes: context.app.config.maxUploadBytes, brandName: context.app.config.brandName };
}

const MESSAGES = {
  upload_cv: "CV guardado.",
  delete_cv: "CV eliminado.",
  default_cv: "CV predeterminado cambiado.",
  withdraw: "Candidatura retirada. La empresa la verá como retirada.",
} as const;

/** Saved CVs (upload, delete, choose the default) and withdrawing an application. */
export async function candidaturasAction(context: PageLoadContext, request: Request, url: URL) {
  const user = assertCan(context, url, applyToOffers);
  return formMutation(
    request,
    async (form) => {
      const intent = String(form.get("intent") ?? "");
      if (intent === "upload_cv") {
        const cv = form.get("cv");
        await saveCv(context.app, user, cv instanceof Blob ? cv : null);
      } else if (intent === "delete_cv") await deleteCv(context.app, user, idParam(String(form.get("id") ?? "")));
      else if (intent === "default_cv") await setDefaultCv(context.app, user, idParam(String(form.get("id") ?? "")));
      else if (intent === "withdraw") await withdrawApplication(context.app, user, idParam(String(form.get("id") ?? "")));
      else return unknownIntent();
      return { ok: true as const, intent, message: MESSAGES[intent] };
    },
    { inline: EVERY_REFUSAL },
  );
}
