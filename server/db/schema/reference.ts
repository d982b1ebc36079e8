import { integer, pgTable, smallint, text, varchar } from "drizzle-orm/pg-core";

/** Regions 1–6 of product-spec §3. */
export const regiones = pgTable("regiones", {
  id: smallint("id").primaryKey(),
  nombre: text("nombre").notNull(),
});

/** Countries: ids are stable and come from data/reference/paises.json (España = 28). */
export const paises = pgTable("paises", {
  id: integer("id").primaryKey(),
  nombre: text("nombre").notNull(),
  nombreEn: text("nombre_en").notNull(),
  slug: varchar("slug", { length: 80 }).notNull().unique(),
  iso: varchar("iso", { length: 2 }).notNull().unique(),
  estadoTipo: text("estado_tipo").notNull(),
  prefijoTel: varchar("prefijo_tel", { length: 8 }),
  regionId: smallint("region_id")
    .notNull()
    .references(() => regiones.id),
});

/** First-level sub-divisions (provincias, estados, departamentos…), Spanish names. */
export const estados = pgTable("estados", {
  id: integer("id").primaryKey(),
  paisId: integer("pais_id")
    .notNull()
    .references(() => paises.id),
  nombre: text("nombre").notNull(),
  slug: varchar("slug", { length: 120 }).notNull(),
  codigo: varchar("codigo", { length: 12 }).notNull().unique(),
});

/** Job titles of the sector. */
export const cargos = pgTable("cargos", {
  id: integer("id").primaryKey(),
  slug: varchar("slug", { length: 120 }).notNull().unique(),
  nombre: text("nombre").notNull(),
});

export const empresaTipos = pgTable("empresa_tipos", {
  id: integer("id").primaryKey(),
  slug: varchar("slug", { length: 120 }).notNull().unique(),
  nombre: text("nombre").notNull(),
});
