import { eq, sql } from "drizzle-orm";
import { seedAccountsDemo } from "#server/accounts";
import { seedBackofficeDemo } from "#server/admin";
import { seedChatDemo } from "#server/chat";
import type { AppContext } from "#server/context";
import { appMeta } from "#server/db/schema";
import { seedJobsDemo } from "#server/jobs";
import { seedNewsDemo } from "#server/news";
import { seedFiguresDemo, seedPromotionsDemo, seedVisitaDemo } from "#server/visita";

/**
 * The demo data of every area, loaded once into an empty database. Each area adds its seed step
 * here; the steps are built from the same factory functions the tests use.
 */
type SeedStep = { name: string; run: (ctx: AppContext) => Promise<void> };
const steps: SeedStep[] = [
  { name: "accounts", run: seedAccountsDemo },
  // Jobs runs after accounts: it gives the accounts demo candidate some applications.
  { name: "jobs", run: seedJobsDemo },
  { name: "backoffice", run: seedBackofficeDemo },
  // Chat runs after accounts: it needs the demo users.
  { name: "chat", run: seedChatDemo },
  { name: "news", run: seedNewsDemo },
  // Visita runs after accounts: it fills the demo representative's portfolio.
  { name: "visita", run: seedVisitaDemo },
  // Promotions (issue 14, promo): after visita, on the demo representative's portfolio.
  { name: "visita-promotions", run: seedPromotionsDemo },
  // Figures (issue 32): after promotions, so the promotions have theirs.
  { name: "visita-figures", run: seedFiguresDemo },
];

const SEEDED_KEY = "demo_seeded";

/**
 * All or nothing, once: the steps run in one transaction under an advisory lock, so a crash
 * mid-seed leaves an empty database (seeded again next start) and two instances starting together
 * on one PostgreSQL do not both seed.
 */
export async function seedDemoData(ctx: AppContext): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(725842)`);
    const [done] = await tx.select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY));
    if (done) return false;
    // Nobody is connected while the demo is seeded, and a live push sent after a service's own
    // (here nested) transaction would wait for this outer one on PGlite's single connection, forever.
    const silent = async () => {};
    const realtime = { ...ctx.realtime, publish: silent, publishAll: silent };
    const txCtx: AppContext = { ...ctx, db: tx, realtime };
    for (const step of steps) {
      ctx.logger.debug({ step: step.name }, "seeding");
      await step.run(txCtx);
    }
    await tx.insert(appMeta).values({ key: SEEDED_KEY, value: new Date().toISOString() });
    return true;
  });
}
