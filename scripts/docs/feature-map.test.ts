import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { bodyOf, importsOf, MAP_PATH, pagesOf, renderFeatureMap, urlPattern } from "./feature-map";

describe("the feature map (docs/feature-map.md)", () => {
  it("is current: run `npm run docs:features` after adding, moving or renaming a page, an operation or a test", () => {
    expect(fs.readFileSync(MAP_PATH, "utf8")).toBe(renderFeatureMap());
  }, 60_000);

  it("joins nested route paths under the /app basename", () => {
    const pages = pagesOf([
      { file: "routes/home.tsx", index: true, id: "home" },
      {
        file: "routes/admin/layout.tsx",
        path: "admin",
        children: [{ file: "routes/admin/users.tsx", path: "usuarios/:id", id: "admin-user" }],
      },
    ]);
    expect(pages.map((page) => page.url)).toEqual(["/app", "/app/admin/usuarios/:id"]);
  });

  it("finds a URL written literally or as a template, and not a longer one", () => {
    const pattern = urlPattern("/app/empleo/p/:pais?");
    expect(pattern.test('page.goto("/app/empleo/p/espana?modalidad=remoto")')).toBe(true);
    expect(pattern.test(["fetch(`/app/empleo/p/$", "{country}`)"].join(""))).toBe(true);
    expect(pattern.test('"/app/empleo/p"')).toBe(true);
    expect(pattern.test('"/app/empleo/p/espana/cargo/x"')).toBe(false);
  });

  it("reads value imports and re-exports, and a top-level function's body", () => {
    const source = [
      'import type { A } from "#server/jobs";',
      'import { listOffers, type Offer } from "#server/jobs";',
      'export { unsubscribe } from "#server/chat";',
      "export async function loadPage() {",
      "  return listOffers();",
      "}",
      "const other = 1;",
    ].join("\n");
    expect([...importsOf(source)]).toEqual([
      ["listOffers", "#server/jobs"],
      ["unsubscribe", "#server/chat"],
    ]);
    expect(bodyOf(source, "loadPage")).toBe("export async function loadPage() {\n  return listOffers();\n}");
  });
});
