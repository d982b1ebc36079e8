import { describe, expect, it } from "vitest";
import type { AppContext } from "#server/context";
import { listSource } from "./sitemap";

const ctx = {} as AppContext;
const list = async () => [
  { loc: "/a", lastmod: "2026-01-01T00:00:00.000Z" },
  { loc: "/b", lastmod: "2026-03-01T00:00:00.000Z" },
  { loc: "/c" },
  { loc: "/d", lastmod: "2026-02-01T00:00:00.000Z" },
  { loc: "/e", lastmod: "2026-01-15T00:00:00.000Z" },
];

async function locs(batches: AsyncIterable<Array<{ loc: string }>>) {
  const all: string[] = [];
  for await (const batch of batches) all.push(...batch.map((e) => e.loc));
  return all;
}

describe("a sitemap read whole (issue 33 point 5)", () => {
  it("cuts the whole list, whatever its parts, into files of at most the limit, each with its newest change", async () => {
    const source = listSource("/sitemap-prueba.xml", list, 2);
    expect(await source.files(ctx)).toEqual([
      { file: 1, lastmod: "2026-03-01T00:00:00.000Z" },
      { file: 2, lastmod: "2026-02-01T00:00:00.000Z" },
      { file: 3, lastmod: "2026-01-15T00:00:00.000Z" },
    ]);
    expect(await locs(source.entries(ctx, 1))).toEqual(["/a", "/b"]);
    expect(await locs(source.entries(ctx, 2))).toEqual(["/c", "/d"]);
    expect(await locs(source.entries(ctx, 3))).toEqual(["/e"]);
  });

  it("keeps one file below the limit, and one (empty) file for an empty list", async () => {
    expect(await listSource("/sitemap-prueba.xml", list).files(ctx)).toEqual([{ file: 1, lastmod: "2026-03-01T00:00:00.000Z" }]);
    expect(await listSource("/sitemap-prueba.xml", async () => []).files(ctx)).toEqual([{ file: 1, lastmod: undefined }]);
  });
});
