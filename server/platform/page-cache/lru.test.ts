import { describe, expect, it } from "vitest";
import { ByteLru } from "./lru";

describe("ByteLru", () => {
  it("evicts the least recently used entries once the byte budget is exceeded", () => {
    const lru = new ByteLru<string>(10);
    lru.set("a", "A", 4);
    lru.set("b", "B", 4);
    expect(lru.get("a")).toBe("A"); // a is now the most recent
    lru.set("c", "C", 4);
    expect(lru.get("b")).toBeUndefined();
    expect(lru.get("a")).toBe("A");
    expect(lru.get("c")).toBe("C");
    expect(lru.bytes).toBe(8);
  });

  it("refuses a value larger than the whole budget and replaces a key's value", () => {
    const lru = new ByteLru<string>(10);
    lru.set("big", "X", 11);
    expect(lru.size).toBe(0);
    lru.set("a", "1", 3);
    lru.set("a", "2", 5);
    expect(lru.get("a")).toBe("2");
    expect(lru.bytes).toBe(5);
  });

  it("deletes the entries a predicate selects", () => {
    const lru = new ByteLru<{ tags: string[] }>(100);
    lru.set("a", { tags: ["jobs"] }, 1);
    lru.set("b", { tags: ["news"] }, 1);
    lru.deleteWhere((v) => v.tags.includes("jobs"));
    expect(lru.get("a")).toBeUndefined();
    expect(lru.get("b")).toEqual({ tags: ["news"] });
    expect(lru.bytes).toBe(1);
  });
});
