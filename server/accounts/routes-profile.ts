import { createRoute, type z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import {
  empleoEmpresaSchema,
  profileCandidatoSchema,
  profileEmpleoSchema,
  profileMarketingSchema,
  profileVisitaSchema,
  profileWebSchema,
  type RegisterTypeName,
} from "#common/accounts";
import { pathTo } from "#common/route-names";
import type { AppEnv } from "#server/env";
import { AppError } from "#server/platform/errors";
import { createRouter, errorResponse, json, jsonBody, SIGNED_IN } from "#server/platform/openapi";
import { JoinRequestedSchema, UserRedirectSchema } from "./api-schemas";
import { requireUser } from "./guards";
import {
  removeDelegacion,
  saveCandidatoProfile,
  saveEmpleoEmpresa,
  saveEmpleoProfile,
  saveMarketingProfile,
  saveVisitaProfile,
  saveWebProfile,
} from "./profile.service";
import { authUserOrThrow } from "./routes-auth";

const TAG = ["Cuentas: perfil"];
const WRONG_TYPE = "Este paso del registro no corresponde a tu tipo de cuenta.";

/** Runs before body validation, so a wrong account type is 403 whatever the payload. */
const accountType =
  (...types: RegisterTypeName[]): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const user = requireUser(c);
    if (!types.includes(user.registerType as RegisterTypeName)) throw new AppError("FORBIDDEN", WRONG_TYPE);
    await next();
  };

const errors = {
  401: errorResponse("Sin sesión"),
  403: errorResponse("El tipo de cuenta no corresponde a este paso"),
  422: errorResponse("Datos no válidos, con mensajes por campo"),
};

export function createProfileRoutes() {
  const router = createRouter();

  const profileRoute = <S extends z.ZodType>(path: string, types: RegisterTypeName[], schema: S, summary: string) =>
    createRoute({
      method: "post",
      security: SIGNED_IN,
      path,
      tags: TAG,
      summary,
      middleware: [accountType(...types)] as const,
      request: { body: jsonBody(schema) },
      responses: { 200: json(UserRedirectSchema, "Perfil guardado; siguiente página"), ...errors },
    });

  router.openapi(profileRoute("/user/web", ["web"], profileWebSchema, "Perfil de una cuenta web"), async (c) => {
    const ctx = c.get("app");
    const { id } = requireUser(c);
    const redirect = await saveWebProfile(ctx, id, c.req.valid("json"));
    return c.json({ user: await authUserOrThrow(ctx, id), redirect }, 200);
  });

  router.openapi(profileRoute("/user/academia", ["academia"], profileWebSchema, "Perfil de una cuenta academia"), async (c) => {
    const ctx = c.get("app");
    const { id } = requireUser(c);
    const redirect = await saveWebProfile(ctx, id, c.req.valid("json"));
    return c.json({ user: await authUserOrThrow(ctx, id), redirect }, 200);
  });

  router.openapi(profileRoute("/user/candidato", ["candidato"], profileCandidatoSchema, "Perfil de un candidato"), async (c) => {
    const ctx = c.get("app");
    const { id } = requireUser(c);
    const redirect = await saveCandidatoProfile(ctx, id, c.req.valid("json"));
    return c.json({ user: await authUserOrThrow(ctx, id), redirect }, 200);
  });

  router.openapi(
    profileRoute("/user/visita", ["visita"], profileVisitaSchema, "Perfil de un visitador (zonas = provincias)"),
    async (c) => {
      const ctx = c.get("app");
      const { id } = requireUser(c);
      const redirect = await saveVisitaProfile(ctx, id, c.req.valid("json"));
      return c.json({ user: await authUserOrThrow(ctx, id), redirect }, 200);
    },
  );

  router.openapi(
    profileRoute("/user/marketing", ["mkt"], profileMarketingSchema, "Perfil de marketing: crea la empresa y su sede"),
    async (c) => {
      const ctx = c.get("app");
      const { id } = requireUser(c);
      const redirect = await saveMarketingProfile(ctx, id, c.req.valid("json"));
      return c.json({ user: await authUserOrThrow(ctx, id), redirect }, 200);
    },
  );

  router.openapi(
    profileRoute("/user/empleo", ["empleo"], profileEmpleoSchema, "Perfil de empresa de empleo: crea la empresa y su sede"),
    async (c) => {
      const ctx = c.get("app");
      const { id } = requireUser(c);
      const redirect = await saveEmpleoProfile(ctx, id, c.req.valid("json"));
      return c.json({ user: await authUserOrThrow(ctx, id), redirect }, 200);
    },
  );

  const empleoEmpresaRoute = profileRoute(
    "/user/empleo/empresa",
    ["empleo"],
    empleoEmpresaSchema,
    "Empresa de empleo: crearla, o pedir unirse a una existente ({empresa: id}); sus administradores aprueban la solicitud (202)",
  );
  router.openapi(
    {
      ...empleoEmpresaRoute,
      responses: { ...empleoEmpresaRoute.responses, 202: json(JoinRequestedSchema, "Solicitud enviada a los administradores") },
    },
    async (c) => {
      const ctx = c.get("app");
      const { id } = requireUser(c);
      const result = await saveEmpleoEmpresa(ctx, id, c.req.valid("json"));
      const user = await authUserOrThrow(ctx, id);
      if (typeof result !== "string") return c.json({ user, ...result }, 202);
      return c.json({ user, redirect: result }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "delete",
      security: SIGNED_IN,
      path: "/user/delegacion",
      tags: TAG,
      summary: "Desvincula la delegación del usuario (se borra si nadie más la usa)",
      responses: { 200: json(UserRedirectSchema, "Usuario sin delegación; paso de empresa"), 401: errorResponse("Sin sesión") },
    }),
    async (c) => {
      const ctx = c.get("app");
      const { id } = requireUser(c);
      await removeDelegacion(ctx, id);
      return c.json({ user: await authUserOrThrow(ctx, id), redirect: pathTo("crear-cuenta-empleo-empresa") }, 200);
    },
  );

  return router;
}
