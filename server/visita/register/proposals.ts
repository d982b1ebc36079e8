import { and, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import { pathTo } from "#common/route-names";
import { type ProposalData, proposalSchema } from "#common/visita/proposal";
import type { AppContext } from "#server/context";
import { productPresentations, productRevisions, products, users } from "#server/db/schema";
import { notify } from "#server/notifications";
import { productAsProposal } from "#server/visita/revision-data";
import { proposalCoveredEmail } from "./emails";

// Decision 0123: after a sync or an import, pending proposals the register now covers are closed
// (status `cerrada`) with a note their author reads on visitadorPage, in the notification and by
// e-mail. A moderator can no longer decide them: the register is the authority for its fields.

type Official = { id: number; name: string; slug: string };
type Closing = { revisionId: number; authorId: number | null; proposalName: string; official: Official; note: string };

/** What a change proposal may say that the register does not: such a proposal stays for a moderator. */
const OUTSIDE_THE_REGISTER: Array<keyof ProposalData> = ["descripcion"];

/** A new product proposed by hand that the register now has: matched by registration number, else by a national code. */
async function coveredNewProducts(tx: AppContext["db"]): Promise<Closing[]> {
  const pending = await tx
    .select({ id: productRevisions.id, authorId: productRevisions.authorId, data: productRevisions.data, cns: productRevisions.cns })
    .from(productRevisions)
    .where(and(eq(productRevisions.status, "pendiente"), eq(productRevisions.kind, "nuevo")));
  if (!pending.length) return [];
  const numbers = pending.map((p) => String(p.data.numero_registro ?? "")).filter(Boolean);
  const cns = [...new Set(pending.flatMap((p) => p.cns))];
  const official = await tx
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      nregistro: products.registrationNumber,
      cn: productPresentations.cn,
    })
    .from(products)
    .leftJoin(productPresentations, eq(productPresentations.productId, products.id))
    .where(
      and(
        isNotNull(products.registerSyncedAt),
        or(
          numbers.length ? inArray(products.registrationNumber, numbers) : sql`false`,
          cns.length ? inArray(productPresentations.cn, cns) : sql`false`,
        ),
      ),
    );
  const closings: Closing[] = [];
  for (const proposal of pending) {
    const match =
      official.find((o) => o.nregistro === String(proposal.data.numero_registro ?? "")) ??
      official.find((o) => o.cn !== null && proposal.cns.includes(o.cn));
    if (!match) continue;
    const proposalName = String(proposal.data.nombre ?? match.name);
    closings.push({
      revisionId: proposal.id,
      authorId: proposal.authorId,
      proposalName,
      official: match,
      note: `El registro de la AEMPS ya incluye este medicamento como «${match.name}» (n.º de registro ${match.nregistro}): está en el catálogo con sus datos oficiales y puedes añadirlo a tu cartera. Si falta algo, propón cambios sobre él.`,
    });
  }
  return closings;
}

/**
 * A change proposal on a product the register rewrote after it was made, which proposes nothing
 * but register fields: the register's data now stands in for it (a proposal touching the
 * description stays pending; it is flagged as out of date for the moderator as before).
 */
async function coveredChanges(tx: AppContext["db"]): Promise<Closing[]> {
  const pending = await tx
    .select({
      id: productRevisions.id,
      authorId: productRevisions.authorId,
      data: productRevisions.data,
      imageKey: productRevisions.imageKey,
      productId: products.id,
      name: products.name,
      slug: products.slug,
    })
    .from(productRevisions)
    .innerJoin(products, eq(products.id, productRevisions.productId))
    .where(
      and(
        eq(productRevisions.status, "pendiente"),
        eq(productRevisions.kind, "cambios"),
        sql`${products.registerSyncedAt} > ${productRevisions.createdAt}`,
      ),
    );
  const closings: Closing[] = [];
  for (const proposal of pending) {
    if (proposal.imageKey) continue;
    const parsed = proposalSchema.safeParse(proposal.data);
    const current = await productAsProposal(tx, proposal.productId);
    if (!parsed.success || !current) continue;
    const outside = OUTSIDE_THE_REGISTER.some((field) => JSON.stringify(parsed.data[field]) !== JSON.stringify(current.data[field]));
    if (outside) continue;
    closings.push({
      revisionId: proposal.id,
      authorId: proposal.authorId,
      proposalName: parsed.data.nombre,
      official: { id: proposal.productId, name: proposal.name, slug: proposal.slug },
      note: `La AEMPS ha actualizado «${proposal.name}» en su registro después de tu propuesta: el catálogo muestra ahora sus datos oficiales. Si aún falta algo, propón los cambios sobre la versión actual.`,
    });
  }
  return closings;
}

/** Closes the pending proposals the register now covers and tells their authors; returns how many. */
export async function closeCoveredProposals(ctx: AppContext): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const closings = [...(await coveredNewProducts(tx)), ...(await coveredChanges(tx))];
    let closed = 0;
    for (const closing of closings) {
      // Only a proposal still pending: a moderator deciding it meanwhile wins.
      const [row] = await tx
        .update(productRevisions)
        .set({ status: "cerrada", reason: closing.note, productId: closing.official.id, reviewedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(productRevisions.id, closing.revisionId), eq(productRevisions.status, "pendiente")))
        .returning({ id: productRevisions.id });
      if (!row) continue;
      closed++;
      if (closing.authorId === null) continue;
      const [author] = await tx.select({ email: users.email, nombre: users.nombre }).from(users).where(eq(users.id, closing.authorId));
      if (!author) continue;
      const productPath = pathTo("producto", { product: closing.official.slug, id: closing.official.id });
      const { email } = await notify(ctx, tx, {
        userId: closing.authorId,
        kind: "proposal_decided",
        text: `Hemos cerrado tu propuesta «${closing.proposalName}»: ${closing.note}`,
        link: productPath,
      });
      if (email)
        await ctx.mailer.enqueue(
          proposalCoveredEmail(ctx.config, author, { proposalName: closing.proposalName, note: closing.note, productPath }),
          tx,
        );
    }
    return closed;
  });
}
