import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import {
  ALERT_FREQUENCIES,
  type AlertCriteria,
  type AlertFrequency,
  APPLICATION_STATUSES,
  type ApplicationStatus,
  AVAILABILITIES,
  type Availability,
  type CandidateProfile,
  type Currency,
  OFFER_STATUSES,
  type OfferStatus,
  type ScreeningAnswer,
  type ScreeningQuestion,
} from "#common/jobs";
import { delegaciones, empresas, users } from "./accounts";
import { oneOf } from "./checks";
import { cargos, estados, paises } from "./reference";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/**
 * Job offers. An offer is open when status = 'publicada' and expires_at is in the future: queries
 * check the date themselves, so an offer disappears on time even before the hourly job marks it
 * 'caducada'.
 */
export const ofertas = pgTable(
  "ofertas",
  {
    id: serial("id").primaryKey(),
    empresaId: integer("empresa_id")
      .notNull()
      .references(() => empresas.id, { onDelete: "cascade" }),
    delegacionId: integer("delegacion_id").references(() => delegaciones.id, { onDelete: "set null" }),
    titulo: text("titulo").notNull(),
    slug: varchar("slug", { length: 160 }).notNull(),
    cargoId: integer("cargo_id")
      .notNull()
      .references(() => cargos.id),
    paisId: integer("pais_id")
      .notNull()
      .references(() => paises.id),
    estadoId: integer("estado_id").references(() => estados.id),
    ciudad: text("ciudad").notNull(),
    modalidad: varchar("modalidad", { length: 16 }).notNull(),
    contrato: varchar("contrato", { length: 16 }).notNull(),
    jornada: varchar("jornada", { length: 16 }).notNull(),
    salarioMin: integer("salario_min"),
    salarioMax: integer("salario_max"),
    salarioMoneda: varchar("salario_moneda", { length: 3 }),
    salarioPeriodo: varchar("salario_periodo", { length: 8 }),
    experiencia: varchar("experiencia", { length: 20 }).notNull(),
    estudios: varchar("estudios", { length: 20 }).notNull(),
    descripcionHtml: text("descripcion_html").notNull(),
    descripcionTexto: text("descripcion_texto").notNull(),
    /**
     * Words of the offer that live in other tables (job title, company, city, sub-division), copied
     * here on write because a generated column can only read its own row.
     */
    busquedaExtra: text("busqueda_extra").notNull().default(""),
    vacantes: integer("vacantes").notNull().default(1),
    /** Screening questions (at most 10), answered when applying; editing them never rewrites answers (decision 0042). */
    preguntas: jsonb("preguntas").$type<ScreeningQuestion[]>().notNull().default([]),
    status: varchar("status", { length: 12 }).$type<OfferStatus>().notNull().default("borrador"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
    search: tsvector("search")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('es_unaccent'::regconfig, coalesce("titulo", '')), 'A') || setweight(to_tsvector('es_unaccent'::regconfig, coalesce("busqueda_extra", '')), 'B') || setweight(to_tsvector('es_unaccent'::regconfig, coalesce("descripcion_texto", '')), 'C')`,
      ),
    /**
     * The title (A) and the words of other tables (B) without the description: the vector the
     * relevance order ranks on. Small enough to stay in the row, where ranking `search` would read
     * each offer's TOASTed description vector (decision 0131).
     */
    searchHead: tsvector("search_head")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('es_unaccent'::regconfig, coalesce("titulo", '')), 'A') || setweight(to_tsvector('es_unaccent'::regconfig, coalesce("busqueda_extra", '')), 'B')`,
      ),
  },
  (table) => [
    // Without a pending list (fastupdate): offers are written at human pace, and every keyword search
    // would read up to 4 MB of not-yet-merged entries one by one (decision 0131).
    index("ofertas_search_idx").using("gin", table.search).with({ fastupdate: false }),
    // Newest-first listing per country (and per job title), open offers only.
    index("ofertas_open_pais_idx").on(table.paisId, table.publishedAt.desc(), table.id.desc()).where(sql`status = 'publicada'`),
    index("ofertas_open_pais_cargo_idx")
      .on(table.paisId, table.cargoId, table.publishedAt.desc(), table.id.desc())
      .where(sql`status = 'publicada'`),
    index("ofertas_open_expiry_idx").on(table.expiresAt).where(sql`status = 'publicada'`),
    // The listing's counts (decision 0114): a country's open offers by job title and sub-division,
    // read from the index alone (an index-only scan of ~1 MB instead of the 170 MB table at 1×).
    index("ofertas_open_counts_idx").on(table.paisId, table.cargoId, table.estadoId, table.expiresAt).where(sql`status = 'publicada'`),
    // The jobs sitemap (decision 0114): its files' ranges and each file's addresses in id order,
    // read from the index alone.
    index("ofertas_open_sitemap_idx")
      .on(table.id, table.updatedAt, table.expiresAt, table.empresaId, table.slug)
      .where(sql`status = 'publicada'`),
    index("ofertas_empresa_idx").on(table.empresaId, table.createdAt.desc()),
    // A company's public page: its open offers newest first, a page at a time.
    index("ofertas_open_empresa_idx").on(table.empresaId, table.publishedAt.desc(), table.id.desc()).where(sql`status = 'publicada'`),
    oneOf("ofertas_status_check", table.status, OFFER_STATUSES),
  ],
);

/** A candidate's application to an offer: one per offer and candidate. */
export const candidaturas = pgTable(
  "candidaturas",
  {
    id: serial("id").primaryKey(),
    ofertaId: integer("oferta_id")
      .notNull()
      .references(() => ofertas.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    estado: varchar("estado", { length: 16 }).$type<ApplicationStatus>().notNull().default("recibida"),
    carta: text("carta").notNull().default(""),
    cvKey: text("cv_key").notNull(),
    cvNombre: text("cv_nombre").notNull(),
    /** Answers to the offer's screening questions, each with the question's text as it was answered. */
    respuestas: jsonb("respuestas").$type<ScreeningAnswer[]>().notNull().default([]),
    /** False when a knock-out answer disqualified the candidate: kept and marked, never dropped. */
    cumpleRequisitos: boolean("cumple_requisitos").notNull().default(true),
    /** Set when the candidate's documents and answers were removed (account deleted or retention period over). */
    anonymisedAt: timestamp("anonymised_at", { withTimezone: true }),
    /** When the company first opened the application (null: «sin revisar»); the candidate sees «Vista por la empresa». */
    vistaEn: timestamp("vista_en", { withTimezone: true }),
    /** The company's private note and rating (1-5) of the applicant: never shown to the candidate. */
    nota: text("nota").notNull().default(""),
    valoracion: smallint("valoracion"),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("candidaturas_oferta_user_unique").on(table.ofertaId, table.userId),
    index("candidaturas_user_idx").on(table.userId, table.createdAt.desc()),
    oneOf("candidaturas_estado_check", table.estado, APPLICATION_STATUSES),
    check("candidaturas_valoracion_check", sql`${table.valoracion} between 1 and 5`),
  ],
);

/** History of an application's status changes (who moved it, from what, to what, when). */
export const candidaturaEventos = pgTable(
  "candidatura_eventos",
  {
    id: serial("id").primaryKey(),
    candidaturaId: integer("candidatura_id")
      .notNull()
      .references(() => candidaturas.id, { onDelete: "cascade" }),
    desde: varchar("desde", { length: 16 }).$type<ApplicationStatus>(),
    hasta: varchar("hasta", { length: 16 }).$type<ApplicationStatus>().notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The optional message the company wrote to the candidate with the change (hired, turned down). */
    mensaje: text("mensaje"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("candidatura_eventos_candidatura_idx").on(table.candidaturaId),
    oneOf("candidatura_eventos_desde_check", table.desde, APPLICATION_STATUSES),
    oneOf("candidatura_eventos_hasta_check", table.hasta, APPLICATION_STATUSES),
  ],
);

export const ofertasGuardadas = pgTable(
  "ofertas_guardadas",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ofertaId: integer("oferta_id")
      .notNull()
      .references(() => ofertas.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("ofertas_guardadas_user_oferta_unique").on(table.userId, table.ofertaId)],
);

/** E-mail alerts: a saved search sent at once, or as a daily or weekly digest of new matching offers (decision 0110). */
export const alertas = pgTable(
  "alertas",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    criteria: jsonb("criteria").$type<AlertCriteria>().notNull(),
    frecuencia: varchar("frecuencia", { length: 12 }).$type<AlertFrequency>().notNull().default("diaria"),
    /** SHA-256 of the unsubscribe token carried by every digest e-mail. */
    unsubscribeTokenHash: varchar("unsubscribe_token_hash", { length: 64 }).notNull().unique(),
    /** Offers published after this instant are "new" for the next digest. */
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("alertas_user_idx").on(table.userId),
    index("alertas_due_idx").on(table.frecuencia, table.lastSentAt),
    oneOf("alertas_frecuencia_check", table.frecuencia, ALERT_FREQUENCIES),
  ],
);

/**
 * Views of an offer's page per day (Spain's), counted by the page's beacon and written in batches
 * like visita's figures (decisions 0097, 0111). No visitor data; kept 25 months.
 */
export const ofertaDailyViews = pgTable(
  "oferta_daily_views",
  {
    ofertaId: integer("oferta_id")
      .notNull()
      .references(() => ofertas.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    views: integer("views").notNull(),
  },
  (table) => [uniqueIndex("oferta_daily_views_key").on(table.ofertaId, table.day), index("oferta_daily_views_day_idx").on(table.day)],
);

/**
 * A candidate's saved CVs (at most MAX_SAVED_CVS): uploaded once, chosen when applying. An
 * application copies the file key, so deleting a saved CV never takes a file from a company that
 * received it (the file goes once nothing refers to it).
 */
export const candidatoCvs = pgTable(
  "candidato_cvs",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The name the candidate sees (the uploaded file's name, cleaned). */
    nombre: text("nombre").notNull(),
    fileKey: text("file_key").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("candidato_cvs_user_idx").on(table.userId),
    // At most one default CV per candidate.
    uniqueIndex("candidato_cvs_default_unique").on(table.userId).where(sql`is_default`),
  ],
);

/**
 * A candidate's profile (decision 0108): one row per candidate, its lists as JSON validated by
 * candidateProfileSchema. Recruiters of other companies find it only while abierto_a_ofertas is on
 * (decision 0109); a company the candidate applied to sees it beside the CV regardless.
 */
export const candidatoPerfiles = pgTable(
  "candidato_perfiles",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    titular: text("titular").notNull().default(""),
    experiencia: jsonb("experiencia").$type<CandidateProfile["experiencia"]>().notNull().default([]),
    formacion: jsonb("formacion").$type<CandidateProfile["formacion"]>().notNull().default([]),
    idiomas: jsonb("idiomas").$type<CandidateProfile["idiomas"]>().notNull().default([]),
    habilidades: jsonb("habilidades").$type<string[]>().notNull().default([]),
    disponibilidad: varchar("disponibilidad", { length: 12 }).$type<Availability>(),
    salarioDeseado: integer("salario_deseado"),
    salarioMoneda: varchar("salario_moneda", { length: 3 }).$type<Currency>(),
    abiertoAOfertas: boolean("abierto_a_ofertas").notNull().default(false),
    /**
     * Skills folded (lower case, no accents), one per line between newlines ("\nventas\ncrm\n"),
     * so a skill filter is an exact-word LIKE that the trigram index serves.
     */
    habilidadesBusqueda: text("habilidades_busqueda").notNull().default(""),
    /** Headline, positions, companies, studies and skills: the words a recruiter's keyword search reads. */
    busqueda: text("busqueda").notNull().default(""),
    ...timestamps,
    search: tsvector("search").notNull().generatedAlwaysAs(sql`to_tsvector('es_unaccent'::regconfig, coalesce("busqueda", ''))`),
  },
  (table) => [
    index("candidato_perfiles_search_idx").using("gin", table.search),
    index("candidato_perfiles_skills_idx").using("gin", sql`${table.habilidadesBusqueda} gin_trgm_ops`),
    // Recruiter search reads only visible profiles, most recently updated first.
    index("candidato_perfiles_open_idx").on(table.updatedAt.desc()).where(sql`abierto_a_ofertas`),
    oneOf("candidato_perfiles_disponibilidad_check", table.disponibilidad, AVAILABILITIES),
    check("candidato_perfiles_salario_check", sql`${table.salarioDeseado} IS NULL OR ${table.salarioMoneda} IS NOT NULL`),
  ],
);
