import { AppError } from "#server/platform/errors";

/** The last key of a page: mode ("r" by relevance, "n" by name), sort value and id. */
export type CatalogueCursor = { m: "r" | "n"; k: string; i: number };

export const encodeCursor = (cursor: CatalogueCursor) => Buffer.from(JSON.stringify(cursor)).toString("base64url");

const invalid = () =>
  new AppError("VALIDATION", "El cursor de paginación no es válido.", {
    fieldErrors: { cursor: ["El cursor de paginación no es válido."] },
  });

/** Parses a cursor and checks it belongs to the same ordering as the current search. */
export function decodeCursor(value: string, mode: "r" | "n"): CatalogueCursor {
  let parsed: Partial<CatalogueCursor> | null = null;
  try {
    parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
  if (!parsed || parsed.m !== mode || typeof parsed.k !== "string" || parsed.k.length > 400 || !Number.isSafeInteger(parsed.i))
    throw invalid();
  if (mode === "r" && !/^\d+(\.\d+)?$/.test(parsed.k)) throw invalid();
  return parsed as CatalogueCursor;
}
