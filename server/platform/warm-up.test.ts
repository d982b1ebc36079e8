import { describe, expect, it } from "vitest";
import { warmUp } from "./warm-up";

const origin = "http://127.0.0.1:41599";

describe("the warm-up before listening", () => {
  it("renders every page each round as an unknown session, adds the first offer the pages link to, and counts the answers", async () => {
    const seen: Array<{ path: string; cookie: string | null }> = [];
    const result = await warmUp(
      async (request) => {
        const { pathname } = new URL(request.url);
        seen.push({ path: pathname, cookie: request.headers.get("cookie") });
        if (pathname === "/app/empleo/p/espana") return new Response('<a href="/app/empleo/oferta/lab/7-visitador">x</a>');
        if (pathname === "/app/roto") throw new Error("boom");
        return new Response("<p>ok</p>");
      },
      { origin, budgetMs: 60_000, rounds: 2, concurrency: 2, paths: ["/app", "/app/empleo/p/espana", "/app/roto"] },
    );
    // Round 1: three pages; round 2: those and the offer found in round 1. A failing page is counted, not fatal.
    expect(result.renders).toBe(7);
    expect(result.statuses).toEqual({ 200: 5, error: 2 });
    expect(seen.filter((s) => s.path === "/app/empleo/oferta/lab/7-visitador")).toHaveLength(1);
    expect(new Set(seen.map((s) => s.cookie))).toEqual(new Set(["farmanexo_session=warm-up"]));
  });

  it("stops when its time is spent, whatever is left", async () => {
    const result = await warmUp(
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 30));
        return new Response("ok");
      },
      { origin, budgetMs: 50, rounds: 100, concurrency: 1, paths: ["/app", "/app/noticias"] },
    );
    expect(result.renders).toBeGreaterThanOrEqual(1);
    expect(result.renders).toBeLessThanOrEqual(3);
  });
});
