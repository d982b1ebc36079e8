import { asc } from "drizzle-orm";
import { pathTo } from "#common/route-names";
import type { Db } from "#server/db/client";
import { newsAreas, newsCategories } from "#server/db/schema";

export type Area = { id: number; slug: string; nombre: string; descripcion: string; url: string };
export type Category = Area;
export type Taxonomy = { areas: Area[]; categories: Category[]; areaById: Map<number, Area>; categoryById: Map<number, Category> };

/**
 * Areas and categories are a handful of rows read by every news page: kept in memory for a short
 * while (an editor's change shows within TTL on other instances, at once on this one).
 */
const TTL_MS = 30_000;
const cache = new WeakMap<object, { at: number; value: Promise<Taxonomy> }>();

export function loadTaxonomy(db: Db): Promise<Taxonomy> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const value = readTaxonomy(db);
  cache.set(db, { at: Date.now(), value });
  value.catch(() => cache.delete(db));
  return value;
}

/** Forgets the cached areas and categories after an editor changes them. */
export function invalidateTaxonomy(db: Db): void {
  cache.delete(db);
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
