import { createRoute, z } from "@hono/zod-openapi";
import { MAX_ID } from "#common/ids";
import { requireUser } from "#server/accounts";
import { createRouter, errorResponse, IdParam, idFrom, json, SIGNED_IN } from "#server/platform/openapi";
import { applicationJson } from "./api-json";
import { ApplicationViewSchema, SavedCvSchema } from "./api-schemas";
import { withdrawApplication } from "./applications.service";
import { cvFileHeaders, cvFileResponse } from "./cv-file";
import { deleteCv, getSavedCvFile, listMyCvs, saveCv, setDefaultCv } from "./cvs.service";

const TAG = "Empleo: candidatos";
const cvMsg = "CV no encontrado.";
const signedIn = { 401: errorResponse("Sin sesión") };

/** A saved CV's id in a form: empty means "none" (a new file is uploaded instead). */
export const optionalCvId = z.preprocess(
  (value) => (value === "" || value === null ? undefined : value),
  z.coerce
    .number({ error: "El CV elegido no es válido." })
    .int({ error: "El CV elegido no es válido." })
    .positive({ error: "El CV elegido no es válido." })
    .max(MAX_ID, { error: "El CV elegido no es válido." })
    .optional()
    .openapi({ type: "integer", description: "Id de uno de mis CV guardados (en lugar de subir un archivo)" }),
);

/** Candidates' saved CVs (at most three) and withdrawing an application. */
export function createCandidateRoutes() {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "get",
      security: SIGNED_IN,
      path: "/empleo/cvs",
      tags: [TAG],
      summary: "Mis CV guardados (el predeterminado primero)",
      responses: { 200: json(z.array(SavedCvSchema), "CV guardados"), ...signedIn },
    }),
    async (c) => {
      const user = requireUser(c);
      c.header("Cache-Control", "private, no-store");
      return c.json(await listMyCvs(c.get("app"), user), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      security: SIGNED_IN,
      path: "/empleo/cvs",
      tags: [TAG],
      summary: "Guardar un CV (PDF o DOCX; como máximo tres)",
      request: {
        body: {
          required: true,
          content: {
            "multipart/form-data": {
              schema: z.object({ cv: z.any().openapi({ type: "string", format: "binary", description: "CV en PDF o DOCX" }) }),
            },
          },
        },
      },
      responses: {
        201: json(SavedCvSchema, "CV guardado"),
        ...signedIn,
        403: errorResponse("Solo candidatos"),
        409: errorResponse("Ya tienes tres CV guardados"),
        413: errorResponse("Archivo demasiado grande"),
        415: errorResponse("El CV no es PDF ni DOCX"),
        422: errorResponse("Falta el archivo"),
        429: errorResponse("Demasiadas subidas"),
      },
    }),
    async (c) => {
      const user = requireUser(c);
      const form = c.req.valid("form") as { cv?: unknown };
      return c.json(await saveCv(c.get("app"), user, form.cv instanceof Blob ? form.cv : null), 201);
    },
  );

  router.openapi(
    createRoute({
      method: "delete",
      security: SIGNED_IN,
      path: "/empleo/cvs/{id}",
      tags: [TAG],
      summary: "Eliminar uno de mis CV guardados (las candidaturas enviadas con él lo conservan)",
      request: { params: IdParam },
      responses: { 200: json(z.array(SavedCvSchema), "Los CV que quedan"), ...signedIn, 404: errorResponse(cvMsg) },
    }),
    async (c) => {
      const user = requireUser(c);
      return c.json(await deleteCv(c.get("app"), user, idFrom(c.req.valid("param").id, cvMsg)), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      security: SIGNED_IN,
      path: "/empleo/cvs/{id}/predeterminado",
      tags: [TAG],
      summary: "Elegir el CV que se propone por defecto al inscribirse",
      request: { params: IdParam },
      responses: { 200: json(z.array(SavedCvSchema), "Mis CV guardados"), ...signedIn, 404: errorResponse(cvMsg) },
    }),
    async (c) => {
      const user = requireUser(c);
      return c.json(await setDefaultCv(c.get("app"), user, idFrom(c.req.valid("param").id, cvMsg)), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      security: SIGNED_IN,
      path: "/empleo/cvs/{id}/archivo",
      tags: [TAG],
      summary: "Descargar uno de mis CV guardados",
      request: { params: IdParam },
      responses: { 200: cvFileResponse, ...signedIn, 404: errorResponse(cvMsg) },
    }),
    async (c) => {
      const user = requireUser(c);
      const file = await getSavedCvFile(c.get("app"), user, idFrom(c.req.valid("param").id, cvMsg));
      return c.body(new Uint8Array(file.bytes), 200, cvFileHeaders(file));
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      security: SIGNED_IN,
      path: "/empleo/candidaturas/{id}/retirar",
      tags: [TAG],
      summary: "Retirar una de mis candidaturas (la empresa la verá como retirada)",
      request: { params: IdParam },
      responses: {
        200: json(ApplicationViewSchema, "La candidatura, retirada"),
        ...signedIn,
        404: errorResponse("Candidatura no encontrada"),
        409: errorResponse("Ya descartada o retirada"),
      },
    }),
    async (c) => {
      const user = requireUser(c);
      const withdrawn = await withdrawApplication(c.get("app"), user, idFrom(c.req.valid("param").id, "Candidatura no encontrada."));
      return c.json(applicationJson(withdrawn), 200);
    },
  );

  return router;
}
