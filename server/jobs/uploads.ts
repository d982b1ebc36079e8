import { inArray } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { candidaturas } from "#server/db/schema";

/** The CV files (folder "cv") applications still refer to: the owners for the orphan sweep. */
export const cvKeysInUse = async (db: Db, keys: string[]) => {
  const rows = await db.select({ key: candidaturas.cvKey }).from(candidaturas).where(inArray(candidaturas.cvKey, keys));
  return new Set(rows.map((row) => row.key));
};
