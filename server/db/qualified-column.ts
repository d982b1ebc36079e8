import { Column, getTableName, is, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * A column named with its table, for a correlated subquery in a select list: there drizzle writes
 * columns bare, and a bare "id" inside `(select … where x.user_id = id)` would mean the subquery's
 * own row, not the outer one. SQL passed in (a value, an alias's column) is used as it is.
 */
export const qualifiedColumn = (ref: AnyPgColumn | SQL): SQL =>
  is(ref, Column) ? sql.raw(`"${getTableName(ref.table)}"."${ref.name}"`) : (ref as SQL);
