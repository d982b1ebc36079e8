import { createRoute } from "@hono/zod-openapi";
import { conversationListQuerySchema, markReadSchema, muteSchema, startConversationSchema } from "#common/chat/schemas";
import { requireUser } from "#server/accounts";
import { createRouter, errorResponse, IdParam, idFrom, json, jsonBody, SIGNED_IN } from "#server/platform/openapi";
import { ChatConversationListSchema, ChatConversationSchema, ChatStartResultSchema } from "./api-schemas";
import { acceptRequest, declineRequest, getConversation, listConversations, setMuted, startConversation } from "./conversations.service";
import { markRead } from "./messages.service";
import { CONVERSATION_NOT_FOUND, noStore, notFound, TAG, unauthorized } from "./routes-shared";

/** /api/chat/conversations: the inbox and requests, starting one, reading marks, accepting or declining a request, muting. */
export function createChatConversationRoutes() {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "get",
      security: SIGNED_IN,
      path: "/chat/conversations",
      tags: TAG,
      operationId: "listChatConversations",
      summary: "Mis conversaciones (inbox) o las solicitudes que me han enviado (requests), la más reciente primero; q busca por nombre",
      request: { query: conversationListQuerySchema },
      responses: {
        200: json(ChatConversationListSchema, "Conversaciones"),
        401: unauthorized,
        422: errorResponse("Parámetros no válidos"),
      },
    }),
    async (c) => {
      const user = requireUser(c);
      return c.json(await listConversations(c.get("app"), user, c.req.valid("query")), 200, noStore);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      security: SIGNED_IN,
      path: "/chat/conversations",
      tags: TAG,
      operationId: "startChatConversation",
      summary:
        "Escribir a alguien: abre la conversación (como solicitud si nunca habéis hablado) o escribe en la existente. Idempotente por client_id",
      request: { body: jsonBody(startConversationSchema) },
      responses: {
        201: json(ChatStartResultSchema, "Mensaje enviado"),
        401: unauthorized,
        403: errorResponse("Cuenta suspendida, has bloqueado a esa persona, o solo acepta solicitudes de profesionales verificados"),
        404: errorResponse("Esa persona no existe"),
        409: errorResponse("client_id ya usado en otra conversación"),
        422: errorResponse("Datos no válidos"),
        429: errorResponse("Demasiados mensajes"),
      },
    }),
    async (c) => c.json(await startConversation(c.get("app"), requireUser(c), c.req.valid("json")), 201),
  );

  router.openapi(
    createRoute({
      method: "get",
      security: SIGNED_IN,
      path: "/chat/conversations/{id}",
      tags: TAG,
      operationId: "getChatConversation",
      summary: "Una conversación",
      request: { params: IdParam },
      responses: { 200: json(ChatConversationSchema, "Conversación"), 401: unauthorized, 404: notFound },
    }),
    async (c) =>
      c.json(await getConversation(c.get("app"), requireUser(c), idFrom(c.req.valid("param").id, CONVERSATION_NOT_FOUND)), 200, noStore),
  );

  router.openapi(
    createRoute({
      method: "post",
      security: SIGNED_IN,
      path: "/chat/conversations/{id}/read",
      tags: TAG,
      operationId: "markChatRead",
      summary: "Marcar como leída hasta un mensaje",
      request: { params: IdParam, body: jsonBody(markReadSchema) },
      responses: { 204: { description: "Marcada" }, 401: unauthorized, 404: notFound, 422: errorResponse("Datos no válidos") },
    }),
    async (c) => {
      await markRead(c.get("app"), requireUser(c), idFrom(c.req.valid("param").id, CONVERSATION_NOT_FOUND), c.req.valid("json").message_id);
      return c.body(null, 204);
    },
  );

  for (const [action, summary] of [
    ["accept", "Aceptar una solicitud"],
    ["decline", "Rechazar una solicitud (quien la envió no lo sabe)"],
  ] as const) {
    router.openapi(
      createRoute({
        method: "post",
        security: SIGNED_IN,
        path: `/chat/conversations/{id}/${action}`,
        tags: TAG,
        operationId: action === "accept" ? "acceptChatRequest" : "declineChatRequest",
        summary,
        request: { params: IdParam },
        responses: { 204: { description: "Hecho" }, 401: unauthorized, 404: notFound, 409: errorResponse("No es una solicitud pendiente") },
      }),
      async (c) => {
        const id = idFrom(c.req.valid("param").id, CONVERSATION_NOT_FOUND);
        await (action === "accept" ? acceptRequest : declineRequest)(c.get("app"), requireUser(c), id);
        return c.body(null, 204);
      },
    );
  }

  router.openapi(
    createRoute({
      method: "put",
      security: SIGNED_IN,
      path: "/chat/conversations/{id}/mute",
      tags: TAG,
      operationId: "muteChatConversation",
      summary: "Silenciar (sin correos ni contador en la cabecera) o volver a activar una conversación",
      request: { params: IdParam, body: jsonBody(muteSchema) },
      responses: {
        200: json(ChatConversationSchema, "Conversación"),
        401: unauthorized,
        404: notFound,
        422: errorResponse("Datos no válidos"),
      },
    }),
    async (c) =>
      c.json(
        await setMuted(c.get("app"), requireUser(c), idFrom(c.req.valid("param").id, CONVERSATION_NOT_FOUND), c.req.valid("json").muted),
        200,
      ),
  );
  return router;
}
