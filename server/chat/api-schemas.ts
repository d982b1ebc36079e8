import { z } from "@hono/zod-openapi";
import { CHAT_CONVERSATION_STATUSES, CHAT_EVENT_KINDS, CHAT_REPORT_REASONS, CHAT_REPORT_STATUSES } from "#common/chat/vocabulary";

// Response shapes of /api/chat; the TypeScript types of views.ts derive from them.

export const ChatAttachmentSchema = z
  .object({
    kind: z.enum(["image", "pdf"]),
    name: z.string().openapi({ example: "ficha-tecnica.pdf" }),
    size: z.number().int().openapi({ description: "Bytes" }),
    width: z.number().int().optional(),
    height: z.number().int().optional(),
    url: z.string().openapi({ example: "/api/chat/messages/1042/attachment", description: "Solo para los dos participantes" }),
  })
  .openapi("ChatAdjunto");

export const ChatMessageSchema = z
  .object({
    id: z.number().int().openapi({ example: 1042 }),
    conversation_id: z.number().int(),
    sender_id: z.number().int(),
    client_id: z.string().openapi({ format: "uuid" }),
    body: z.string().openapi({ description: "Texto plano; vacío si el mensaje se eliminó" }),
    attachment: ChatAttachmentSchema.nullable(),
    created_at: z.string().openapi({ format: "date-time" }),
    deleted: z.boolean(),
  })
  .openapi("ChatMensaje");

export const ChatPersonSchema = z
  .object({
    id: z.number().int(),
    nombre: z.string().openapi({ example: "Lucía García Pérez" }),
    avatar: z.string().nullable(),
    avatar_text: z.string().openapi({ example: "LG" }),
    role_label: z.string().openapi({ example: "Visitador farmacéutico · Laboratorios Demo" }),
    profesional_verificado: z.boolean().openapi({ description: "Insignia «Profesional verificado»" }),
  })
  .openapi("ChatPersona");

export const ChatConversationSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(CHAT_CONVERSATION_STATUSES),
    incoming_request: z.boolean().openapi({ description: "Una solicitud que otra persona me envió y aún no he aceptado" }),
    other: ChatPersonSchema,
    unread_count: z.number().int(),
    muted: z.boolean(),
    blocked: z.boolean().openapi({ description: "He bloqueado a la otra persona" }),
    last_message: ChatMessageSchema.nullable(),
    last_message_at: z.string().nullable().openapi({ format: "date-time" }),
    last_read_message_id: z.number().int(),
    other_read_message_id: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Null si alguno de los dos desactivó las confirmaciones de lectura" }),
    other_delivered_message_id: z.number().int(),
  })
  .openapi("ChatConversacion");

export const ChatConversationListSchema = z
  .object({ data: z.array(ChatConversationSchema), requests_count: z.number().int() })
  .openapi("ChatConversaciones");

export const ChatHistorySchema = z
  .object({
    data: z.array(ChatMessageSchema).openapi({ description: "Del más antiguo al más reciente" }),
    next_cursor: z.number().int().nullable().openapi({ description: "Pásalo como before para la página anterior; null si no hay más" }),
  })
  .openapi("ChatHistorial");

export const ChatSendResultSchema = z.object({ message: ChatMessageSchema, duplicate: z.boolean() }).openapi("ChatEnvio");
export const ChatStartResultSchema = ChatSendResultSchema.extend({ conversation: ChatConversationSchema }).openapi("ChatInicio");

export const ChatEventSchema = z
  .object({
    type: z.literal("chat.event"),
    seq: z.number().int(),
    kind: z.enum(CHAT_EVENT_KINDS),
    conversation_id: z.number().int(),
    message_id: z.number().int().nullable(),
    message: ChatMessageSchema.optional(),
    unread_total: z.number().int().optional(),
    user_id: z.number().int().optional(),
    status: z.enum(CHAT_CONVERSATION_STATUSES).optional(),
    muted: z.boolean().optional(),
  })
  .openapi("ChatEvento");

export const ChatEventsSchema = z
  .object({ events: z.array(ChatEventSchema), last_seq: z.number().int(), more: z.boolean() })
  .openapi("ChatEventos");

export const ChatSettingsSchema = z
  .object({
    read_receipts: z.boolean().openapi({ description: "Confirmaciones de lectura (si están desactivadas, ni se envían ni se ven)" }),
    unread_emails: z.boolean().openapi({ description: "Aviso por correo de mensajes sin leer durante 15 minutos" }),
    verified_requests_only: z.boolean().openapi({ description: "Aceptar solicitudes de mensajes solo de profesionales verificados" }),
  })
  .openapi("ChatAjustes");

export const ChatReportSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(CHAT_REPORT_STATUSES),
    reason: z.enum(CHAT_REPORT_REASONS),
    details: z.string().nullable(),
    created_at: z.string(),
    conversation_id: z.number().int(),
    reporter: z.object({ id: z.number().int(), nombre: z.string() }),
    reported_user: z.object({ id: z.number().int(), nombre: z.string(), suspended: z.boolean() }),
    message: z
      .object({
        id: z.number().int(),
        body: z.string(),
        created_at: z.string(),
        deleted: z.boolean(),
        attachment_name: z.string().nullable(),
      })
      .nullable(),
    context: z.array(
      z.object({
        id: z.number().int(),
        sender_id: z.number().int(),
        body: z.string(),
        created_at: z.string(),
        deleted: z.boolean(),
        /** The attached file's name (a message may be only a file): the moderator sees what was sent. */
        attachment_name: z.string().nullable(),
      }),
    ),
    handled_at: z.string().nullable(),
  })
  .openapi("ChatDenuncia");
