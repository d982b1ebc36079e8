import { describe, expect, it } from "vitest";
import { perOwner, sharedComputation } from "./shared-computation";

/** A computation the test finishes by hand, counting how often it started. */
function manual() {
  let calls = 0;
  const pending: Array<(value: number) => void> = [];
  const compute = () => {
    calls++;
    return new Promise<number>((resolve) => pending.push(resolve));
  };
  return { compute, calls: () => calls, finish: (value: number) => pending.shift()?.(value) };
}

describe("shared computations", () => {
  it("compute once for any number of concurrent callers", async () => {
    const cache = sharedComputation<number>({ freshMs: 1000, staleMs: 1000, maxEntries: 10 });
    const work = manual();
    const answers = Promise.all([cache.get("k", work.compute), cache.get("k", work.compute), cache.get("k", work.compute)]);
    work.finish(7);
    expect(await answers).toEqual([7, 7, 7]);
    expect(work.calls()).toBe(1);
    expect(await cache.get("k", work.compute)).toBe(7);
    expect(work.calls()).toBe(1);
  });

  it("answer a stale value at once while one refresh runs, then the refreshed one", async () => {
    let now = 0;
    const cache = sharedComputation<number>({ freshMs: 1000, staleMs: 5000, maxEntries: 10, now: () => now });
    const work = manual();
    const first = cache.get("k", work.compute);
    work.finish(1);
    await first;
    now = 2000; // stale
    expect(await cache.get("k", work.compute)).toBe(1);
    expect(await cache.get("k", work.compute)).toBe(1);
    expect(work.calls()).toBe(2);
    work.finish(2);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get("k", work.compute)).toBe(2);
    now = 10_000; // past the stale window: computed again, and waited for
    const late = cache.get("k", work.compute);
    work.finish(3);
    expect(await late).toBe(3);
  });

  it("do not keep values the caller says are cheap to compute", async () => {
    const cache = sharedComputation<number>({ freshMs: 1000, staleMs: 1000, maxEntries: 10, keep: (n) => n > 100 });
    let calls = 0;
    const compute = async () => ++calls;
    await cache.get("k", compute);
    await cache.get("k", compute);
    expect(calls).toBe(2);
  });

  it("keep each value as long as it says (failures shorter)", async () => {
    let now = 0;
    const cache = sharedComputation<string>({ freshMs: (v) => (v === "error" ? 10 : 1000), staleMs: 0, maxEntries: 10, now: () => now });
    let calls = 0;
    const counted = (value: string) => async () => {
      calls++;
      return value;
    };
    await cache.get("bad", counted("error"));
    await cache.get("good", counted("ok"));
    now = 50;
    await cache.get("bad", counted("error"));
    await cache.get("good", counted("ok"));
    expect(calls).toBe(3);
  });

  it("after clear(), do not keep a value that was being computed before it", async () => {
    const cache = sharedComputation<number>({ freshMs: 1000, staleMs: 0, maxEntries: 10 });
    let finish: (n: number) => void = () => {};
    const before = cache.get("k", () => new Promise<number>((resolve) => (finish = resolve)));
    cache.clear();
    finish(1);
    expect(await before).toBe(1);
    expect(await cache.get("k", async () => 2)).toBe(2);
  });

  it("give each owner a cache of its own", async () => {
    const cacheOf = perOwner(() => sharedComputation<number>({ freshMs: 1000, staleMs: 0, maxEntries: 1 }));
    const one = {};
    const two = {};
    expect(await cacheOf(one).get("k", async () => 1)).toBe(1);
    expect(await cacheOf(two).get("k", async () => 2)).toBe(2);
    expect(await cacheOf(one).get("k", async () => 3)).toBe(1);
  });
});
