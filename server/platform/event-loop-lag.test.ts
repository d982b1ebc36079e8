import { describe, expect, it } from "vitest";
import { eventLoopLag } from "./event-loop-lag";

const block = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {}
};
const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("event loop lag", () => {
  it("reports how long the loop was blocked, while it is and for the next sample, then forgets it", async () => {
    const lag = eventLoopLag(10);
    try {
      await tick(30);
      block(500);
      expect(lag.current()).toBeGreaterThanOrEqual(450); // seen during the block, before the timer could fire
      await tick(15);
      expect(lag.current()).toBeGreaterThanOrEqual(450);
      await tick(150);
      expect(lag.current()).toBeLessThan(400); // a shared CI host delays timers too, but not by this much
    } finally {
      lag.stop();
    }
  });
});
