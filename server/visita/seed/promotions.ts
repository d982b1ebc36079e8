import { and, asc, eq } from "drizzle-orm";
import type { AppContext } from "#server/context";
import { laboratoryCompanies, portfolioEntries, products, promotions, users } from "#server/db/schema";

const DAY_MS = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS);

/**
 * Promotions demo: the demo marketing account works for the laboratory of one of the demo
 * representative's products; each has an active promotion and an expired one (the representative
 * also a draft), so the dashboard, the product page and the back office are not empty.
 */
export async function seedPromotionsDemo(ctx: AppContext): Promise<void> {
  const byEmail = async (email: string) => (await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id;
  const rep = await byEmail("demo-visita@farmanexo.test");
  const [mktUser] = await ctx.db
    .select({ id: users.id, empresaId: users.empresaId })
    .from(users)
    .where(eq(users.email, "demo-mkt@farmanexo.test"));
  const mkt = mktUser?.id;
  if (!rep) return;
  const carried = await ctx.db
    .select({ id: products.id, lab: products.holderLaboratoryId, prescription: products.prescription })
    .from(portfolioEntries)
    .innerJoin(products, eq(products.id, portfolioEntries.productId))
    .where(eq(portfolioEntries.userId, rep))
    .orderBy(asc(portfolioEntries.id));
  const open = carried.find((p) => p.prescription === "sin_receta") ?? carried[0];
  const other = carried.find((p) => p !== open) ?? open;
  if (!open || !other) return;
  const base = { kind: "muestras" as const, conditions: "", timeZone: "Europe/Madrid" };
  await ctx.db.insert(promotions).values([
    {
      ...base,
      productId: open.id,
      authorId: rep,
      title: "Muestras gratuitas para farmacias y centros de salud",
      description:
        "Solicita muestras para tu consulta o tu farmacia: te las llevo en la próxima visita.\nFicha técnica y prospecto en https://cima.aemps.es",
      conditions: "Hasta 10 unidades por centro. Solo para profesionales sanitarios.",
      startsAt: daysFromNow(-3),
      endsAt: daysFromNow(60),
      status: "activa",
      publishedAt: daysFromNow(-3),
    },
    {
      ...base,
      kind: "formacion",
      productId: other.id,
      authorId: rep,
      title: "Sesión formativa en tu centro (30 minutos)",
      description: "Una sesión breve sobre indicaciones, posología y seguimiento, en el horario que mejor os venga.",
      startsAt: daysFromNow(-60),
      endsAt: daysFromNow(-10),
      status: "caducada",
      publishedAt: daysFromNow(-60),
    },
    {
      ...base,
      kind: "material",
      productId: open.id,
      authorId: rep,
      title: "Material para el paciente (borrador)",
      description: "Folletos con consejos de uso para entregar en el mostrador.",
      startsAt: daysFromNow(0),
      endsAt: daysFromNow(30),
      status: "borrador",
    },
  ]);
  if (!mkt || !mktUser?.empresaId) return;
  // Marketing teams are companies linked to laboratories (decision 0024).
  await ctx.db.insert(laboratoryCompanies).values({ laboratoryId: open.lab, empresaId: mktUser.empresaId }).onConflictDoNothing();
  const [labProduct] = await ctx.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.holderLaboratoryId, open.lab), eq(products.prescription, "sin_receta")))
    .orderBy(asc(products.id))
    .limit(1);
  const productId = labProduct?.id ?? open.id;
  await ctx.db.insert(promotions).values([
    {
      ...base,
      kind: "descuento",
      productId,
      authorId: mkt,
      laboratoryId: open.lab,
      title: "10 % de descuento en pedidos directos al laboratorio",
      description: "Para farmacias que hagan su pedido directo durante la campaña. Pregunta a tu visitador o escríbenos.",
      conditions: "Pedido mínimo de 12 unidades. No acumulable con otras ofertas.",
      startsAt: daysFromNow(-1),
      endsAt: daysFromNow(45),
      status: "activa",
      publishedAt: daysFromNow(-1),
    },
    {
      ...base,
      kind: "evento",
      productId,
      authorId: mkt,
      laboratoryId: open.lab,
      title: "Jornada de actualización terapéutica",
      description: "Jornada presencial con ponentes expertos. Plazas limitadas.",
      startsAt: daysFromNow(-40),
      endsAt: daysFromNow(-20),
      status: "caducada",
      publishedAt: daysFromNow(-40),
    },
  ]);
}
