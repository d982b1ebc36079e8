// What the chat routes (routes-*.ts) share: the tag, the common error answers, the answer to a send.
import { errorResponse, json } from "#server/platform/openapi";
import { ChatSendResultSchema } from "./api-schemas";

export const TAG = ["Chat"];
export const unauthorized = errorResponse("Sin sesión");
export const notFound = errorResponse("No existe o no participas en ella");

export const CONVERSATION_NOT_FOUND = "Conversación no encontrada.";
/** What sending a message answers, with or without a file. */
export const sendResponses = {
  201: json(ChatSendResultSchema, "Mensaje enviado"),
  200: json(ChatSendResultSchema, "Ya estaba enviado (mismo client_id)"),
  401: unauthorized,
  403: errorResponse("Cuenta suspendida, o has bloqueado a esa persona"),
  404: notFound,
  409: errorResponse("client_id ya usado en otra conversación"),
};

/** Chat answers are one user's: no shared cache keeps them. */
export const noStore = { "Cache-Control": "private, no-store" };
