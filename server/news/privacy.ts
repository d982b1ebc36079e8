import { eq } from "drizzle-orm";
import type { PrivacyPart } from "#server/accounts";
import type { Db } from "#server/db/client";
import { newsletterSubscriptions } from "#server/db/schema";

// The news area's share of the user's rights over their data (docs/privacy-rules.md).

export const newsPrivacy: PrivacyPart = {
  area: "noticias",
  covers: ["newsletter_subscriptions.user_id"],
  async collect(db: Db, userId: number) {
    const [subscription] = await db
      .select({
        areas: newsletterSubscriptions.areaIds,
        ultima_semana: newsletterSubscriptions.lastWeek,
        desde: newsletterSubscriptions.createdAt,
      })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.userId, userId));
    return { data: { boletin: subscription ?? null }, files: [] };
  },
  async erase(tx: Db, userId: number) {
    await tx.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.userId, userId));
    return { files: [], keepsUser: false };
  },
};
