import { Hono } from "hono";
import { describe, expect, it, vi } from "vitest";
import type { AppContext } from "#server/context";
import type { AppEnv } from "#server/env";
import { admissionControl, ClientGone, isOverloaded, renderAdmission } from "./admission";
import { AppError } from "./errors";

const later = () => {
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { done, finish };
};

/** A page behind renderAdmission, with the brand its 503 page needs; `render` is the page's work. */
function pageBehind(renders: ReturnType<typeof admissionControl>, render: (path: string) => Promise<unknown>) {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set("app", { config: { brandName: "Farmanexo" } } as AppContext);
    await next();
  });
  app.get("*", renderAdmission(renders), async (c) => {
    await render(c.req.path);
    return c.html("<p>página</p>");
  });
  return app;
}

describe("admission control of page renders", () => {
  it("runs a few at once and lets the others wait their turn, in order", async () => {
    const renders = admissionControl({ concurrency: 2, minConcurrency: 1, waitBudgetMs: 60_000, maxQueue: 10, renderTargetMs: 60_000 });
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
    const renders = admissionControl({ concurrency: 1, minConcurrency: 1, waitBudgetMs: 60_000, maxQueue: 1, renderTargetMs: 60_000 });
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

  it("gives up on a request still in line when its wait budget is spent", async () => {
    const renders = admissionControl({ concurrency: 1, minConcurrency: 1, waitBudgetMs: 1, maxQueue: 5, renderTargetMs: 60_000 });
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
    const renders = admissionControl({
      concurrency: 1,
      minConcurrency: 1,
      waitBudgetMs: 1000,
      maxQueue: 100,
      renderTargetMs: 60_000,
      clock: () => now,
    });
    // One render of 400 ms: the mean the estimate starts from (within the 60 s render target: no change of limit).
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
    const renders = admissionControl({
      concurrency: 2,
      minConcurrency: 1,
      waitBudgetMs: 10,
      maxQueue: 100,
      renderTargetMs: 60_000,
      clock: () => now,
    });
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
    const renders = admissionControl({
      concurrency: 1,
      minConcurrency: 1,
      waitBudgetMs: 100,
      maxQueue: 100,
      renderTargetMs: 60_000,
      clock: () => now,
    });
    const gate = later();
    const app = pageBehind(renders, async (path) => {
      now += 500;
      if (path === "/app/lento") await gate.done;
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

describe("waits counted from arrival, and fewer renders at once when they slow down (decision 0065)", () => {
  it("counts the event loop's lag as time already waited", async () => {
    let now = 0;
    let lag = 0;
    const renders = admissionControl({
      concurrency: 1,
      minConcurrency: 1,
      renderTargetMs: 60_000,
      waitBudgetMs: 1000,
      maxQueue: 100,
      clock: () => now,
      lag: () => lag,
    });
    await renders.run(async () => {
      now += 400;
    });
    const gate = later();
    const running = renders.run(() => gate.done);
    // 400 ms estimated in line: admitted when seen at once, refused when it sat 700 ms in the kernel first.
    lag = 700;
    expect(isOverloaded(await renders.run(async () => "late").catch((error: unknown) => error))).toBe(true);
    lag = 0;
    const admitted = renders.run(async () => "admitted");
    gate.finish();
    await running;
    expect(await admitted).toBe("admitted");
  });

  it("refuses a waiting request when its budget, less the lag it arrived with, is spent", async () => {
    vi.useFakeTimers();
    try {
      let lag = 900;
      const renders = admissionControl({
        concurrency: 1,
        minConcurrency: 1,
        renderTargetMs: 60_000,
        waitBudgetMs: 1000,
        maxQueue: 100,
        lag: () => lag,
      });
      const gate = later();
      const running = renders.run(() => gate.done);
      lag = 900;
      const waiting = renders.run(async () => "never").catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(99);
      expect(renders.load().waiting).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(isOverloaded(await waiting)).toBe(true);
      lag = 0;
      gate.finish();
      await running;
    } finally {
      vi.useRealTimers();
    }
  });

  it("lowers the number of renders at once after slow renders, down to the minimum, and raises it back after fast ones", async () => {
    let now = 0;
    const renders = admissionControl({
      concurrency: 8,
      minConcurrency: 2,
      renderTargetMs: 400,
      waitBudgetMs: 60_000,
      maxQueue: 100,
      clock: () => now,
    });
    const render = (ms: number) =>
      renders.run(async () => {
        now += ms;
      });
    for (let i = 0; i < 3; i++) await render(1000);
    expect(renders.load().limit).toBe(4); // 8 × 0.8³ = 4.1
    for (let i = 0; i < 10; i++) await render(1000);
    expect(renders.load().limit).toBe(2);
    for (let i = 0; i < 40; i++) await render(50);
    expect(renders.load().limit).toBe(8);
  });

  it("starts a cold server at its initial limit and adds a slot per fast render until a slow one (slow start)", async () => {
    let now = 0;
    const renders = admissionControl({
      concurrency: 8,
      minConcurrency: 2,
      initialConcurrency: 2,
      renderTargetMs: 400,
      waitBudgetMs: 60_000,
      maxQueue: 100,
      clock: () => now,
    });
    const render = (ms: number) =>
      renders.run(async () => {
        now += ms;
      });
    expect(renders.load().limit).toBe(2);
    for (let i = 0; i < 3; i++) await render(50);
    expect(renders.load().limit).toBe(5);
    await render(1000); // the first slow render ends the slow start: 5 × 0.8
    expect(renders.load().limit).toBe(4);
    for (let i = 0; i < 3; i++) await render(50); // then + 1/limit each
    expect(renders.load().limit).toBe(4);
  });

  it("estimates a fresh process's renders at the slowest one seen until 16 have finished, then at the mean", async () => {
    let now = 0;
    const renders = admissionControl({
      concurrency: 1,
      minConcurrency: 1,
      renderTargetMs: 60_000,
      waitBudgetMs: 700,
      maxQueue: 100,
      clock: () => now,
    });
    const render = (ms: number) =>
      renders.run(async () => {
        now += ms;
      });
    // A cold first render, then fast ones: the mean falls below the budget long before the slowest does.
    await render(900);
    for (let i = 0; i < 9; i++) await render(20);
    expect(renders.load().meanRenderMs).toBeLessThan(700);
    expect(renders.load().estimatedWaitMs).toBe(900);
    const gate = later();
    const running = renders.run(() => gate.done);
    expect(isOverloaded(await renders.run(async () => "cold").catch((error: unknown) => error))).toBe(true);
    gate.finish();
    await running;
    // Sixteen finished (the refused one never rendered): the mean alone, and the same newcomer waits its turn.
    for (let i = 0; i < 5; i++) await render(20);
    expect(renders.load().estimatedWaitMs).toBe(renders.load().meanRenderMs);
    const again = later();
    const busy = renders.run(() => again.done);
    const admitted = renders.run(async () => "warm");
    again.finish();
    await busy;
    expect(await admitted).toBe("warm");
  });

  const oneSlotNoLine = { concurrency: 1, minConcurrency: 1, renderTargetMs: 60_000, waitBudgetMs: 100, maxQueue: 0 };

  it("holds back a request refused on arrival", async () => {
    const gate = later();
    const app = pageBehind(admissionControl({ ...oneSlotNoLine, clock: () => 0 }), () => gate.done);
    const busy = app.request("/app/lento");
    await Promise.resolve();
    const started = performance.now();
    expect((await app.request("/app/empleo")).status).toBe(503);
    expect(performance.now() - started).toBeGreaterThanOrEqual(450); // held back: a client retrying at once must not make the load
    gate.finish();
    await busy;
  });

  it("answers at once a request refused after it already waited", async () => {
    const gate = later();
    const app = pageBehind(admissionControl({ ...oneSlotNoLine, lag: () => 600 }), () => gate.done);
    const busy = app.request("/app/lento");
    await Promise.resolve();
    const started = performance.now();
    expect((await app.request("/app/empleo")).status).toBe(503);
    expect(performance.now() - started).toBeLessThan(200); // it sat 600 ms in the kernel already
    gate.finish();
    await busy;
  });
});

describe("a client that gave up (decision 0065)", () => {
  it("leaves the line without a render, and the next in line gets the slot", async () => {
    const renders = admissionControl({ concurrency: 1, minConcurrency: 1, renderTargetMs: 60_000, waitBudgetMs: 60_000, maxQueue: 10 });
    const gate = later();
    const running = renders.run(() => gate.done);
    const leaving = new AbortController();
    let rendered = false;
    const gone = renders
      .run(async () => {
        rendered = true;
      }, leaving.signal)
      .catch((error: unknown) => error);
    const next = renders.run(async () => "next");
    expect(renders.load().waiting).toBe(2);
    leaving.abort();
    expect(await gone).toBeInstanceOf(ClientGone);
    expect(renders.load().waiting).toBe(1);
    gate.finish();
    await running;
    expect(await next).toBe("next");
    expect(rendered).toBe(false);
    await expect(renders.run(async () => "late", leaving.signal)).rejects.toBeInstanceOf(ClientGone);
  });
});
