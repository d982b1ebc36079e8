import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { hashPassword } from "#server/accounts";
import type { AppContext } from "#server/context";
import { firstOrThrow } from "#server/db/first-or-throw";
import { userRoles, users } from "#server/db/schema";
import { recordAudit } from "#server/platform/audit";

export type CreateAdminResult = { userId: number; created: boolean; alreadyAdmin: boolean; password: string | null };

/**
 * The first admin (npm run admin:create -- EMAIL): an existing account gets the admin role; an
 * unknown e-mail gets a new, verified account with a random password, shown once to whoever runs
 * the command. Audited with no actor (the command line).
 */
export async function createAdmin(ctx: Pick<AppContext, "db">, rawEmail: string): Promise<CreateAdminResult> {
  const email = z.email().parse(rawEmail.trim().toLowerCase());
  return ctx.db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    let userId = existing?.id;
    let password: string | null = null;
    if (!userId) {
      password = randomBytes(12).toString("base64url");
      const created = firstOrThrow(
        await tx
          .insert(users)
          .values({
            email,
            passwordHash: await hashPassword(password),
            registerType: "web",
            nombre: "Administración",
            emailVerifiedAt: new Date(),
            profileCompletedAt: new Date(),
          })
          .returning({ id: users.id }),
        "user insert",
      );
      userId = created.id;
    }
    const granted = await tx.insert(userRoles).values({ userId, role: "admin" }).onConflictDoNothing().returning();
    if (granted.length) {
      await recordAudit(tx, {
        actor: null,
        action: "user.role_grant",
        subjectType: "user",
        subjectId: userId,
        before: { roles: [] },
        after: { role: "admin", created: !existing },
      });
    }
    return { userId, created: !existing, alreadyAdmin: granted.length === 0, password };
  });
}
