import { and, eq, inArray } from "drizzle-orm";
import { pathTo } from "#common/route-names";
import type { RegisterStatus } from "#common/visita/vocabulary";
import type { AppContext } from "#server/context";
import { portfolioEntries, promotions, users } from "#server/db/schema";
import { notify } from "#server/notifications";
import { registerChangeEmail } from "./emails";

/**
 * A product left the register's authorised state: everyone who carries it in their portfolio or
 * has a live or draft promotion of it is told through the notifications area (in the app and by e-mail unless they turned it off),
 * inside the transaction that flagged the product.
 */
export async function tellOwnersOfStatusChange(
  ctx: AppContext,
  tx: AppContext["db"],
  product: { id: number; name: string; slug: string; status: RegisterStatus },
): Promise<void> {
  const carriers = await tx
    .select({ userId: portfolioEntries.userId })
    .from(portfolioEntries)
    .where(eq(portfolioEntries.productId, product.id));
  const promoters = await tx
    .select({ userId: promotions.authorId, title: promotions.title })
    .from(promotions)
    .where(and(eq(promotions.productId, product.id), inArray(promotions.status, ["activa", "borrador"])));
  const reasons = new Map<number, { portfolio: boolean; promotions: string[] }>();
  for (const row of carriers) reasons.set(row.userId, { portfolio: true, promotions: [] });
  for (const row of promoters) {
    const entry = reasons.get(row.userId) ?? { portfolio: false, promotions: [] };
    entry.promotions.push(row.title);
    reasons.set(row.userId, entry);
  }
  if (!reasons.size) return;
  const owners = await tx
    .select({ id: users.id, email: users.email, nombre: users.nombre })
    .from(users)
    .where(inArray(users.id, [...reasons.keys()]));
  const word = product.status === "revocado" ? "revocado" : "suspendido";
  const productPath = pathTo("producto", { product: product.slug, id: product.id });
  for (const owner of owners) {
    const why = reasons.get(owner.id) as { portfolio: boolean; promotions: string[] };
    const where = [
      ...(why.portfolio ? ["está en tu cartera"] : []),
      ...(why.promotions.length ? [`tienes promociones sobre él (${why.promotions.map((t) => `«${t}»`).join(", ")})`] : []),
    ].join(" y ");
    const { email } = await notify(ctx, tx, {
      userId: owner.id,
      kind: "register_change",
      text: `La AEMPS ha ${word} «${product.name}», que ${where}. Revisa tu cartera y tus promociones.`,
      link: productPath,
    });
    if (email)
      await ctx.mailer.enqueue(registerChangeEmail(ctx.config, owner, { productName: product.name, productPath, word, where }), tx);
  }
}
