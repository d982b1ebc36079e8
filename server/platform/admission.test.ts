import { describe, expect, it } from "vitest";
import { admissionControl } from "./admission";
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
    const renders = admissionControl({ concurrency: 2, maxQueue: 10, maxWaitMs: 60_000 });
    const order: number[] = [];
    const gates = [later(), later(), later()];
    const all = gates.map((gate, n) =>
      renders.run(async () => {
        order.push(n);
        await gate.done;
      }),
    );
    await Promise.resolve();
    expect(renders.load()).toEqual({ active: 2, waiting: 1 });
    gates[0]?.finish();
    gates[1]?.finish();
    gates[2]?.finish();
    await Promise.all(all);
    expect(order).toEqual([0, 1, 2]);
    expect(renders.load()).toEqual({ active: 0, waiting: 0 });
  });

  it("answers 503 with Retry-After at once when the line is full, and frees the slot after a failure", async () => {
    const renders = admissionControl({ concurrency: 1, maxQueue: 1, maxWaitMs: 60_000 });
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
    expect(renders.load()).toEqual({ active: 0, waiting: 0 });
  });

  it("gives up on a request that waited too long", async () => {
    const renders = admissionControl({ concurrency: 1, maxQueue: 5, maxWaitMs: 1 });
    const gate = later();
    const first = renders.run(() => gate.done);
    await expect(renders.run(async () => "late")).rejects.toBeInstanceOf(AppError);
    expect(renders.load()).toEqual({ active: 1, waiting: 0 });
    gate.finish();
    await first;
  });
});
