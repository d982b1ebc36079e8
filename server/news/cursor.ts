import { AppError } from "#server/platform/errors";

/**
 * The last key of a page of news, opaque to clients: the publication time (lists) or the rank
 * (search), and the id that breaks ties.
 */
export type NewsCursor = { k: string; i: number };

export function encodeCursor(cursor: NewsCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?Z$/;
const RANK = /^\d{1,3}(\.\d{1,6})?$/;

/** Parses a cursor of the expected kind; anything else is a 422 with a Spanish message. */
export function decodeCursor(value: string, kind: "date" | "rank"): NewsCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
  } catch {
    parsed = null;
  }
  const c = parsed as Partial<NewsCursor> | null;
  const keyOk = typeof c?.k === "string" && (kind === "date" ? TIMESTAMP.test(c.k) : RANK.test(c.k));
  if (!c || !keyOk || !Number.isSafeInteger(c.i) || (c.i as number) <= 0) {
    const message = "El cursor de paginación no es válido.";
    throw new AppError("VALIDATION", message, { fieldErrors: { cursor: [message] } });
  }
  return c as NewsCursor;
}
