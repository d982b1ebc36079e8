import { createRoute } from "@hono/zod-openapi";
import { eventsQuerySchema, historyQuerySchema, sendMessageSchema } from "#common/chat/schemas";
import { CHAT_RESUME_BATCH } from "#common/chat/vocabulary";
import { requireUser } from "#server/accounts";
import { createRouter, errorResponse, IdParam, idFrom, json, jsonBody, SIGNED_IN } from "#server/platform/openapi";
import { ChatEventsSchema, ChatHistorySchema } from "./api-schemas";
import { listEventsSince } from "./events";
import { deleteMessage, listMessages, sendMessage } from "./messages.service";
import { CONVERSATION_NOT_FOUND, noStore, notFound, sendResponses, TAG, unauthorized } from "./routes-shared";

/** /api/chat: a conversation's history, sending and deleting a message, the events since a cursor (after a reconnect). */
export function createChatMessageRoutes() {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "get",
      security: SIGNED_IN,
      path: "/chat/conversations/{id}/messages",
      tags: TAG,
      operationId: "listChatMessages",
      summary: "Historial hacia atrás: los mensajes anteriores a before (un id de mensaje), del más antiguo al más reciente",
      request: { params: IdParam, query: historyQuerySchema },
      responses: {
        200: json(ChatHistorySchema, "Una página del historial"),
        401: unauthorized,
        404: notFound,
        422: errorResponse("Cursor no válido"),
      },
    }),
    async (c) => {
      const result = await listMessages(
        c.get("app"),
        requireUser(c),
        idFrom(c.req.valid("param").id, CONVERSATION_NOT_FOUND),
        c.req.valid("query"),
      );
      return c.json(result, 200, noStore);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      security: SIGNED_IN,
      path: "/chat/conversations/{id}/messages",
      tags: TAG,
      operationId: "sendChatMessage",
      summary: "Enviar un mensaje. Reenviar el mismo client_id devuelve el mensaje guardado (duplicate: true), nunca una copia",
      request: { params: IdParam, body: jsonBody(sendMessageSchema) },
      responses: {
        ...sendResponses,
        422: errorResponse("Datos no válidos"),
        429: errorResponse("Demasiados mensajes"),
      },
    }),
    async (c) => {
      const result = await sendMessage(
        c.get("app"),
        requireUser(c),
        idFrom(c.req.valid("param").id, CONVERSATION_NOT_FOUND),
        c.req.valid("json"),
      );
      return c.json(result, result.duplicate ? 200 : 201);
    },
  );

  router.openapi(
    createRoute({
      method: "delete",
      security: SIGNED_IN,
      path: "/chat/messages/{id}",
      tags: TAG,
      operationId: "deleteChatMessage",
      summary: "Eliminar para todos un mensaje propio, durante los 15 minutos siguientes a su envío",
      request: { params: IdParam },
      responses: {
        204: { description: "Eliminado" },
        401: unauthorized,
        404: errorResponse("Mensaje no encontrado"),
        409: errorResponse("Fuera de plazo"),
      },
    }),
    async (c) => {
      await deleteMessage(c.get("app"), requireUser(c), idFrom(c.req.valid("param").id, "Mensaje no encontrado."));
      return c.body(null, 204);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      security: SIGNED_IN,
      path: "/chat/events",
      tags: TAG,
      operationId: "listChatEvents",
      summary: `Eventos posteriores a since (número de secuencia), hasta ${CHAT_RESUME_BATCH} por página: lo que un cliente se perdió mientras estaba desconectado`,
      request: { query: eventsQuerySchema },
      responses: { 200: json(ChatEventsSchema, "Eventos en orden"), 401: unauthorized, 422: errorResponse("since no válido") },
    }),
    async (c) => {
      const result = await listEventsSince(c.get("app"), requireUser(c), c.req.valid("query").since, CHAT_RESUME_BATCH);
      return c.json(result, 200, noStore);
    },
  );
  return router;
}
