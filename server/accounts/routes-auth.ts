import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  ACCOUNT_MESSAGES,
  crearCuentaStep,
  googleRegisterSchema,
  loginCookieSchema,
  loginSchema,
  redirigirAcademiaSchema,
  registerSchema,
  renewPasswordSendSchema,
  resendVerificationSchema,
  resetPasswordSchema,
} from "#common/accounts";
import type { AppContext } from "#server/context";
import type { AppEnv } from "#server/env";
import { AppError, toErrorResponse } from "#server/platform/errors";
import { createRouter, errorResponse, json, jsonBody, MessageSchema, noContent, SIGNED_IN } from "#server/platform/openapi";
import { isAcademiaConfigured, signedAcademiaUrl } from "./academia";
import { AcademiaRedirectSchema, AuthUserSchema, UserTokenRedirectSchema } from "./api-schemas";
import { type AuthUser, loadAuthUser } from "./auth-user";
import { afterLogin } from "./destinations";
import { issueDeviceCookie, readDeviceCookie } from "./device-cookie";
import { signInWithGoogle } from "./google";
import { requireUser } from "./guards";
import { clearSessionCookies, startLogin } from "./http";
import { authenticate, isTruthy } from "./login.service";
import { exchangeLoginCookieHash } from "./login-cookie";
import { loginFailureEndsSession } from "./login-failure";
import { resetPassword, sendPasswordReset, verifyPasswordReset } from "./password.service";
import { register, resendVerification, verifyEmail } from "./registration.service";
import { endLogin } from "./session";

const TAG = ["Cuentas: acceso"];

export async function authUserOrThrow(ctx: AppContext, userId: number): Promise<AuthUser> {
  const user = await loadAuthUser(ctx, userId);
  if (!user) throw new AppError("UNAUTHENTICATED");
  return user;
}

/** Ends the browser's previous login before a new one starts (no session fixation, no leftovers). */
async function replaceLogin(c: Context<AppEnv>, userId: number) {
  const previous = c.get("user");
  if (previous) await endLogin(c.get("app").db, previous);
  return startLogin(c, userId);
}

/**
 * Ends the browser's login on the server and replaces the session and XSRF cookies with anonymous
 * ones (decision 0023): the page clears its state at this point, so a reload must not find the
 * session alive (product-spec §4).
 */
async function endBrowserLogin(c: Context<AppEnv>) {
  const previous = c.get("user");
  if (!previous) return;
  await endLogin(c.get("app").db, previous);
  c.set("user", null);
  clearSessionCookies(c);
}

const bearerOf = (c: Context<AppEnv>) => {
  const header = c.req.header("authorization");
  return header?.toLowerCase().startsWith("bearer ") ? header.slice(7).trim() : undefined;
};

const TokenParam = z.object({
  token: z
    .string()
    .max(200)
    .openapi({ param: { name: "token", in: "path" } }),
});

export function createAuthRoutes() {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "post",
      path: "/login",
      tags: TAG,
      summary: "Inicia sesión: cookie de sesión (navegador) y access_token (clientes de la API)",
      request: { body: jsonBody(loginSchema) },
      responses: {
        200: json(z.union([UserTokenRedirectSchema, AcademiaRedirectSchema]), "Sesión iniciada; destino según el rol o redirect_url"),
        401: errorResponse("Credenciales incorrectas (misma respuesta si la cuenta no existe)"),
        403: errorResponse("Correo sin confirmar (code EMAIL_NOT_VERIFIED, user_id)"),
        422: errorResponse("Datos no válidos"),
        429: errorResponse("Demasiados intentos (Retry-After)"),
      },
    }),
    async (c) => {
      const ctx = c.get("app");
      const input = c.req.valid("json");
      const user = await authenticate(ctx, input, c.get("clientIp"), readDeviceCookie(c)).catch(async (error: unknown) => {
        const { status, body } = toErrorResponse(error);
        if (loginFailureEndsSession(status, body.code)) await endBrowserLogin(c);
        throw error;
      });
      issueDeviceCookie(c, user.email);
      const { accessToken } = await replaceLogin(c, user.id);
      if (isTruthy(input.redirect_academia) && isAcademiaConfigured(ctx.config)) {
        return c.json({ redirect_academia: signedAcademiaUrl(ctx.config, user) }, 200);
      }
      const authUser = await authUserOrThrow(ctx, user.id);
      return c.json({ user: authUser, access_token: accessToken, redirect: afterLogin(ctx.config, authUser, input.redirect_url) }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/logout",
      tags: TAG,
      summary: "Cierra la sesión actual (cookie o token)",
      responses: { 204: noContent("Sesión cerrada") },
    }),
    async (c) => {
      const user = c.get("user");
      if (user) await endLogin(c.get("app").db, user);
      clearSessionCookies(c);
      return c.body(null, 204);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/login/cookie",
      tags: TAG,
      summary: "Canjea un hash firmado, de un solo uso y 2 minutos de validez, por una sesión",
      request: { body: jsonBody(loginCookieSchema) },
      responses: {
        200: json(z.object({ user: AuthUserSchema, access_token: z.string() }), "Sesión iniciada"),
        401: errorResponse("Hash no válido, caducado o ya usado"),
      },
    }),
    async (c) => {
      const ctx = c.get("app");
      const userId = await exchangeLoginCookieHash(ctx, c.req.valid("json").hash);
      const { accessToken } = await replaceLogin(c, userId);
      return c.json({ user: await authUserOrThrow(ctx, userId), access_token: accessToken }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      security: SIGNED_IN,
      path: "/user",
      tags: TAG,
      summary: "El usuario de la sesión",
      responses: { 200: json(AuthUserSchema, "Usuario"), 401: errorResponse("Sin sesión") },
    }),
    async (c) => {
      c.header("Cache-Control", "private, no-store");
      return c.json(await authUserOrThrow(c.get("app"), requireUser(c).id), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "put",
      path: "/user",
      tags: TAG,
      summary: "Nueva contraseña con el token de restablecimiento (Authorization: Bearer <access_token>); cierra todas las sesiones",
      description: "Cuerpo: password. password_confirmation es opcional; si se envía, debe coincidir (422 si no).",
      request: { body: jsonBody(resetPasswordSchema) },
      responses: {
        200: json(MessageSchema, "Contraseña cambiada"),
        404: errorResponse("Token no válido o ya usado"),
        410: errorResponse("Token caducado"),
        422: errorResponse("Contraseña no válida"),
      },
    }),
    async (c) => {
      await resetPassword(c.get("app"), bearerOf(c), c.req.valid("json").password);
      clearSessionCookies(c);
      return c.json({ message: ACCOUNT_MESSAGES.passwordChanged }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/register",
      tags: TAG,
      summary: "Crea una cuenta sin confirmar y envía el correo de confirmación (misma respuesta si el correo ya existe)",
      description:
        "Si la petición llega con una sesión, esta termina: la cuenta nueva debe confirmarse por correo antes de entrar (la respuesta sustituye las cookies de sesión y XSRF-TOKEN).",
      request: { body: jsonBody(registerSchema) },
      responses: {
        201: json(MessageSchema, "Correo enviado"),
        422: errorResponse("Datos no válidos"),
        429: errorResponse("Demasiados intentos"),
      },
    }),
    async (c) => {
      await register(c.get("app"), c.req.valid("json"), c.get("clientIp"));
      // After a registration the client signs out (product-spec §4): so does the server.
      await endBrowserLogin(c);
      return c.json({ message: ACCOUNT_MESSAGES.confirmationSent }, 201);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/register/google",
      tags: TAG,
      summary: "Registro o acceso con un ID token de Google (google_id)",
      request: { body: jsonBody(googleRegisterSchema) },
      responses: {
        200: json(UserTokenRedirectSchema, "Sesión iniciada"),
        401: errorResponse("Token de Google no válido o correo sin verificar"),
        403: errorResponse("Correo vinculado a otra cuenta de Google"),
        503: errorResponse("Acceso con Google no configurado"),
      },
    }),
    async (c) => {
      const ctx = c.get("app");
      const input = c.req.valid("json");
      const { userId } = await signInWithGoogle(ctx, input);
      const { accessToken } = await replaceLogin(c, userId);
      const user = await authUserOrThrow(ctx, userId);
      const redirect = user.profile_completed ? afterLogin(ctx.config, user, input.redirect_url) : crearCuentaStep(user.register_type);
      return c.json({ user, access_token: accessToken, redirect }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/email/verify/{token}",
      tags: TAG,
      summary: "Confirma el correo e inicia la sesión: gasta el token (un solo uso)",
      description:
        "Para clientes de la API. Esta petición GET gasta el token y abre una sesión; la página del enlace del correo (/app/register/verification) no la hace al abrirse, sino al pulsar su botón (un POST), para que los escáneres de correo que abren enlaces no gasten el enlace.",
      request: { params: TokenParam },
      responses: {
        200: json(
          z.object({ token: z.string(), user: AuthUserSchema, register_type: z.string(), redirect: z.string() }),
          "Correo confirmado; siguiente paso del registro",
        ),
        404: errorResponse("Enlace no válido o ya usado"),
        410: errorResponse("Enlace caducado"),
      },
    }),
    async (c) => {
      const ctx = c.get("app");
      const verified = await verifyEmail(ctx, c.req.valid("param").token);
      const { accessToken } = await replaceLogin(c, verified.user.id);
      const user = await authUserOrThrow(ctx, verified.user.id);
      const redirect = user.profile_completed ? afterLogin(ctx.config, user, verified.redirectUrl) : crearCuentaStep(verified.registerType);
      c.header("Cache-Control", "no-store");
      return c.json({ token: accessToken, user, register_type: verified.registerType, redirect }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/email/verify/resend/{id}",
      tags: TAG,
      summary: "Reenvía el correo de confirmación (misma respuesta para cualquier id)",
      request: {
        params: z.object({
          id: z
            .string()
            .max(12)
            .openapi({ param: { name: "id", in: "path" } }),
        }),
        body: { required: false, content: { "application/json": { schema: resendVerificationSchema } } },
      },
      responses: { 200: json(MessageSchema, "Correo enviado"), 429: errorResponse("Demasiados intentos") },
    }),
    async (c) => {
      const id = Number(c.req.valid("param").id);
      await resendVerification(c.get("app"), id, c.get("clientIp"));
      return c.json({ message: ACCOUNT_MESSAGES.confirmationSent }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/renew-password/send",
      tags: TAG,
      summary: "Envía el enlace para restablecer la contraseña (misma respuesta exista o no la cuenta)",
      request: { body: jsonBody(renewPasswordSendSchema) },
      responses: {
        200: json(z.object({ title: z.string(), message: z.string() }), "Solicitud enviada"),
        422: errorResponse("Correo no válido"),
        429: errorResponse("Demasiadas solicitudes"),
      },
    }),
    async (c) => {
      const ctx = c.get("app");
      await sendPasswordReset(ctx, c.req.valid("json").email, c.get("clientIp"));
      return c.json({ title: ACCOUNT_MESSAGES.resetTitle, message: ACCOUNT_MESSAGES.resetMessage(ctx.config.brandName) }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/renew-password/verify/{token}",
      tags: TAG,
      summary: "Canjea el enlace de restablecimiento por un access_token válido solo para PUT /api/user (15 minutos, un uso)",
      description:
        "Para clientes de la API. Esta petición GET gasta el token del enlace; la página del enlace del correo (/app/auth/renew-password) no la hace al abrirse, sino al guardar la contraseña nueva (un POST), para que los escáneres de correo que abren enlaces no gasten el enlace.",
      request: { params: TokenParam },
      responses: {
        200: json(z.object({ access_token: z.string() }), "Token para cambiar la contraseña"),
        404: errorResponse("Enlace no válido o ya usado"),
        410: errorResponse("Enlace caducado"),
      },
    }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json({ access_token: await verifyPasswordReset(c.get("app"), c.req.valid("param").token) }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      security: SIGNED_IN,
      path: "/redirigir-academia",
      tags: TAG,
      summary: "Dirección firmada (2 minutos) para entrar en la Academia",
      request: { body: jsonBody(redirigirAcademiaSchema) },
      responses: {
        200: json(AcademiaRedirectSchema, "Dirección de la Academia"),
        401: errorResponse("Sin sesión"),
        403: errorResponse("userId no es el de la sesión"),
        503: errorResponse("Academia no configurada"),
      },
    }),
    async (c) => {
      const ctx = c.get("app");
      const session = requireUser(c);
      if (Number(c.req.valid("json").userId) !== session.id) throw new AppError("FORBIDDEN");
      return c.json({ redirect_academia: signedAcademiaUrl(ctx.config, session) }, 200);
    },
  );

  return router;
}
