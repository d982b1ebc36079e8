import { inArray } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { candidatoCvs, candidaturas } from "#server/db/schema";

/** The CV files (folder "cv") applications still refer to: the owners for the orphan sweep. */
export const cvKeysInUse = async (db: Db, keys: string[]) => {
  const rows = await db.select({ key: candidaturas.cvKey }).from(candidaturas).where(inArray(candidaturas.cvKey, keys));
  // Saved CVs share the folder: a file is in use while an application or a saved CV refers to it.
  const saved = await db.select({ key: candidatoCvs.fileKey }).from(candidatoCvs).where(inArray(candidatoCvs.fileKey, keys));
  return new Set([...rows, ...saved].map((row) => row.key));
};
