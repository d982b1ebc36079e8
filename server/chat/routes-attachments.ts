import { createRoute, z } from "@hono/zod-openapi";
import { sendAttachmentSchema } from "#common/chat/schemas";
import { requireUser } from "#server/accounts";
import { fileHeaders } from "#server/platform/downloads";
import { createRouter, errorResponse, IdParam, idFrom, multipartBody, SIGNED_IN } from "#server/platform/openapi";
import { readAttachment, sendAttachment } from "./attachments.service";
import { CONVERSATION_NOT_FOUND, noStore, sendResponses, TAG, unauthorized } from "./routes-shared";

/** /api/chat: sending a message with a file, and downloading a message's file. */
export function createChatAttachmentRoutes() {
  const router = createRouter();

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
  return router;
}
