import { describe, expect, it } from "vitest";
import { notifyPayloads } from "./hub";

describe("NOTIFY payloads (issue 28: a filled offer tells thousands at once)", () => {
  it("splits many deliveries into payloads under PostgreSQL's 8,000-byte limit, keeping every one in order", () => {
    const items = Array.from({ length: 2000 }, (_, i) => ({
      userId: i + 1,
      event: { type: "empleo.candidatura", titulo: "Delegada de hospital en Málaga", status: "descartada" },
    }));
    const payloads = notifyPayloads(items, "instancia");
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    const parsed = payloads.map((payload) => JSON.parse(payload) as { items: typeof items; from: string });
    expect(parsed.every((p) => p.from === "instancia")).toBe(true);
    expect(parsed.flatMap((p) => p.items)).toEqual(items);
  });

  it("sends nothing for no deliveries, and one payload for a few", () => {
    expect(notifyPayloads([], "x")).toEqual([]);
    expect(notifyPayloads([{ userId: 1, event: { type: "notifications.count" } }], "x")).toHaveLength(1);
  });
});
