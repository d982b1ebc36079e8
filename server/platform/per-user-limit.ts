import { type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { AppError } from "./errors";

/**
 * Checks a per-user count limit (alerts, saved offers…) inside the transaction that inserts the new
 * row. The user's row is locked first (FOR UPDATE), so concurrent requests of the same user queue
 * behind each other and each one counts what the previous one committed: a count taken without the
 * lock lets 40 parallel requests all see 19 and all insert.
 *
 * `count` is a scalar subquery of the rows the limit governs; call this before the insert, in the
 * same transaction.
 */
export async function enforcePerUserLimit(tx: Db, userId: number, count: SQL, max: number, message: string): Promise<void> {
  type Rows = { rows: Array<Record<string, unknown>> };
  const locked = (await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`)) as unknown as Rows;
  if (!locked.rows.length) throw new AppError("UNAUTHENTICATED");
  // A separate statement: under READ COMMITTED it takes a fresh snapshot after the lock is granted,
  // so it sees the rows the previous holder committed (one statement would count with its old snapshot).
  const counted = (await tx.execute(sql`SELECT (${count})::int AS n`)) as unknown as Rows;
  if (Number(counted.rows[0]?.n ?? 0) >= max) throw new AppError("CONFLICT", message);
}
