import { createRoute, z } from "@hono/zod-openapi";
import { chatSettingsSchema, reportSchema } from "#common/chat/schemas";
import { requireUser } from "#server/accounts";
import { createRouter, errorResponse, IdParam, idFrom, json, jsonBody, SIGNED_IN } from "#server/platform/openapi";
import { ChatSettingsSchema } from "./api-schemas";
import { noStore, notFound, TAG, unauthorized } from "./routes-shared";
import { blockUser, getChatSettings, reportConversation, unblockUser, updateChatSettings } from "./safety.service";

/** /api/chat: blocking a user, reporting a conversation, and the chat settings. */
export function createChatSafetyRoutes() {
  const router = createRouter();

  for (const method of ["put", "delete"] as const) {
    router.openapi(
      createRoute({
        method,
        security: SIGNED_IN,
        path: "/chat/blocks/{id}",
        tags: TAG,
        operationId: method === "put" ? "blockChatUser" : "unblockChatUser",
        summary: method === "put" ? "Bloquear a un usuario: ya no podrá escribirte (no se le avisa)" : "Desbloquear a un usuario",
        request: { params: IdParam },
        responses: {
          204: { description: "Hecho" },
          401: unauthorized,
          404: errorResponse("Usuario no encontrado"),
          422: errorResponse("No válido"),
        },
      }),
      async (c) => {
        const id = idFrom(c.req.valid("param").id, "No hemos encontrado a esa persona.");
        await (method === "put" ? blockUser : unblockUser)(c.get("app"), requireUser(c), id);
        return c.body(null, 204);
      },
    );
  }

  router.openapi(
    createRoute({
      method: "post",
      security: SIGNED_IN,
      path: "/chat/reports",
      tags: TAG,
      operationId: "reportChat",
      summary: "Denunciar una conversación o un mensaje ante los moderadores",
      request: { body: jsonBody(reportSchema) },
      responses: {
        201: json(z.object({ id: z.number().int() }), "Denuncia registrada"),
        401: unauthorized,
        404: notFound,
        422: errorResponse("Datos no válidos"),
        429: errorResponse("Demasiadas denuncias"),
      },
    }),
    async (c) => c.json(await reportConversation(c.get("app"), requireUser(c), c.req.valid("json")), 201),
  );

  router.openapi(
    createRoute({
      method: "get",
      security: SIGNED_IN,
      path: "/chat/settings",
      tags: TAG,
      operationId: "getChatSettings",
      summary: "Mis ajustes del chat",
      responses: { 200: json(ChatSettingsSchema, "Ajustes"), 401: unauthorized },
    }),
    async (c) => c.json(await getChatSettings(c.get("app"), requireUser(c)), 200, noStore),
  );

  router.openapi(
    createRoute({
      method: "put",
      security: SIGNED_IN,
      path: "/chat/settings",
      tags: TAG,
      operationId: "updateChatSettings",
      summary: "Confirmaciones de lectura: desactivadas, ni se envían ni se ven",
      request: { body: jsonBody(chatSettingsSchema) },
      responses: { 200: json(ChatSettingsSchema, "Ajustes"), 401: unauthorized, 422: errorResponse("Datos no válidos") },
    }),
    async (c) => c.json(await updateChatSettings(c.get("app"), requireUser(c), c.req.valid("json")), 200),
  );
  return router;
}
