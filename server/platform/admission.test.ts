import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppContext } from "#server/context";
import type { AppEnv } from "#server/env";
import { admissionControl, isOverloaded, renderAdmission } from "./admission";
import { AppError } from "./errors";

const later = () => {
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { done, finish };
};

describe("admission control of page renders", () => {
  it("runs a few at once and lets the others wait their turn, in order", async () => {
    const renders = admissionControl({ concurrency: 2, waitBudgetMs: 60_000, maxQueue: 10, maxWaitMs: 60_000 });
    const order: number[] = [];
    const gates = [later(), later(), later()];
    const all = gates.map((gate, n) =>
      renders.run(async () => {
        order.push(n);
        await gate.done;
      }),
    );
    await Promise.resolve();
    expect(renders.load()).toMatchObject({ active: 2, waiting: 1 });
    gates[0]?.finish();
    gates[1]?.finish();
    gates[2]?.finish();
    await Promise.all(all);
    expect(order).toEqual([0, 1, 2]);
    expect(renders.load()).toMatchObject({ active: 0, waiting: 0 });
  });

  it("answers 503 with Retry-After at once when the line is full, and frees the slot after a failure", async () => {
    const renders = admissionControl({ concurrency: 1, waitBudgetMs: 60_000, maxQueue: 1, maxWaitMs: 60_000 });
    const gate = later();
    const first = renders.run(() => gate.done);
    const second = renders.run(async () => "second");
    const refused = await renders.run(async () => "third").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(503);
    expect((refused as AppError).retryAfter).toBe(1);
    gate.finish();
    await first;
    expect(await second).toBe("second");
    await expect(renders.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(renders.load()).toMatchObject({ active: 0, waiting: 0 });
  });

  it("gives up on a request that waited too long", async () => {
    const renders = admissionControl({ concurrency: 1, waitBudgetMs: 60_000, maxQueue: 5, maxWaitMs: 1 });
    const gate = later();
    const first = renders.run(() => gate.done);
    await expect(renders.run(async () => "late")).rejects.toBeInstanceOf(AppError);
    expect(renders.load()).toMatchObject({ active: 1, waiting: 0 });
    gate.finish();
    await first;
  });
});

describe("load shedding by the estimated wait (decision 0056)", () => {
  it("refuses at once a request whose wait in line would exceed the budget, and serves the others", async () => {
    let now = 0;
    const renders = admissionControl({ concurrency: 1, waitBudgetMs: 1000, maxQueue: 100, maxWaitMs: 60_000, clock: () => now });
    // One render of 400 ms: the mean the estimate starts from.
    await renders.run(async () => {
      now += 400;
    });
    const gate = later();
    const running = renders.run(() => gate.done);
    // Places 1 and 2 in line: 400 and 800 ms estimated, within the budget; place 3: 1,200 ms.
    const second = renders.run(async () => "second");
    const third = renders.run(async () => "third");
    const refused = await renders.run(async () => "fourth").catch((error: unknown) => error);
    expect(isOverloaded(refused)).toBe(true);
    expect((refused as AppError).status).toBe(503);
    expect((refused as AppError).retryAfter).toBe(1);
    expect(renders.load()).toMatchObject({ active: 1, waiting: 2 });
    gate.finish();
    await running;
    expect([await second, await third]).toEqual(["second", "third"]);
  });

  it("refuses nothing while a slot is free, however slow renders have been", async () => {
    let now = 0;
    const renders = admissionControl({ concurrency: 2, waitBudgetMs: 10, maxQueue: 100, maxWaitMs: 60_000, clock: () => now });
    await renders.run(async () => {
      now += 60_000;
    });
    const gate = later();
    const first = renders.run(() => gate.done);
    expect(await renders.run(async () => "admitted")).toBe("admitted");
    gate.finish();
    await first;
  });

  it("answers a shed page request with the Spanish 503 page and a client-side navigation with JSON, both with Retry-After", async () => {
    let now = 0;
    const renders = admissionControl({ concurrency: 1, waitBudgetMs: 100, maxQueue: 100, maxWaitMs: 60_000, clock: () => now });
    const gate = later();
    const app = new Hono<AppEnv>();
    app.use(async (c, next) => {
      c.set("app", { config: { brandName: "Farmanexo" } } as AppContext);
      await next();
    });
    app.get("*", renderAdmission(renders), async (c) => {
      now += 500;
      if (c.req.path === "/app/lento") await gate.done;
      return c.html("<p>página</p>");
    });
    expect((await app.request("/app/rapido")).status).toBe(200); // a 500 ms render: the mean
    const slow = app.request("/app/lento");
    await Promise.resolve();
    const page = await app.request("/app/empleo");
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("1");
    expect(await page.text()).toContain("Hay mucha actividad en este momento. Inténtalo de nuevo.");
    const data = await app.request("/app/empleo.data");
    expect(data.status).toBe(503);
    expect(await data.json()).toEqual({ code: "UNAVAILABLE", message: "Hay mucha actividad en este momento. Inténtalo de nuevo." });
    gate.finish();
    expect((await slow).status).toBe(200);
  });
});
