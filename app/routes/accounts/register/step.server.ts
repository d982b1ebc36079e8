import { profilePayload } from "#app/features/accounts/profile-payload";
import {
  PROFILE_SUCCESS,
  profileCandidatoSchema,
  profileEmpleoSchema,
  profileMarketingSchema,
  profileVisitaSchema,
  profileWebSchema,
  type RegisterTypeName,
  registerSchema,
} from "#common/accounts";
import { pathTo } from "#common/route-names";
import {
  register,
  type SessionUser,
  saveCandidatoProfile,
  saveEmpleoProfile,
  saveMarketingProfile,
  saveVisitaProfile,
  saveWebProfile,
} from "#server/accounts";
import type { PageLoadContext } from "#server/context";
import { formAction, formMutation, parseFields } from "#server/platform/page-form";
import { pageRedirect } from "#server/platform/page-redirect";

/**
 * The step page's form: registration for a visitor, the profile of one's own type once signed in
 * (the loader shows each only to them). Both call the services, checks and limits of their /api
 * operations (POST /api/register, POST /api/user/<type>).
 */
export async function stepAction(context: PageLoadContext, request: Request) {
  return context.user ? profileAction(context, context.user, request) : registerAction(context, request);
}

/** A registration never signs in (product-spec §4): the success page asks to confirm the address. */
function registerAction(context: PageLoadContext, request: Request) {
  return formAction(request, registerSchema, async (input) => {
    await register(context.app, input, context.clientIp);
    return pageRedirect(pathTo("crear-cuenta-success", {}, { email: input.email, register_type: input.register_type }), 303, request);
  });
}

/** Saves the profile of the account's own type and goes on to the server's next page. */
async function saveProfile(context: PageLoadContext, user: SessionUser, type: RegisterTypeName, form: FormData) {
  const payload = profilePayload(type, form);
  const { app } = context;
  switch (type) {
    case "web":
    case "academia":
      return saveWebProfile(app, user.id, parseFields(profileWebSchema, payload));
    case "candidato":
      return saveCandidatoProfile(app, user.id, parseFields(profileCandidatoSchema, payload));
    case "visita":
      return saveVisitaProfile(app, user.id, parseFields(profileVisitaSchema, payload));
    case "mkt":
      return saveMarketingProfile(app, user.id, parseFields(profileMarketingSchema, payload));
    case "empleo":
      return saveEmpleoProfile(app, user.id, parseFields(profileEmpleoSchema, payload));
  }
}

function profileAction(context: PageLoadContext, user: SessionUser, request: Request) {
  const type = user.registerType as RegisterTypeName;
  return formMutation(request, async (form) => {
    let target = (await saveProfile(context, user, type, form)) || PROFILE_SUCCESS[type];
    // crear-cuenta-web-success carries the query over (product-spec §2).
    const query = new URL(request.url).search;
    if ((type === "web" || type === "academia") && query && !target.includes("?") && target.endsWith("/web/success")) target += query;
    return pageRedirect(target, 303, request);
  });
}
