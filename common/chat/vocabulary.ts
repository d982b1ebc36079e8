/** Chat vocabulary both sides use (no zod here: the chat pages stay light). */

export const CHAT_CONVERSATION_STATUSES = ["request", "active", "declined"] as const;
export type ChatConversationStatus = (typeof CHAT_CONVERSATION_STATUSES)[number];

export const CHAT_EVENT_KINDS = ["message", "message_deleted", "read", "delivered", "conversation"] as const;
export type ChatEventKind = (typeof CHAT_EVENT_KINDS)[number];

export const CHAT_REPORT_REASONS = ["spam", "acoso", "inapropiado", "fraude", "otro"] as const;
export type ChatReportReason = (typeof CHAT_REPORT_REASONS)[number];
export const CHAT_REPORT_REASON_LABELS: Record<ChatReportReason, string> = {
  spam: "Spam o publicidad no deseada",
  acoso: "Acoso o insultos",
  inapropiado: "Contenido inapropiado",
  fraude: "Fraude o suplantación",
  otro: "Otro motivo",
};

export const CHAT_REPORT_STATUSES = ["pendiente", "descartado", "mensaje_eliminado", "cuenta_suspendida", "cuenta_bloqueada"] as const;
export type ChatReportStatus = (typeof CHAT_REPORT_STATUSES)[number];

export type ChatAttachment = { kind: "image" | "pdf"; key: string; name: string; size: number; width?: number; height?: number };

/** Longest message body, in characters. */
export const CHAT_MESSAGE_MAX_CHARS = 4000;
/** A sender may delete a message for everyone this long after sending it. */
export const CHAT_DELETE_WINDOW_MINUTES = 15;
export const CHAT_HISTORY_PAGE_SIZE = 30;
/** Events returned by one resume; the client asks again while `more` is true. */
export const CHAT_RESUME_BATCH = 500;

export const CHAT_DELETED_TEXT = "Mensaje eliminado";
