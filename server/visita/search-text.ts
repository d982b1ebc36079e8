/**
 * The words of a product that live in other tables (active ingredients, laboratories, ATC code),
 * copied into products.search_extra on every write: the generated search_text column can only read
 * its own row.
 */
export function searchExtraOf(input: { ingredients: string[]; laboratories: string[]; atcCode?: string | null }): string {
  return [...input.ingredients, ...input.laboratories, input.atcCode ?? ""].filter(Boolean).join(" ");
}

/**
 * The words of a search, folded like search_text is (lower case; accents are removed in SQL by
 * f_unaccent): at most six, one-letter words dropped.
 */
export function searchTokens(q: string): string[] {
  return q
    .toLowerCase()
    .split(/[\s,;/+()]+/)
    .map((word) => word.replace(/^[.'"-]+|[.'"-]+$/g, ""))
    .filter((word) => word.length >= 2)
    .slice(0, 6);
}
