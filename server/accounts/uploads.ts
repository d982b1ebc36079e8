import { inArray } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { users } from "#server/db/schema";

/** The avatar files (folder "avatars") users still show: the owners for the orphan sweep. */
export const avatarKeysInUse = async (db: Db, keys: string[]) => {
  const rows = await db.select({ key: users.avatar }).from(users).where(inArray(users.avatar, keys));
  return new Set(rows.map((row) => row.key).filter((key): key is string => Boolean(key)));
};
