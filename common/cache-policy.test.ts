import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "#app/routes";
import { PAGE_POLICIES, pagePolicyOf } from "./cache-policy";

function routeIds(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) => [entry.id ?? entry.file, ...routeIds(entry.children ?? [])]);
}

describe("page cache policies", () => {
  it("declares a policy for every route of app/routes.ts, and for nothing else", () => {
    const ids = routeIds(routes);
    expect(ids.filter((id) => !(id in PAGE_POLICIES))).toEqual([]);
    expect(Object.keys(PAGE_POLICIES).filter((id) => !ids.includes(id))).toEqual([]);
  });

  it("keeps personal pages private and treats unknown routes as private", () => {
    expect(pagePolicyOf("empleo-oferta")).toEqual({ cache: "public", tags: ["jobs"] });
    expect(pagePolicyOf("cuenta").cache).toBe("private");
    expect(pagePolicyOf("empleo-panel").cache).toBe("private");
    expect(pagePolicyOf("no-such-route").cache).toBe("private");
    expect(pagePolicyOf(undefined).cache).toBe("private");
  });
});
