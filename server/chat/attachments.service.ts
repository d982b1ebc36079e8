import { and, eq, inArray, sql } from "drizzle-orm";
import { type SendAttachmentInput, sendAttachmentSchema } from "#common/chat/schemas";
import type { ChatAttachment } from "#common/chat/vocabulary";
import { fieldErrorsOf } from "#common/validation";
import type { AppContext } from "#server/context";
import type { Db } from "#server/db/client";
import { chatMessages, chatParticipants } from "#server/db/schema";
import { uploadName } from "#server/platform/downloads";
import { validationError } from "#server/platform/errors";
import { enforceRateLimit } from "#server/platform/rate-limit";
import type { FileKind } from "#server/platform/storage";
import { duplicateOf, findByClientId, insertMessage, type SendResult } from "./messages.service";
import { type ChatActor, messageNotFound, participationOf } from "./policy";

// Images and PDFs sent in a conversation. The bytes decide the type (a renamed text file is
// refused), images are decoded and re-encoded (no EXIF survives), and the file is served only to
// the two participants, through a route that checks membership on every request.

export const CHAT_FILES_FOLDER = "chat";
const ALLOWED: FileKind[] = ["png", "jpeg", "webp", "pdf"];

/**
 * The shown name: the client's base name without paths or control characters, ending in the
 * extension of the stored type ("foto.jpg" re-encoded is "foto.webp"; "a.pdf.html" is "a.pdf"); never used on disk.
 */
export function attachmentName(raw: string, kind: FileKind): string {
  return uploadName(raw, kind, kind === "pdf" ? "documento" : "imagen");
}

/**
 * Sends a message with a file. Resending the same client_id returns the stored message without
 * storing the file again; a file stored for a send that loses a race is removed.
 */
export async function sendAttachment(
  ctx: AppContext,
  actor: ChatActor,
  conversationId: number,
  form: { client_id?: unknown; body?: unknown; file?: unknown },
): Promise<SendResult> {
  const parsed = sendAttachmentSchema.safeParse({ client_id: form.client_id, body: form.body ?? undefined });
  if (!parsed.success) throw validationError(fieldErrorsOf(parsed.error));
  const data: SendAttachmentInput = parsed.data;
  const existing = await findByClientId(ctx.db, actor.id, data.client_id);
  if (existing) return duplicateOf(existing, conversationId);
  if (!(form.file instanceof Blob)) throw validationError({ file: ["Elige una imagen (PNG, JPEG o WebP) o un PDF."] });
  // Membership before the file is read: nobody stores files in a conversation that is not theirs.
  await participationOf(ctx.db, actor, conversationId);
  await enforceRateLimit(ctx.db, "chatSend", String(actor.id));
  await enforceRateLimit(ctx.db, "upload", `user:${actor.id}`);
  const stored = await ctx.storage.save(CHAT_FILES_FOLDER, form.file, {
    allowed: ALLOWED,
    maxBytes: ctx.config.maxUploadBytes,
    label: "archivo",
  });
  const attachment: ChatAttachment = {
    kind: stored.kind === "pdf" ? "pdf" : "image",
    key: stored.key,
    name: attachmentName(form.file instanceof File ? form.file.name : "", stored.kind),
    size: stored.size,
    ...(stored.width ? { width: stored.width, height: stored.height } : {}),
  };
  try {
    const result = await ctx.db.transaction(async (tx) => {
      const participation = await participationOf(tx, actor, conversationId, { lock: true });
      return insertMessage(ctx, tx, participation, actor, { client_id: data.client_id, body: data.body, attachment });
    });
    if (result.duplicate) await ctx.storage.remove(stored.key);
    return result;
  } catch (error) {
    await ctx.storage.remove(stored.key);
    throw error;
  }
}

/**
 * The file of a message, for its two participants only (a withheld message for its sender only);
 * anyone else, a deleted message or a message without a file gets the same 404.
 */
export async function readAttachment(
  ctx: AppContext,
  actor: ChatActor,
  messageId: number,
): Promise<{ bytes: Buffer; mime: string; name: string; kind: ChatAttachment["kind"] }> {
  const [row] = await ctx.db
    .select({ attachment: chatMessages.attachment })
    .from(chatMessages)
    .innerJoin(
      chatParticipants,
      and(eq(chatParticipants.conversationId, chatMessages.conversationId), eq(chatParticipants.userId, actor.id)),
    )
    .where(
      and(
        eq(chatMessages.id, messageId),
        sql`${chatMessages.deletedAt} is null`,
        sql`(${chatMessages.withheld} = false or ${chatMessages.senderId} = ${actor.id})`,
      ),
    );
  if (!row?.attachment) throw messageNotFound();
  const file = await ctx.storage.read(row.attachment.key);
  return { ...file, name: row.attachment.name, kind: row.attachment.kind };
}

/** The chat files messages still refer to: the owners for the orphan sweep (deleted messages drop theirs). */
export const chatKeysInUse = async (db: Db, keys: string[]) => {
  const key = sql<string>`${chatMessages.attachment}->>'key'`;
  const rows = await db.select({ key }).from(chatMessages).where(inArray(key, keys));
  return new Set(rows.map((row) => row.key));
};
