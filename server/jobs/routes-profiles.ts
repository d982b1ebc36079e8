import { createRoute } from "@hono/zod-openapi";
import { candidateProfileSchema, profileSearchSchema } from "#common/jobs";
import { requireUser } from "#server/accounts";
import { createRouter, errorResponse, json, jsonBody, SIGNED_IN } from "#server/platform/openapi";
import { ownProfileJson, profileSearchJson } from "./api-json";
import { OwnProfileSchema, ProfileSearchSchema } from "./api-schemas";
import { getMyProfile, saveMyProfile } from "./candidate-profile.service";
import { searchProfiles } from "./profile-search.service";

const signedIn = { 401: errorResponse("Sin sesión") };

/** The candidate's profile (issue 28, decision 0108) and the recruiters' search of open profiles (decision 0109). */
export function createProfileRoutes() {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "get",
      security: SIGNED_IN,
      path: "/empleo/perfil",
      tags: ["Empleo: candidatos"],
      summary: "Mi perfil de candidato y cuánto está completo",
      responses: { 200: json(OwnProfileSchema, "Mi perfil"), ...signedIn, 403: errorResponse("Solo candidatos") },
    }),
    async (c) => {
      const user = requireUser(c);
      c.header("Cache-Control", "private, no-store");
      return c.json(ownProfileJson(await getMyProfile(c.get("app"), user)), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "put",
      security: SIGNED_IN,
      path: "/empleo/perfil",
      tags: ["Empleo: candidatos"],
      summary:
        "Guardar mi perfil de candidato entero (experiencia, formación, idiomas, habilidades, disponibilidad, salario, «Abierto a ofertas»)",
      request: { body: jsonBody(candidateProfileSchema) },
      responses: { 200: json(OwnProfileSchema, "El perfil guardado"), ...signedIn, 403: errorResponse("Solo candidatos") },
    }),
    async (c) => {
      const user = requireUser(c);
      return c.json(ownProfileJson(await saveMyProfile(c.get("app"), user, c.req.valid("json"))), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      security: SIGNED_IN,
      path: "/empleo/panel/perfiles",
      tags: ["Empleo: panel de empresa"],
      summary: "Buscar perfiles abiertos a ofertas por palabra clave, provincia y habilidad (solo reclutadores de una empresa)",
      request: { query: profileSearchSchema },
      responses: {
        200: json(ProfileSearchSchema, "Una página de perfiles visibles (sin correo ni teléfono)"),
        ...signedIn,
        403: errorResponse("Solo reclutadores de una empresa"),
      },
    }),
    async (c) => {
      const user = requireUser(c);
      c.header("Cache-Control", "private, no-store");
      return c.json(profileSearchJson(await searchProfiles(c.get("app"), user, c.req.valid("query"))), 200);
    },
  );

  return router;
}
