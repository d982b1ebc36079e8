import type { z } from "@hono/zod-openapi";
import type { ChatAttachment } from "#common/chat/vocabulary";
import { pictureOf } from "#server/accounts";
import type { chatMessages, RegisterType } from "#server/db/schema";
import type { ChatConversationSchema, ChatMessageSchema, ChatPersonSchema } from "./api-schemas";

// The shapes the chat API, the pages and the socket share (snake_case like every API payload).

export type ChatMessageView = z.infer<typeof ChatMessageSchema>;
export type ChatPersonView = z.infer<typeof ChatPersonSchema>;
export type ChatConversationView = z.infer<typeof ChatConversationSchema>;

export function toMessageView(row: typeof chatMessages.$inferSelect): ChatMessageView {
  const deleted = row.deletedAt !== null;
  return {
    id: row.id,
    conversation_id: row.conversationId,
    sender_id: row.senderId,
    client_id: row.clientId,
    body: deleted ? "" : row.body,
    attachment: deleted || !row.attachment ? null : attachmentView(row.id, row.attachment),
    created_at: row.createdAt.toISOString(),
    deleted,
  };
}

/** What clients see of an attachment: never the storage key, only the address that checks membership. */
function attachmentView(messageId: number, { key: _key, ...attachment }: ChatAttachment): ChatMessageView["attachment"] {
  return { ...attachment, url: `/api/chat/messages/${messageId}/attachment` };
}

const ROLE_LABELS: Record<RegisterType, string> = {
  web: "Profesional",
  academia: "Profesional",
  candidato: "Candidato",
  visita: "Visitador farmacéutico",
  mkt: "Marketing",
  empleo: "Empresa",
};

export function toPersonView(row: {
  id: number;
  email: string;
  nombre: string | null;
  apellidos: string | null;
  avatar: string | null;
  updatedAt: Date;
  registerType: RegisterType;
  empresaNombre: string | null;
  verified: boolean;
}): ChatPersonView {
  const role = ROLE_LABELS[row.registerType] ?? "Profesional";
  return {
    id: row.id,
    nombre: [row.nombre, row.apellidos].filter(Boolean).join(" ") || "Usuario",
    ...pictureOf(row),
    role_label: row.empresaNombre ? `${role} · ${row.empresaNombre}` : role,
    profesional_verificado: row.verified === true,
  };
}
