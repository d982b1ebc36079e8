import { eq } from "drizzle-orm";
import { isTrue } from "#common/accounts";
import type { AppContext } from "#server/context";
import { users } from "#server/db/schema";

// The "professional of the health sector" flag that opens the professional-only content.

export async function setProfesionalSanitario(ctx: AppContext, userId: number | undefined, value: unknown): Promise<0 | 1> {
  const flag = isTrue(value);
  if (userId) await ctx.db.update(users).set({ profesionalSanitario: flag, updatedAt: new Date() }).where(eq(users.id, userId));
  return flag ? 1 : 0;
}
