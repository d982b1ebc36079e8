import { AppError } from "#server/platform/errors";

/** The last key of a page: mode ("d" newest first, "r" by relevance, "s" by salary), sort value and id. */
export type CursorMode = "d" | "r" | "s";
export type Cursor = { m: CursorMode; k: string; i: number };

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

const invalid = () =>
  new AppError("VALIDATION", "El cursor de paginación no es válido.", {
    fieldErrors: { cursor: ["El cursor de paginación no es válido."] },
  });

const TIMESTAMP = /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d{1,6})?([+-]\d\d(:?\d\d)?|Z)?$/;

/** Parses a cursor and checks it belongs to the same kind of ordering as the current search. */
export function decodeCursor(value: string, mode: CursorMode): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
  const c = parsed as Partial<Cursor>;
  if (!c || c.m !== mode || typeof c.k !== "string" || !Number.isSafeInteger(c.i)) throw invalid();
  if (mode === "r" && !/^\d+(\.\d+)?$/.test(c.k)) throw invalid();
  if (mode === "d" && !TIMESTAMP.test(c.k)) throw invalid();
  if (mode === "s" && !/^-?\d{1,15}$/.test(c.k)) throw invalid();
  return c as Cursor;
}
