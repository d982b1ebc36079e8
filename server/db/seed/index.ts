import { eq } from "drizzle-orm";
import { seedAccountsDemo } from "../../accounts/seed";
import type { AppContext } from "../../context";
import { seedJobsDemo } from "../../jobs/seed";
import { appMeta } from "../schema";

/**
 * The demo data of every area, loaded once into an empty database. Each area adds its seed step
 * here; the steps are built from the same factory functions the tests use.
 */
type SeedStep = { name: string; run: (ctx: AppContext) => Promise<void> };
const steps: SeedStep[] = [
  { name: "accounts", run: seedAccountsDemo },
  // Jobs runs after accounts: it gives the accounts demo candidate some applications.
  { name: "jobs", run: seedJobsDemo },
];

const SEEDED_KEY = "demo_seeded";

export async function seedDemoData(ctx: AppContext): Promise<boolean> {
  const [done] = await ctx.db.select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY));
  if (done) return false;
  for (const step of steps) {
    ctx.logger.debug({ step: step.name }, "seeding");
    await step.run(ctx);
  }
  await ctx.db.insert(appMeta).values({ key: SEEDED_KEY, value: new Date().toISOString() }).onConflictDoNothing();
  return true;
}
