import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { backgroundLoopStatuses, loopLagMs, startBackgroundLoop, stopBackgroundLoop } from "./background-loop";

const logger = () => ({ warn: vi.fn(), error: vi.fn(), info: vi.fn() });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("startBackgroundLoop", () => {
  it("runs the first pass after its delay, then one interval after each pass ends, once per name", async () => {
    const ctx = { logger: logger() } as never;
    const pass = vi.fn(async () => {});
    startBackgroundLoop(ctx, "test", { firstRunMs: 10, intervalMs: 100, failure: "test failed" }, pass);
    startBackgroundLoop(ctx, "test", { firstRunMs: 10, intervalMs: 100, failure: "test failed" }, pass);
    await vi.advanceTimersByTimeAsync(9);
    expect(pass).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(pass).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(pass).toHaveBeenCalledTimes(2);
    await stopBackgroundLoop(ctx, "test");
    await vi.advanceTimersByTimeAsync(1000);
    expect(pass).toHaveBeenCalledTimes(2);
  });

  it("logs a failed pass and keeps going", async () => {
    const log = logger();
    const ctx = { logger: log } as never;
    const pass = vi.fn().mockRejectedValueOnce(new Error("boom")).mockResolvedValue(undefined);
    startBackgroundLoop(ctx, "test", { intervalMs: 50, failure: "test failed" }, pass);
    await vi.advanceTimersByTimeAsync(100);
    expect(log.error).toHaveBeenCalledWith({ err: expect.any(Error) }, "test failed");
    expect(pass).toHaveBeenCalledTimes(2);
    await stopBackgroundLoop(ctx, "test");
  });

  it("waits on stop for a pass in progress, and starts no other", async () => {
    const ctx = { logger: logger() } as never;
    let finish = () => {};
    const pass = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    startBackgroundLoop(ctx, "test", { intervalMs: 10, failure: "test failed" }, pass);
    await vi.advanceTimersByTimeAsync(10);
    let stopped = false;
    const stopping = stopBackgroundLoop(ctx, "test").then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    await vi.advanceTimersByTimeAsync(100);
    expect(pass).toHaveBeenCalledTimes(1);
  });

  it("reports each loop's last run, success and failure, and its lag once it misses its rhythm", async () => {
    const ctx = { logger: logger() } as never;
    const pass = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValue(new Error("boom"));
    startBackgroundLoop(ctx, "status", { intervalMs: 100, failure: "status failed" }, pass);
    expect(backgroundLoopStatuses(ctx)).toEqual([expect.objectContaining({ name: "status", runs: 0, lastRunAt: null })]);
    await vi.advanceTimersByTimeAsync(100);
    const [ok] = backgroundLoopStatuses(ctx);
    expect(ok).toMatchObject({ runs: 1, failures: 0, lastSuccessAt: Date.now() });
    expect(loopLagMs(ok as never)).toBe(0);
    await vi.advanceTimersByTimeAsync(300);
    const [failing] = backgroundLoopStatuses(ctx);
    expect(failing).toMatchObject({ runs: 4, failures: 3, lastFailureAt: Date.now() });
    expect(loopLagMs(failing as never)).toBe(150);
    await stopBackgroundLoop(ctx, "status");
    expect(backgroundLoopStatuses(ctx)).toEqual([]);
  });
});
