import { isId } from "#common/ids";
import { AppError } from "#server/platform/errors";

/**
 * Keyset pagination's cursor, opaque to clients: the last row's sort value (`k`) and id (`i`), and
 * the ordering (`m`) when an area sorts several ways, so a cursor of one ordering is refused by
 * another. Encoded as base64url JSON.
 */
export type Cursor<M extends string = string> = { m?: M; k: string; i: number };

/** What a sort value may look like, by kind: a cursor is checked before it reaches a query. */
export const CURSOR_KEYS = {
  timestamp: /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d{1,6})?([+-]\d\d(:?\d\d)?|Z)?$/,
  decimal: /^\d+(\.\d+)?$/,
  integer: /^-?\d{1,15}$/,
  text: /^[\s\S]*$/,
} as const;

const MAX_KEY_LENGTH = 400;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

/** Parses a cursor of the expected ordering; anything else is a 422 with a Spanish message on `cursor`. */
export function decodeCursor<M extends string>(value: string, ordering: { mode?: M; key: RegExp }): Cursor<M> {
  const cursor = cursorOrNull(value, ordering);
  if (!cursor) {
    const message = "El cursor de paginación no es válido.";
    throw new AppError("VALIDATION", message, { fieldErrors: { cursor: [message] } });
  }
  return cursor;
}

/** The cursor, or null when it is not one of this ordering (a page then starts its list again). */
export function cursorOrNull<M extends string>(value: string, ordering: { mode?: M; key: RegExp }): Cursor<M> | null {
  let parsed: Partial<Cursor<M>> | null = null;
  try {
    parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
  } catch {
    parsed = null;
  }
  const valid =
    typeof parsed === "object" &&
    parsed !== null &&
    parsed.m === ordering.mode &&
    typeof parsed.k === "string" &&
    parsed.k.length <= MAX_KEY_LENGTH &&
    ordering.key.test(parsed.k) &&
    isId(parsed.i);
  return valid ? (parsed as Cursor<M>) : null;
}
