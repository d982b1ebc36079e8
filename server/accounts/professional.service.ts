import { eq } from "drizzle-orm";
import { isTrue } from "#common/accounts";
import type { AppContext } from "#server/context";
import { users } from "#server/db/schema";

// The "professional of the health sector" flag that opens the professional-only content.

/** Stores a signed-in user's declaration with its date (withdrawing clears both). */
export async function setProfesionalSanitario(ctx: AppContext, userId: number | undefined, value: unknown): Promise<0 | 1> {
  const flag = isTrue(value);
  const now = new Date();
  if (userId)
    await ctx.db
      .update(users)
      .set({ profesionalSanitario: flag, profesionalSanitarioAt: flag ? now : null, updatedAt: now })
      .where(eq(users.id, userId));
  return flag ? 1 : 0;
}

/** The signed-in user's declaration: whether it stands and since when (null when never declared or withdrawn). */
export async function findProfesionalSanitario(ctx: AppContext, userId: number) {
  const [row] = await ctx.db
    .select({ declared: users.profesionalSanitario, at: users.profesionalSanitarioAt })
    .from(users)
    .where(eq(users.id, userId));
  return { declared: Boolean(row?.declared), at: row?.declared && row.at ? row.at.toISOString() : null };
}
