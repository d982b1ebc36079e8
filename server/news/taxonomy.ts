import { asc } from "drizzle-orm";
import { pathTo } from "#common/route-names";
import type { Db } from "#server/db/client";
import { newsAreas, newsCategories } from "#server/db/schema";
import { perOwner, sharedComputation } from "#server/platform/shared-computation";

export type Area = { id: number; slug: string; nombre: string; descripcion: string; url: string };
export type Category = Area;
export type Taxonomy = { areas: Area[]; categories: Category[]; areaById: Map<number, Area>; categoryById: Map<number, Category> };

/**
 * Areas and categories are a handful of rows read by every news page: kept in memory for a short
 * while (an editor's change shows within TTL on other instances, at once on this one).
 */
const TTL_MS = 30_000;
const cache = perOwner(() => sharedComputation<Taxonomy>({ freshMs: TTL_MS, staleMs: 0, maxEntries: 1 }));

export function loadTaxonomy(db: Db): Promise<Taxonomy> {
  return cache(db).get("taxonomy", () => readTaxonomy(db));
}

/** Forgets the cached areas and categories after an editor changes them. */
export function invalidateTaxonomy(db: Db): void {
  cache(db).clear();
}

async function readTaxonomy(db: Db): Promise<Taxonomy> {
  const [areaRows, categoryRows] = await Promise.all([
    db.select().from(newsAreas).orderBy(asc(newsAreas.orden), asc(newsAreas.nombre)),
    db.select().from(newsCategories).orderBy(asc(newsCategories.orden), asc(newsCategories.nombre)),
  ]);
  const areas = areaRows.map((a) => ({
    id: a.id,
    slug: a.slug,
    nombre: a.nombre,
    descripcion: a.descripcion,
    url: pathTo("noticias-area", { area: a.slug, id: a.id }),
  }));
  const categories = categoryRows.map((c) => ({
    id: c.id,
    slug: c.slug,
    nombre: c.nombre,
    descripcion: c.descripcion,
    url: pathTo("noticias-categoria", { category: c.slug, id: c.id }),
  }));
  return {
    areas,
    categories,
    areaById: new Map(areas.map((a) => [a.id, a])),
    categoryById: new Map(categories.map((c) => [c.id, c])),
  };
}
