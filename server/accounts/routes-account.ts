import { createRoute, z } from "@hono/zod-openapi";
import { ACCOUNT_MESSAGES, changePasswordSchema, deleteAccountSchema, profileUpdateSchema } from "#common/accounts";
import { fileHeaders } from "#server/platform/downloads";
import { createRouter, errorResponse, json, jsonBody, MessageSchema, noContent, SIGNED_IN } from "#server/platform/openapi";
import { AuthUserSchema, SessionInfoSchema } from "./api-schemas";
import { readAvatar, removeAvatar, saveAvatar } from "./avatar.service";
import { requireUser } from "./guards";
import { clearSessionCookies } from "./http";
import { updateProfile } from "./own-profile.service";
import { changePassword } from "./password.service";
import { deleteAccount, exportUserArchive } from "./privacy.service";
import { authUserOrThrow } from "./routes-auth";
import { listSessions, revokeSession } from "./sessions.service";

const TAG = ["Cuentas: mi cuenta"];
const UserOnly = z.object({ user: AuthUserSchema }).openapi("UserOnly");
const IdParam = z.object({
  id: z
    .string()
    .max(12)
    .openapi({ param: { name: "id", in: "path" } }),
});

export function createCuentaRoutes() {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "post",
      security: SIGNED_IN,
      path: "/user/avatar",
      tags: TAG,
      summary: "Sube la foto (campo avatar; PNG, JPEG o WebP; se decodifica, recorta a 512 px y guarda como WebP sin metadatos)",
      request: {
        body: {
          required: true,
          content: { "multipart/form-data": { schema: z.object({ avatar: z.any().openapi({ type: "string", format: "binary" }) }) } },
        },
      },
      responses: {
        200: json(UserOnly, "Foto guardada"),
        401: errorResponse("Sin sesión"),
        413: errorResponse("Archivo demasiado grande"),
        415: errorResponse("No es una imagen PNG, JPEG o WebP"),
        422: errorResponse("Falta el archivo"),
      },
    }),
    async (c) => {
      const ctx = c.get("app");
      const { id } = requireUser(c);
      const body = await c.req.parseBody();
      await saveAvatar(ctx, id, body.avatar);
      return c.json({ user: await authUserOrThrow(ctx, id) }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "delete",
      security: SIGNED_IN,
      path: "/user/avatar",
      tags: TAG,
      summary: "Quita la foto",
      responses: { 200: json(UserOnly, "Foto quitada"), 401: errorResponse("Sin sesión") },
    }),
    async (c) => {
      const ctx = c.get("app");
      const { id } = requireUser(c);
      await removeAvatar(ctx, id);
      return c.json({ user: await authUserOrThrow(ctx, id) }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/user/avatar/{id}",
      tags: TAG,
      summary: "La foto de un usuario (pública)",
      request: { params: IdParam },
      responses: { 200: { description: "Imagen", content: { "image/*": { schema: z.any() } } }, 404: errorResponse("Sin foto") },
    }),
    async (c) => {
      const { bytes, mime } = await readAvatar(c.get("app"), Number(c.req.valid("param").id));
      // The URL carries ?v=<updated_at>, so a changed photo gets a new address.
      return c.body(
        new Uint8Array(bytes),
        200,
        fileHeaders({ mime, inline: true, cache: "public, max-age=86400", crossOrigin: "same-site" }),
      );
    },
  );

  router.openapi(
    createRoute({
      method: "put",
      security: SIGNED_IN,
      path: "/user/profile",
      tags: TAG,
      summary: "Edita los datos básicos desde Mi cuenta",
      request: { body: jsonBody(profileUpdateSchema) },
      responses: { 200: json(UserOnly, "Datos guardados"), 401: errorResponse("Sin sesión"), 422: errorResponse("Datos no válidos") },
    }),
    async (c) => {
      const ctx = c.get("app");
      const { id } = requireUser(c);
      await updateProfile(ctx, id, c.req.valid("json"));
      return c.json({ user: await authUserOrThrow(ctx, id) }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "put",
      security: SIGNED_IN,
      path: "/user/password",
      tags: TAG,
      summary: "Cambia la contraseña (pide la actual); cierra las demás sesiones",
      request: { body: jsonBody(changePasswordSchema) },
      responses: {
        200: json(MessageSchema, "Contraseña cambiada"),
        401: errorResponse("Sin sesión"),
        422: errorResponse("Datos no válidos"),
      },
    }),
    async (c) => {
      await changePassword(c.get("app"), requireUser(c), c.req.valid("json"));
      return c.json({ message: ACCOUNT_MESSAGES.passwordChanged }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      security: SIGNED_IN,
      path: "/user/sessions",
      tags: TAG,
      summary: "Sesiones abiertas (una por inicio de sesión)",
      responses: { 200: json(z.array(SessionInfoSchema), "Sesiones"), 401: errorResponse("Sin sesión") },
    }),
    async (c) => {
      c.header("Cache-Control", "private, no-store");
      return c.json(await listSessions(c.get("app"), requireUser(c)), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "delete",
      security: SIGNED_IN,
      path: "/user/sessions/{id}",
      tags: TAG,
      summary: "Cierra una sesión propia",
      request: { params: IdParam },
      responses: { 204: noContent("Sesión cerrada"), 401: errorResponse("Sin sesión"), 404: errorResponse("No es una sesión tuya") },
    }),
    async (c) => {
      await revokeSession(c.get("app"), requireUser(c).id, Number(c.req.valid("param").id));
      return c.body(null, 204);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      security: SIGNED_IN,
      path: "/user/export",
      tags: TAG,
      summary: "Descarga en un ZIP todo lo que guardamos sobre ti: datos.json y tus archivos (CV, adjuntos, fotos)",
      responses: {
        200: { description: "Archivo ZIP", content: { "application/zip": { schema: z.string().openapi({ format: "binary" }) } } },
        401: errorResponse("Sin sesión"),
      },
    }),
    async (c) => {
      const { id } = requireUser(c);
      const archive = await exportUserArchive(c.get("app"), id);
      return c.body(new Uint8Array(archive), 200, {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="mis-datos-${id}.zip"`,
        "Cache-Control": "private, no-store",
      });
    },
  );

  router.openapi(
    createRoute({
      method: "delete",
      security: SIGNED_IN,
      path: "/user",
      tags: TAG,
      summary: "Borra la cuenta (pide la contraseña) con sus datos y archivos",
      request: { body: jsonBody(deleteAccountSchema) },
      responses: { 204: noContent("Cuenta borrada"), 401: errorResponse("Sin sesión"), 422: errorResponse("Contraseña incorrecta") },
    }),
    async (c) => {
      await deleteAccount(c.get("app"), requireUser(c).id, c.req.valid("json").password);
      clearSessionCookies(c);
      return c.body(null, 204);
    },
  );

  return router;
}
