/** The largest id a PostgreSQL integer (serial) column holds. */
export const MAX_ID = 2_147_483_647;

/**
 * The id in an address segment: "12", or "12-a-slug" when slugs are allowed. Anything else (signs,
 * decimals, more than an integer column holds) is no id of ours: null, which callers answer with
 * their not-found response. The one parser for API paths and page params alike.
 */
export function parseId(value: string | null | undefined, options: { slug?: boolean } = {}): number | null {
  if (!value) return null;
  const match = (options.slug ? /^(\d{1,10})(?:-.*)?$/ : /^(\d{1,10})$/).exec(value);
  const id = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_ID ? id : null;
}

/** Whether a number (a JSON field, a parsed body) is an id an integer column can hold. */
export function isId(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0 && value <= MAX_ID;
}
