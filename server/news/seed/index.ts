import { sql } from "drizzle-orm";
import type { AppContext } from "#server/context";
import { noticias } from "#server/db/schema";
import { createNewsArea, createNewsAuthor, createNewsCategory, createNoticia, createTribuna } from "#server/news/factories";
import { COLUMNS, storyBody } from "./bodies";
import { illustration, portrait } from "./png";
import { STORIES } from "./stories";
import { DEMO_AREAS, DEMO_AUTHORS, DEMO_CATEGORIES, DEMO_COLUMNISTS } from "./taxonomy";

const HOUR = 3_600_000;
const VARIANTS_PER_AREA = 2;

/**
 * The demo newsroom: areas and categories, 84 news items spread over the last two months (a few
 * within the last two days, for the news sitemap), one scheduled item, one draft, and 12 tribunas
 * by different columnists. Illustrations are drawn here (no download), two per area.
 */
export async function seedNewsDemo(ctx: AppContext): Promise<void> {
  const [existing] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(noticias);
  if (Number(existing?.n) > 0) return;
  const png = (bytes: Buffer, folder: string, label: string) =>
    ctx.storage.save(folder, new Blob([new Uint8Array(bytes)], { type: "image/png" }), { allowed: ["png"], maxBytes: 2_000_000, label });

  const areaIds = new Map<string, number>();
  const images = new Map<string, Array<{ key: string; mini: string }>>();
  for (const area of DEMO_AREAS) {
    await createNewsArea(ctx.db, { id: area.id, nombre: area.nombre, slug: area.slug, descripcion: area.descripcion, orden: area.id });
    areaIds.set(area.slug, area.id);
    const variants: Array<{ key: string; mini: string }> = [];
    for (let v = 0; v < VARIANTS_PER_AREA; v++) {
      const to: [number, number, number] = [area.color[0] * 0.5 + 20, area.color[1] * 0.4 + 30, area.color[2] * 0.5 + 70];
      const from = [...area.color] as [number, number, number];
      const big = await png(illustration(960, 540, from, to, area.id * 3 + v), "noticias", "imagen");
      const mini = await png(illustration(480, 270, from, to, area.id * 3 + v), "noticias", "imagen");
      variants.push({ key: big.key, mini: mini.key });
    }
    images.set(area.slug, variants);
  }
  // Explicit ids above leave the sequences behind: new areas created later must not collide.
  await ctx.db.execute(sql`SELECT setval(pg_get_serial_sequence('news_areas', 'id'), (SELECT max(id) FROM news_areas))`);
  const categoryIds = new Map<string, number>();
  for (const category of DEMO_CATEGORIES) {
    await createNewsCategory(ctx.db, { ...category, orden: category.id });
    categoryIds.set(category.slug, category.id);
  }
  await ctx.db.execute(sql`SELECT setval(pg_get_serial_sequence('news_categories', 'id'), (SELECT max(id) FROM news_categories))`);

  const authors = [];
  for (const author of DEMO_AUTHORS) authors.push(await createNewsAuthor(ctx.db, author));

  const now = Date.now();
  for (const [index, story] of STORIES.entries()) {
    const [area, category, titulo, entradilla, etiquetas] = story;
    const areaName = DEMO_AREAS.find((a) => a.slug === area)?.nombre ?? area;
    const variants = images.get(area) ?? [];
    const image = variants[index % variants.length];
    // Newest first in story order of each area, interleaved: index 0..83 → 0..~60 days ago.
    const hoursAgo = (index % 12) * 120 + Math.floor(index / 12) * 7 + 2;
    await createNoticia(ctx.db, {
      titulo,
      entradilla,
      cuerpoHtml: storyBody(story, index),
      areaId: areaIds.get(area) as number,
      categoryId: categoryIds.get(category) as number,
      autorId: authors[(index % (authors.length - 1)) + 1]?.id ?? null,
      etiquetas,
      status: "publicada",
      publicadaEn: new Date(now - hoursAgo * HOUR),
      imagen: image
        ? { ...image, alt: `Ilustración abstracta en los colores del área ${areaName}`, pie: `Ilustración: ${areaName}` }
        : null,
      destacada: index === 12,
    });
  }
  const redaccion = authors[0]?.id ?? null;
  await createNoticia(ctx.db, {
    titulo: "Avance: el sector presenta mañana su informe anual de suministro",
    entradilla: "El informe, que se publicará a primera hora, analiza los problemas de suministro del último año.",
    areaId: 5,
    categoryId: 1,
    autorId: redaccion,
    etiquetas: ["suministro", "informe"],
    status: "programada",
    publicadaEn: new Date(now + 20 * HOUR),
  });
  await createNoticia(ctx.db, {
    titulo: "Borrador: claves del nuevo real decreto de precios",
    entradilla: "Pendiente de revisar con el equipo de regulación.",
    areaId: 3,
    categoryId: 6,
    autorId: redaccion,
    status: "borrador",
  });

  for (const [index, columnist] of DEMO_COLUMNISTS.entries()) {
    const color = DEMO_AREAS[index % DEMO_AREAS.length]?.color ?? [8, 116, 90];
    const photo = await png(portrait(192, [...color] as [number, number, number]), "autores", "foto");
    const author = await createNewsAuthor(ctx.db, { ...columnist, foto: photo.key });
    const column = COLUMNS[index];
    if (!column) continue;
    await createTribuna(ctx.db, {
      titulo: column.titulo,
      entradilla: column.entradilla,
      cuerpoHtml: column.parrafos.map((p) => `<p>${p}</p>`).join(""),
      autorId: author.id,
      publicadaEn: new Date(now - (index * 4 + 1) * 24 * HOUR),
    });
  }
}
