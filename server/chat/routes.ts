import { createRoute, z } from "@hono/zod-openapi";
import {
  chatSettingsSchema,
  conversationListQuerySchema,
  eventsQuerySchema,
  historyQuerySchema,
  markReadSchema,
  muteSchema,
  reportSchema,
  resolveReportSchema,
  sendAttachmentSchema,
  sendMessageSchema,
  startConversationSchema,
} from "#common/chat/schemas";
import { CHAT_RESUME_BATCH } from "#common/chat/vocabulary";
import { requireUser } from "#server/accounts";
import { fileHeaders } from "#server/platform/downloads";
import { createRouter, errorResponse, IdParam, idFrom, json, jsonBody, multipartBody, SIGNED_IN } from "#server/platform/openapi";
import {
  ChatConversationListSchema,
  ChatConversationSchema,
  ChatEventsSchema,
  ChatHistorySchema,
  ChatReportSchema,
  ChatSendResultSchema,
  ChatSettingsSchema,
  ChatStartResultSchema,
} from "./api-schemas";
import { readAttachment, sendAttachment } from "./attachments.service";
import { acceptRequest, declineRequest, getConversation, listConversations, setMuted, startConversation } from "./conversations.service";
import { listEventsSince } from "./events";
import { deleteMessage, listMessages, markRead, sendMessage } from "./messages.service";
import { listReports, resolveReport } from "./moderation.service";
import { createLinkPreviewRoutes } from "./routes-preview";
import { blockUser, getChatSettings, reportConversation, unblockUser, updateChatSettings } from "./safety.service";

const TAG = ["Chat"];
const unauthorized = errorResponse("Sin sesión");
const notFound = errorResponse("No existe o no participas en ella");

const CONVERSATION_NOT_FOUND = "Conversación no encontrada.";
/** What sending a message answers, with or without a file. */
const sendResponses = {
  201: json(ChatSendResultSchema, "Mensaje enviado"),
  200: json(ChatSendResultSchema, "Ya estaba enviado (mismo client_id)"),
  401: unauthorized,
  403: errorResponse("Cuenta suspendida, o has bloqueado a esa persona"),
  404: notFound,
  409: errorResponse("client_id ya usado en otra conversación"),
};

/** /api/chat: conversations, history, sending, marks, safety; /api/admin/chat: the moderation queue. */
export function createChatRoutes() {
  const router = createRouter();
  const noStore = { "Cache-Control": "private, no-store" };

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
        403: errorResponse("Cuenta suspendida, o has bloqueado a esa persona"),
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

  router.openapi(
    createRoute({
      method: "post",
      security: SIGNED_IN,
      path: "/chat/conversations/{id}/attachments",
      tags: TAG,
      operationId: "sendChatAttachment",
      summary:
        "Enviar una imagen (PNG, JPEG o WebP; se decodifica y se guarda como WebP sin metadatos) o un PDF de hasta MAX_UPLOAD_MB, con un texto opcional. Reenviar el mismo client_id devuelve el mensaje guardado",
      request: { params: IdParam, body: multipartBody(sendAttachmentSchema, "file", "Imagen PNG, JPEG o WebP, o PDF") },
      responses: {
        ...sendResponses,
        413: errorResponse("Archivo demasiado grande"),
        415: errorResponse("No es una imagen PNG, JPEG o WebP ni un PDF"),
        422: errorResponse("Datos no válidos"),
        429: errorResponse("Demasiados mensajes o subidas"),
      },
    }),
    async (c) => {
      const form = c.req.valid("form") as { client_id?: unknown; body?: unknown; file?: unknown };
      const result = await sendAttachment(c.get("app"), requireUser(c), idFrom(c.req.valid("param").id, CONVERSATION_NOT_FOUND), form);
      return c.json(result, result.duplicate ? 200 : 201);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      security: SIGNED_IN,
      path: "/chat/messages/{id}/attachment",
      tags: TAG,
      operationId: "getChatAttachment",
      summary: "El archivo de un mensaje, solo para los dos participantes de la conversación",
      request: { params: IdParam },
      responses: {
        200: {
          description: "El archivo",
          content: {
            "image/webp": { schema: z.any().openapi({ type: "string", format: "binary" }) },
            "application/pdf": { schema: z.any().openapi({ type: "string", format: "binary" }) },
          },
        },
        401: unauthorized,
        404: errorResponse("No existe, se eliminó o no participas en la conversación"),
      },
    }),
    async (c) => {
      const file = await readAttachment(c.get("app"), requireUser(c), idFrom(c.req.valid("param").id, "Mensaje no encontrado."));
      // Images (re-encoded) are shown in the conversation; a PDF is downloaded, never rendered on our origin.
      return c.body(
        new Uint8Array(file.bytes),
        200,
        fileHeaders({ mime: file.mime, name: file.name, inline: file.kind === "image", cache: noStore["Cache-Control"] }),
      );
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

  router.openapi(
    createRoute({
      method: "get",
      security: SIGNED_IN,
      path: "/admin/chat/reports",
      tags: ["Moderación"],
      operationId: "listChatReports",
      summary: "Cola de moderación del chat (rol moderador)",
      request: { query: z.object({ status: z.enum(["pendiente", "resueltos"]).default("pendiente") }) },
      responses: { 200: json(z.array(ChatReportSchema), "Denuncias"), 401: unauthorized, 403: errorResponse("Solo moderadores") },
    }),
    async (c) => c.json(await listReports(c.get("app"), requireUser(c), c.req.valid("query")), 200, noStore),
  );

  router.openapi(
    createRoute({
      method: "post",
      security: SIGNED_IN,
      path: "/admin/chat/reports/{id}/resolve",
      tags: ["Moderación"],
      operationId: "resolveChatReport",
      summary: "Resolver una denuncia: descartarla, eliminar el mensaje, suspender la cuenta en el chat o bloquearla",
      request: { params: IdParam, body: jsonBody(resolveReportSchema) },
      responses: {
        204: { description: "Resuelta" },
        401: unauthorized,
        403: errorResponse("Solo moderadores"),
        404: errorResponse("Denuncia no encontrada"),
        409: errorResponse("Ya resuelta"),
        422: errorResponse("Acción no válida"),
      },
    }),
    async (c) => {
      const id = idFrom(c.req.valid("param").id, "Denuncia no encontrada.");
      await resolveReport(c.get("app"), requireUser(c), id, c.req.valid("json").action);
      return c.body(null, 204);
    },
  );

  router.route("/", createLinkPreviewRoutes());
  return router;
}
