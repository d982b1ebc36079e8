import { eq } from "drizzle-orm";
import type { AppContext } from "#server/context";
import { laboratoryCompanies, products, representativeProfiles, users, visitVerifications } from "#server/db/schema";
import { hashToken, randomToken } from "#server/platform/tokens";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Fictional professionals (the addresses use the reserved .test domain). */
const PROFESSIONALS = [
  { name: "Dra. Lucía Serrano Gil", email: "lucia.serrano@centro-salud.test", collegiate: "282812345" },
  { name: "Dr. Andrés Molina Ruiz", email: "andres.molina@centro-salud.test", collegiate: "080845678" },
  { name: "Marta Ibáñez Soto", email: "marta.ibanez@farmacia.test", collegiate: null },
  { name: "Dr. Pablo Cano Vidal", email: "pablo.cano@hospital.test", collegiate: "282898765" },
];

/**
 * Issue 14's demo: the demo representative's profile is public and some of their portfolio is
 * verified (and one request is pending), and the marketing demo's company is the laboratory of
 * the first product they carry, so both dashboards and the public profile have something to show.
 */
export async function seedVerificationsDemo(ctx: AppContext, representativeId: number, productIds: number[]): Promise<void> {
  await ctx.db.insert(representativeProfiles).values({ userId: representativeId, public: true }).onConflictDoNothing();
  const now = Date.now();
  const rows: Array<typeof visitVerifications.$inferInsert> = [];
  for (const [p, productId] of productIds.slice(0, 3).entries()) {
    for (const [n, professional] of PROFESSIONALS.slice(0, 3 - p).entries()) {
      const decidedAt = new Date(now - (10 + 23 * n + 7 * p) * DAY_MS);
      rows.push({
        representativeId,
        productId,
        professionalName: professional.name,
        professionalEmail: professional.email,
        collegiateNumber: professional.collegiate,
        status: "confirmada",
        tokenHash: hashToken(randomToken()),
        expiresAt: new Date(decidedAt.getTime() + 20 * DAY_MS),
        lastSentAt: new Date(decidedAt.getTime() - 2 * DAY_MS),
        decidedAt,
        createdAt: new Date(decidedAt.getTime() - 2 * DAY_MS),
      });
    }
  }
  const pendingProduct = productIds[1];
  const pending = PROFESSIONALS[3];
  if (pendingProduct !== undefined && pending) {
    rows.push({
      representativeId,
      productId: pendingProduct,
      professionalName: pending.name,
      professionalEmail: pending.email,
      collegiateNumber: pending.collegiate,
      tokenHash: hashToken(randomToken()),
      expiresAt: new Date(now + 27 * DAY_MS),
      lastSentAt: new Date(now - 3 * DAY_MS),
    });
  }
  if (rows.length) await ctx.db.insert(visitVerifications).values(rows);

  const [mkt] = await ctx.db.select({ empresaId: users.empresaId }).from(users).where(eq(users.email, "demo-mkt@farmanexo.test"));
  const first = productIds[0];
  if (mkt?.empresaId && first !== undefined) {
    const [product] = await ctx.db.select({ labId: products.holderLaboratoryId }).from(products).where(eq(products.id, first));
    if (product)
      await ctx.db.insert(laboratoryCompanies).values({ laboratoryId: product.labId, empresaId: mkt.empresaId }).onConflictDoNothing();
  }
}
