import { z } from "#common/zod";
import { CHAT_HISTORY_PAGE_SIZE, CHAT_MESSAGE_MAX_CHARS, CHAT_REPORT_REASONS } from "./vocabulary";

// One schema per chat payload, shared by the pages and the API.

const body = z
  .string({ error: "Escribe un mensaje." })
  .trim()
  .min(1, "Escribe un mensaje.")
  .max(CHAT_MESSAGE_MAX_CHARS, `El mensaje no puede superar los ${CHAT_MESSAGE_MAX_CHARS} caracteres.`);
const clientId = z.uuid({ error: "El identificador del mensaje (client_id) debe ser un UUID." });
const positiveId = (message: string) =>
  z.coerce
    .number({ error: message })
    .int(message)
    .positive(message)
    .max(2 ** 53 - 1, message);

export const sendMessageSchema = z.object({ client_id: clientId, body });
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

/** The text fields sent with an attachment (multipart): the caption is optional. */
export const sendAttachmentSchema = z.object({
  client_id: clientId,
  body: z.string().trim().max(CHAT_MESSAGE_MAX_CHARS, `El mensaje no puede superar los ${CHAT_MESSAGE_MAX_CHARS} caracteres.`).default(""),
});

export type SendAttachmentInput = z.infer<typeof sendAttachmentSchema>;

/** Where a first message was written from, when it was a representative's profile or product («Contactar»). */
export const CHAT_ORIGINS = ["visita"] as const;

export const startConversationSchema = z.object({
  user_id: positiveId("Indica con quién quieres hablar."),
  client_id: clientId,
  body,
  /** Counted in the representative's figures when the request is actually created (issue 32). */
  origen: z.enum(CHAT_ORIGINS, { error: "Origen no válido." }).optional(),
  /** The product whose page the person came from, with `origen`. */
  producto_id: positiveId("Producto no válido.").optional(),
  /** The promotion whose page the person came from, with `origen` (its author is the recipient). */
  promocion_id: positiveId("Promoción no válida.").optional(),
});
export type StartConversationInput = z.infer<typeof startConversationSchema>;

export const historyQuerySchema = z.object({
  before: positiveId("El cursor no es válido.").optional(),
  limit: z.coerce.number().int().min(1).max(100).default(CHAT_HISTORY_PAGE_SIZE),
});

export const conversationListQuerySchema = z.object({
  folder: z.enum(["inbox", "requests"], { error: "La carpeta debe ser inbox o requests." }).default("inbox"),
  q: z.string().trim().max(100, "La búsqueda es demasiado larga.").optional(),
});

export const markReadSchema = z.object({ message_id: positiveId("Indica el último mensaje leído.") });
export const muteSchema = z.object({ muted: z.boolean({ error: "Indica si quieres silenciar la conversación." }) });
/** Either setting may be sent alone; what is not sent stays as it was. */
export const chatSettingsSchema = z.object({
  read_receipts: z.boolean({ error: "Indica si quieres enviar confirmaciones de lectura." }).optional(),
  unread_emails: z.boolean({ error: "Indica si quieres recibir avisos por correo de mensajes sin leer." }).optional(),
  verified_requests_only: z.boolean({ error: "Indica si quieres aceptar solicitudes solo de profesionales verificados." }).optional(),
});

export const reportSchema = z.object({
  conversation_id: positiveId("Indica la conversación."),
  message_id: positiveId("El mensaje no es válido.").optional(),
  reason: z.enum(CHAT_REPORT_REASONS, { error: "Elige un motivo." }),
  details: z.string().trim().max(1000, "Los detalles no pueden superar los 1000 caracteres.").optional(),
});

export const eventsQuerySchema = z.object({ since: z.coerce.number({ error: "since debe ser un número." }).int().min(0).default(0) });

export const resolveReportSchema = z.object({
  action: z.enum(["dismiss", "delete_message", "suspend_account", "block_account"], { error: "Elige una acción." }),
});
