import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#server/accounts/factories";
import type { AppContext } from "#server/context";
import { activeIngredients, notifications, portfolioEntries, productIngredients, productPresentations, products } from "#server/db/schema";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import type { RegisterRecord } from "./register-record";
import { applyRecords } from "./store";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const record = (n: number, changes: Partial<RegisterRecord> = {}): RegisterRecord => ({
  nregistro: String(91_000 + n),
  name: `LOTEFARMA ${n} 10 mg COMPRIMIDOS`,
  holder: `Laboratorio Lote ${n % 3}, S.L.`,
  marketer: n % 4 === 0 ? "Distribuidora Lote, S.A." : null,
  ingredients: [
    { name: "IBUPROFENO", amount: "10", unit: "mg" },
    { name: `EXCIPIENTE ACTIVO ${n % 5}`, amount: "1", unit: "mg" },
  ],
  atcs: [{ code: "M01AE01", name: "Ibuprofeno", level: 5 }],
  formLabel: "COMPRIMIDO",
  routeLabels: ["VÍA ORAL"],
  receta: true,
  cpresc: "Medicamento Sujeto A Prescripción Médica",
  generic: false,
  biosimilar: false,
  orphan: false,
  blackTriangle: false,
  drivingWarning: false,
  marketed: true,
  authorisedAt: Date.UTC(2010, 0, 1),
  suspendedAt: null,
  revokedAt: null,
  smpcUrl: null,
  leafletUrl: null,
  photos: [],
  presentations: [
    { cn: String(910_000 + n * 2), name: `LOTEFARMA ${n}, 20 comprimidos`, marketed: true, supplyProblem: false },
    { cn: String(910_001 + n * 2), name: `LOTEFARMA ${n}, 40 comprimidos`, marketed: true, supplyProblem: false },
  ],
  ...changes,
});
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

/** The context with its transactions counted: how many statements (select, insert, update, delete, execute) each ran. */
function counting(ctx: AppContext) {
  const statements = { count: 0 };
  const METHODS = new Set(["select", "insert", "update", "delete", "execute"]);
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, key, receiver) {
        const value = Reflect.get(object, key, receiver);
        if (typeof value !== "function") return value;
        if (METHODS.has(String(key)))
          return (...args: unknown[]) => {
            statements.count++;
            return value.apply(object, args);
          };
        if (key === "transaction")
          return (run: (tx: AppContext["db"]) => Promise<unknown>) => value.call(object, (tx: AppContext["db"]) => run(wrap(tx)));
        return value.bind(object);
      },
    });
  return { ctx: { ...ctx, db: wrap(ctx.db) } as AppContext, statements };
}

const productsOf = (numbers: number[]) =>
  server.ctx.db
    .select()
    .from(products)
    .where(
      inArray(
        products.registrationNumber,
        numbers.map((n) => String(91_000 + n)),
      ),
    )
    .orderBy(products.registrationNumber);

describe("applying register records in batches (decision 0105)", () => {
  it("writes a batch with as many statements as a batch of two: the count does not grow with the records", async () => {
    const small = counting(server.ctx);
    expect(await applyRecords(small.ctx, [record(0), record(1)])).toEqual({ created: 2, updated: 0, unchanged: 0, flagged: 0 });
    const large = counting(server.ctx);
    expect(
      await applyRecords(
        large.ctx,
        range(2, 202).map((n) => record(n)),
      ),
    ).toMatchObject({ created: 200, unchanged: 0 });
    expect(large.statements.count).toBe(small.statements.count);
    expect(large.statements.count).toBeLessThanOrEqual(12);

    const written = await productsOf(range(0, 202));
    expect(written).toHaveLength(202);
    const [sample] = await productsOf([8]);
    expect(sample).toMatchObject({ name: "LOTEFARMA 8 10 mg COMPRIMIDOS", form: "comprimido", routes: ["oral"], atcCode: "M01AE01" });
    expect(sample?.marketingLaboratoryId).not.toBeNull();
    const packs = await server.ctx.db
      .select({ cn: productPresentations.cn })
      .from(productPresentations)
      .where(eq(productPresentations.productId, sample?.id as number));
    expect(packs.map((p) => p.cn).sort()).toEqual(["910016", "910017"]);
    const ingredients = await server.ctx.db
      .select({ name: activeIngredients.name, position: productIngredients.position })
      .from(productIngredients)
      .innerJoin(activeIngredients, eq(activeIngredients.id, productIngredients.ingredientId))
      .where(eq(productIngredients.productId, sample?.id as number))
      .orderBy(productIngredients.position);
    expect(ingredients).toEqual([
      { name: "ibuprofeno", position: 0 },
      { name: "excipiente activo 3", position: 1 },
    ]);
  });

  it("skips unchanged records by their hash and writes only the changed ones of a batch, with one statement set", async () => {
    const before = (await productsOf([5]))[0];
    const run = counting(server.ctx);
    const batch = range(0, 202).map((n) =>
      n === 5 ? record(5, { ingredients: [{ name: "NAPROXENO", amount: "250", unit: "mg" }] }) : record(n),
    );
    expect(await applyRecords(run.ctx, batch)).toEqual({ created: 0, updated: 1, unchanged: 201, flagged: 0 });
    const after = (await productsOf([5]))[0];
    expect(after?.id).toBe(before?.id);
    expect(after?.searchExtra).toContain("naproxeno");
    const names = await server.ctx.db
      .select({ name: activeIngredients.name })
      .from(productIngredients)
      .innerJoin(activeIngredients, eq(activeIngredients.id, productIngredients.ingredientId))
      .where(eq(productIngredients.productId, after?.id as number));
    expect(names).toEqual([{ name: "naproxeno" }]);
    const untouched = (await productsOf([6]))[0];
    expect(untouched?.updatedAt.getTime()).toBeLessThan(after?.updatedAt.getTime() ?? 0);
  });

  it("a registration number twice in a batch is applied once, with its last record; a national code moves to the last medicine naming it", async () => {
    const moved = String(910_000 + 300 * 2);
    const counts = await applyRecords(server.ctx, [
      record(300),
      record(301, {
        presentations: [{ cn: moved, name: "LOTEFARMA 301, 10 comprimidos", marketed: true, supplyProblem: false }],
      }),
      record(300, { name: "LOTEFARMA 300 20 mg COMPRIMIDOS" }),
    ]);
    expect(counts).toMatchObject({ created: 2, unchanged: 0 });
    const [first, second] = await productsOf([300, 301]);
    expect(first?.name).toBe("LOTEFARMA 300 20 mg COMPRIMIDOS");
    const [pack] = await server.ctx.db.select().from(productPresentations).where(eq(productPresentations.cn, moved));
    expect(pack).toMatchObject({ productId: second?.id, name: "LOTEFARMA 301, 10 comprimidos" });
  });

  it("a medicine suspended within a batch is flagged and its representatives told; the rest of the batch is written", async () => {
    const rep = await createUser(server.ctx.db, { type: "visita", nombre: "Lucía" });
    const [target] = await productsOf([10]);
    await server.ctx.db.insert(portfolioEntries).values({ userId: rep.id, productId: target?.id as number });
    const suspended = Date.UTC(2026, 10, 1);
    const counts = await applyRecords(server.ctx, [
      record(10, { suspendedAt: suspended }),
      record(11, { name: "LOTEFARMA 11 NUEVO FORMATO" }),
      record(500),
    ]);
    expect(counts).toEqual({ created: 1, updated: 2, unchanged: 0, flagged: 1 });
    expect((await productsOf([10]))[0]).toMatchObject({ registerStatus: "suspendido", suspendedAt: new Date(suspended) });
    const notices = await server.ctx.db.select().from(notifications).where(eq(notifications.userId, rep.id));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain("La AEMPS ha suspendido «LOTEFARMA 10");
    // A later batch that leaves it suspended tells nobody again.
    await applyRecords(server.ctx, [record(10, { suspendedAt: suspended, name: "LOTEFARMA 10 BIS" })]);
    const [{ n } = { n: 0 }] = await server.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(eq(notifications.userId, rep.id));
    expect(n).toBe(1);
  });
});
