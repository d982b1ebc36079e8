import { sql } from "drizzle-orm";
import { customType, index, integer, pgTable, serial, smallint, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { NEWS_STATUSES, type NewsStatus } from "#common/news/vocabulary";
import { users } from "./accounts";
import { oneOf } from "./checks";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** Sections of the news by field of the sector (industria, farmacia, distribución…). */
export const newsAreas = pgTable("news_areas", {
  id: serial("id").primaryKey(),
  slug: varchar("slug", { length: 80 }).notNull().unique(),
  nombre: text("nombre").notNull(),
  descripcion: text("descripcion").notNull().default(""),
  orden: integer("orden").notNull().default(0),
  ...timestamps,
});

/** Kinds of news (actualidad, entrevistas, nombramientos…), across areas. */
export const newsCategories = pgTable("news_categories", {
  id: serial("id").primaryKey(),
  slug: varchar("slug", { length: 80 }).notNull().unique(),
  nombre: text("nombre").notNull(),
  descripcion: text("descripcion").notNull().default(""),
  orden: integer("orden").notNull().default(0),
  ...timestamps,
});

/** Bylines of news and tribunas: a person with a position and a company, and a photo. */
export const newsAuthors = pgTable("news_authors", {
  id: serial("id").primaryKey(),
  nombre: text("nombre").notNull(),
  cargo: text("cargo").notNull().default(""),
  empresa: text("empresa").notNull().default(""),
  bio: text("bio").notNull().default(""),
  /** Storage key of the photo (re-encoded on upload). */
  foto: text("foto"),
  ...timestamps,
});

/**
 * Newsroom content shared by news items and tribunas: the body as sanitised HTML plus its plain
 * text (for search and descriptions), a state and the publication time. A scheduled item
 * (programada) is public from publicada_en on; the scheduler then marks it publicada.
 */
const article = {
  id: serial("id").primaryKey(),
  slug: varchar("slug", { length: 160 }).notNull(),
  titulo: text("titulo").notNull(),
  entradilla: text("entradilla").notNull(),
  cuerpoHtml: text("cuerpo_html").notNull(),
  cuerpoTexto: text("cuerpo_texto").notNull(),
  autorId: integer("autor_id").references(() => newsAuthors.id, { onDelete: "set null" }),
  status: varchar("status", { length: 12 }).$type<NewsStatus>().notNull().default("borrador"),
  publicadaEn: timestamp("publicada_en", { withTimezone: true }),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
  ...timestamps,
};

export const noticias = pgTable(
  "noticias",
  {
    ...article,
    /** Storage key of the main image (re-encoded); alt text is required with it. */
    imagen: text("imagen"),
    /** The same image for cards and lists (about 480 px wide). */
    imagenMini: text("imagen_mini"),
    imagenAlt: text("imagen_alt"),
    imagenPie: text("imagen_pie"),
    areaId: integer("area_id")
      .notNull()
      .references(() => newsAreas.id),
    categoryId: integer("category_id")
      .notNull()
      .references(() => newsCategories.id),
    etiquetas: text("etiquetas").array().notNull().default(sql`'{}'::text[]`),
    /** Main story of the index while it is among the latest. */
    destacada: smallint("destacada").notNull().default(0),
    search: tsvector("search")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('es_unaccent'::regconfig, coalesce("titulo", '')), 'A') || setweight(to_tsvector('es_unaccent'::regconfig, coalesce("entradilla", '')), 'B') || setweight(to_tsvector('es_unaccent'::regconfig, coalesce("cuerpo_texto", '')), 'C')`,
      ),
  },
  (table) => [
    index("noticias_search_idx").using("gin", table.search),
    index("noticias_public_idx").on(table.publicadaEn.desc(), table.id.desc()).where(sql`status <> 'borrador'`),
    index("noticias_area_idx").on(table.areaId, table.publicadaEn.desc(), table.id.desc()).where(sql`status <> 'borrador'`),
    index("noticias_category_idx").on(table.categoryId, table.publicadaEn.desc(), table.id.desc()).where(sql`status <> 'borrador'`),
    // An author's page lists what they signed, newest first.
    index("noticias_autor_idx").on(table.autorId, table.publicadaEn.desc()),
    index("noticias_due_idx").on(table.publicadaEn).where(sql`status = 'programada'`),
    oneOf("noticias_status_check", table.status, NEWS_STATUSES),
  ],
);

/** Opinion columns by named authors. */
export const tribunas = pgTable(
  "tribunas",
  {
    ...article,
    /** Optional illustration of the column (re-encoded); alt text is required with it. */
    imagen: text("imagen"),
    imagenAlt: text("imagen_alt"),
    imagenPie: text("imagen_pie"),
  },
  (table) => [
    index("tribunas_public_idx").on(table.publicadaEn.desc(), table.id.desc()).where(sql`status <> 'borrador'`),
    index("tribunas_autor_idx").on(table.autorId, table.publicadaEn.desc()),
    oneOf("tribunas_status_check", table.status, NEWS_STATUSES),
  ],
);

/** Who gets the weekly newsletter, and of which areas (none chosen = all). */
export const newsletterSubscriptions = pgTable("newsletter_subscriptions", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  areaIds: integer("area_ids").array().notNull().default(sql`'{}'::int[]`),
  /** SHA-256 of the one-click unsubscribe token carried by every newsletter. */
  unsubscribeHash: varchar("unsubscribe_hash", { length: 64 }).notNull().unique(),
  /** The week (ISO "2026-W48") of the last newsletter sent, so each week goes out once. */
  lastWeek: varchar("last_week", { length: 10 }),
  ...timestamps,
});
