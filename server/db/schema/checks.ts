import { type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, check } from "drizzle-orm/pg-core";

/**
 * A CHECK that a varchar column holds one of its vocabulary's values: the same constant the code
 * types the column with, so the database refuses what TypeScript would (a bad value from SQL, a
 * script or a future bug). Values are plain words, written into the constraint as literals.
 */
export function oneOf(name: string, column: AnyPgColumn, values: readonly string[]) {
  for (const value of values) if (!/^[a-z_]+$/.test(value)) throw new Error(`Not a vocabulary word: ${value}`);
  const list: SQL = sql.raw(values.map((value) => `'${value}'`).join(", "));
  return check(name, sql`${column} IN (${list})`);
}
