import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { PROMOTION_KINDS, PROMOTION_STATUSES, type PromotionKind, type PromotionStatus } from "#common/visita/promotions";
// Promotions (issue 14, promo).
import { COUNTED_EVENTS, type CountedEvent } from "#common/visita/stats";
import { VERIFICATION_STATUSES, type VerificationStatus } from "#common/visita/verifications";
import {
  type AdministrationRoute,
  type PharmaceuticalForm,
  type PrescriptionType,
  REGISTER_STATUSES,
  REVISION_KINDS,
  REVISION_STATUSES,
  type RegisterStatus,
  type RevisionKind,
  type RevisionStatus,
} from "#common/visita/vocabulary";
import { empresas, users } from "./accounts";
import { oneOf } from "./checks";
import { estados } from "./reference";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** Laboratories: marketing authorisation holders and marketers of medicines. */
export const laboratories = pgTable("laboratories", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  slug: varchar("slug", { length: 160 }).notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Active ingredients by their Spanish non-proprietary name (DCI), e.g. "ibuprofeno". */
export const activeIngredients = pgTable("active_ingredients", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
});

/** ATC classification codes (WHO), with their Spanish names; level 1 to 5. */
export const atcCodes = pgTable("atc_codes", {
  code: varchar("code", { length: 7 }).primaryKey(),
  name: text("name").notNull(),
  level: smallint("level").notNull(),
});

/**
 * Medicines with the fields CIMA publishes. `search_extra` holds the words that live in other
 * tables (active ingredients, laboratories), copied on write, so the generated `search_text`
 * (accent- and case-folded) can be matched by trigram similarity with one GIN index.
 */
export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    slug: varchar("slug", { length: 200 }).notNull(),
    registrationNumber: varchar("registration_number", { length: 20 }).notNull(),
    holderLaboratoryId: integer("holder_laboratory_id")
      .notNull()
      .references(() => laboratories.id),
    marketingLaboratoryId: integer("marketing_laboratory_id").references(() => laboratories.id),
    atcCode: varchar("atc_code", { length: 7 }).references(() => atcCodes.code),
    form: varchar("form", { length: 40 }).$type<PharmaceuticalForm>().notNull(),
    routes: jsonb("routes").$type<AdministrationRoute[]>().notNull().default([]),
    prescription: varchar("prescription", { length: 30 }).$type<PrescriptionType>().notNull(),
    generic: boolean("generic").notNull().default(false),
    biosimilar: boolean("biosimilar").notNull().default(false),
    orphan: boolean("orphan").notNull().default(false),
    blackTriangle: boolean("black_triangle").notNull().default(false),
    marketed: boolean("marketed").notNull().default(true),
    supplyProblem: boolean("supply_problem").notNull().default(false),
    leafletUrl: text("leaflet_url"),
    smpcUrl: text("smpc_url"),
    /** An uploaded image (storage key); without one the page shows the generated box picture. */
    imageKey: text("image_key"),
    description: text("description").notNull().default(""),
    // The register (AEMPS CIMA / Nomenclátor, issue 29): null on demo and proposed products.
    /** autorizado, suspendido or revocado: a product leaving the register is flagged, never deleted. */
    registerStatus: varchar("register_status", { length: 12 }).$type<RegisterStatus>().notNull().default("autorizado"),
    authorisedAt: timestamp("authorised_at", { withTimezone: true }),
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    drivingWarning: boolean("driving_warning").notNull().default(false),
    /** The register's own wording of the form (the `form` key is its nearest category). */
    formLabel: text("form_label"),
    photos: jsonb("photos").$type<Array<{ kind: string; url: string }>>().notNull().default([]),
    /** SHA-256 of the register's record last applied: an unchanged record is not written again. */
    registerHash: varchar("register_hash", { length: 64 }),
    registerSyncedAt: timestamp("register_synced_at", { withTimezone: true }),
    /** Incremented by each approved revision; earlier states live in product_versions. */
    version: integer("version").notNull().default(1),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    searchExtra: text("search_extra").notNull().default(""),
    searchText: text("search_text").notNull().generatedAlwaysAs(sql`f_unaccent(lower("name" || ' ' || "search_extra"))`),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("products_registration_unique").on(table.registrationNumber),
    index("products_search_trgm").using("gin", sql`${table.searchText} gin_trgm_ops`),
    index("products_name_idx").on(sql`lower(${table.name})`, table.id),
    // A laboratory's products by name (the catalogue's laboratory filter; decision 0048).
    index("products_holder_name_idx").on(table.holderLaboratoryId, sql`lower(${table.name})`, table.id),
    oneOf("products_register_status_check", table.registerStatus, REGISTER_STATUSES),
  ],
);

export const productIngredients = pgTable(
  "product_ingredients",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    ingredientId: integer("ingredient_id")
      .notNull()
      .references(() => activeIngredients.id),
    strength: varchar("strength", { length: 20 }).notNull(),
    unit: varchar("unit", { length: 20 }).notNull(),
    position: smallint("position").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.ingredientId] }),
    index("product_ingredients_ingredient_idx").on(table.ingredientId),
  ],
);

/** Presentations (packs) of a medicine, each with its código nacional. */
export const productPresentations = pgTable(
  "product_presentations",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    cn: varchar("cn", { length: 6 }).notNull(),
    name: text("name").notNull(),
    marketed: boolean("marketed").notNull().default(true),
    supplyProblem: boolean("supply_problem").notNull().default(false),
    /** The supply problem's start, expected end and the agency's note (CIMA /psuministro). */
    supplyFrom: timestamp("supply_from", { withTimezone: true }),
    supplyUntil: timestamp("supply_until", { withTimezone: true }),
    supplyNote: text("supply_note"),
  },
  (table) => [uniqueIndex("product_presentations_cn_unique").on(table.cn), index("product_presentations_product_idx").on(table.productId)],
);

/** A representative's portfolio (cartera): the products they carry and the provinces they cover. */
export const portfolioEntries = pgTable(
  "portfolio_entries",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    note: text("note").notNull().default(""),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("portfolio_entries_user_product_unique").on(table.userId, table.productId),
    index("portfolio_entries_product_idx").on(table.productId),
  ],
);

export const portfolioZones = pgTable(
  "portfolio_zones",
  {
    entryId: integer("entry_id")
      .notNull()
      .references(() => portfolioEntries.id, { onDelete: "cascade" }),
    estadoId: integer("estado_id")
      .notNull()
      .references(() => estados.id),
  },
  (table) => [primaryKey({ columns: [table.entryId, table.estadoId] }), index("portfolio_zones_estado_idx").on(table.estadoId)],
);

/**
 * A proposed new product or change to one, reviewed by a moderator. `data` is the complete
 * proposed product (the same shape the form submits); `cns` its presentations' codes, kept apart
 * so duplicates are found with an index.
 */
export const productRevisions = pgTable(
  "product_revisions",
  {
    id: serial("id").primaryKey(),
    kind: varchar("kind", { length: 10 }).$type<RevisionKind>().notNull(),
    productId: integer("product_id").references(() => products.id, { onDelete: "cascade" }),
    /** The product's version the change was proposed against (stale proposals are flagged). */
    baseVersion: integer("base_version"),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    status: varchar("status", { length: 12 }).$type<RevisionStatus>().notNull().default("pendiente"),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    cns: jsonb("cns").$type<string[]>().notNull().default([]),
    imageKey: text("image_key"),
    comment: text("comment").notNull().default(""),
    reason: text("reason"),
    reviewedBy: integer("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index("product_revisions_pending_idx").on(table.status, table.createdAt),
    oneOf("product_revisions_kind_check", table.kind, REVISION_KINDS),
    oneOf("product_revisions_status_check", table.status, REVISION_STATUSES),
    index("product_revisions_author_idx").on(table.authorId, table.createdAt.desc()),
    index("product_revisions_cns_idx").using("gin", table.cns),
  ],
);

/** The product as it was before each approved revision changed it. */
export const productVersions = pgTable(
  "product_versions",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    revisionId: integer("revision_id").references(() => productRevisions.id, { onDelete: "set null" }),
    changedBy: integer("changed_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("product_versions_product_version_unique").on(table.productId, table.version)],
);

// --- Promotions (issue 14, item 2) ---

/**
 * A promotion of a product by a representative or a laboratory's marketing user. It runs from
 * `starts_at` to `ends_at` (instants: the start and end of the chosen days in the author's zone);
 * an `activa` row past `ends_at` is `caducada` for every query even before the job writes it.
 */
export const promotions = pgTable(
  "promotions",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Set when a marketing user publishes for their laboratory; colleagues may then edit it. */
    laboratoryId: integer("laboratory_id").references(() => laboratories.id, { onDelete: "set null" }),
    kind: varchar("kind", { length: 12 }).$type<PromotionKind>().notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    conditions: text("conditions").notNull().default(""),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** The zone the dates were chosen in, so the form shows the same days back. */
    timeZone: varchar("time_zone", { length: 64 }).notNull().default("Europe/Madrid"),
    imageKey: text("image_key"),
    status: varchar("status", { length: 10 }).$type<PromotionStatus>().notNull().default("borrador"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    takenDownAt: timestamp("taken_down_at", { withTimezone: true }),
    takenDownBy: integer("taken_down_by").references(() => users.id, { onDelete: "set null" }),
    takedownReason: text("takedown_reason"),
    ...timestamps,
  },
  (table) => [
    oneOf("promotions_kind_check", table.kind, PROMOTION_KINDS),
    oneOf("promotions_status_check", table.status, PROMOTION_STATUSES),
    index("promotions_product_idx").on(table.productId, table.status, table.endsAt),
    index("promotions_author_idx").on(table.authorId, table.createdAt.desc()),
    index("promotions_due_idx").on(table.status, table.endsAt),
  ],
);
// ——— Verified visits, public profiles and laboratories' marketing teams (issue 14, items 1, 3, 4) ———

/**
 * A representative's request that a healthcare professional confirm that they present a product
 * to them. It belongs to the representative (the user), not to their employer, so it stays with
 * them when they change company. Only the SHA-256 of the e-mailed token is stored.
 */
export const visitVerifications = pgTable(
  "visit_verifications",
  {
    id: serial("id").primaryKey(),
    representativeId: integer("representative_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    professionalName: text("professional_name").notNull(),
    /** Normalised (trimmed, lower-cased, NFKC): one professional counts once a year. */
    professionalEmail: varchar("professional_email", { length: 254 }).notNull(),
    collegiateNumber: varchar("collegiate_number", { length: 20 }),
    estadoId: integer("estado_id").references(() => estados.id),
    status: varchar("status", { length: 12 }).$type<VerificationStatus>().notNull().default("pendiente"),
    /** Hex SHA-256 of the current link's token; a resend replaces it. */
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    sentCount: integer("sent_count").notNull().default(1),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** Asked in the app of a verified professional on the platform (issue 30): they answer signed in. */
    professionalUserId: integer("professional_user_id").references(() => users.id, { onDelete: "set null" }),
    /** Confirmed by a user who was a verified professional at that moment: counts apart. */
    byVerifiedProfessional: boolean("by_verified_professional").notNull().default(false),
    ...timestamps,
  },
  (table) => [
    index("visit_verifications_professional_idx").on(table.professionalUserId, table.status),
    uniqueIndex("visit_verifications_token_unique").on(table.tokenHash),
    oneOf("visit_verifications_status_check", table.status, VERIFICATION_STATUSES),
    index("visit_verifications_owner_idx").on(table.representativeId, table.productId, table.status),
    // At most one open request per representative, product and professional (resend that one instead).
    uniqueIndex("visit_verifications_one_pending")
      .on(table.representativeId, table.productId, table.professionalEmail)
      .where(sql`${table.status} = 'pendiente'`),
  ],
);

/** A representative's public-profile setting: off until they switch it on. */
export const representativeProfiles = pgTable("representative_profiles", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  public: boolean("public").notNull().default(false),
  /**
   * The Monday (Spain's) of the last week whose figures summary was considered for this
   * representative: claimed with the e-mail in one transaction, so each week is sent at most once.
   */
  summaryWeek: date("summary_week", { mode: "string" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Which registered company (empresas) is a laboratory's: its marketing users (role marketing,
 * members of that company) see the laboratory's dashboard. Set by the seed or an administrator.
 */
export const laboratoryCompanies = pgTable(
  "laboratory_companies",
  {
    laboratoryId: integer("laboratory_id")
      .primaryKey()
      .references(() => laboratories.id, { onDelete: "cascade" }),
    empresaId: integer("empresa_id")
      .notNull()
      .references(() => empresas.id, { onDelete: "cascade" }),
  },
  (table) => [index("laboratory_companies_empresa_idx").on(table.empresaId)],
);

/**
 * A run of the register sync or import (issue 29). A failed run keeps where it stopped (`phase`,
 * `next_page`) so the next run resumes there; `since` is the change-log date of an incremental run.
 */
export const catalogueSyncRuns = pgTable(
  "catalogue_sync_runs",
  {
    id: serial("id").primaryKey(),
    source: varchar("source", { length: 20 }).notNull(),
    mode: varchar("mode", { length: 12 }).notNull(),
    status: varchar("status", { length: 10 }).notNull().default("running"),
    phase: varchar("phase", { length: 20 }).notNull().default("medicines"),
    nextPage: integer("next_page").notNull().default(1),
    since: timestamp("since", { withTimezone: true }),
    counts: jsonb("counts").$type<Record<string, number>>().notNull().default({}),
    skipped: jsonb("skipped").$type<Array<{ nregistro: string; problem: string }>>().notNull().default([]),
    error: text("error"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    /** Written after each page: a running run not heard of for 15 minutes died and may be resumed. */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    oneOf("catalogue_sync_runs_status_check", table.status, ["running", "done", "failed"]),
    index("catalogue_sync_runs_source_idx").on(table.source, table.startedAt.desc()),
  ],
);

// ——— The laboratory's view (issue 32) ———

/**
 * How many times an object was seen or acted on, per day and province of the viewer's declared
 * zone (null when unknown or not allowed). Aggregates only: no visitor, session or address is kept.
 * The row's objects are nullable (a profile view has no product); NULLS NOT DISTINCT makes the key
 * unique anyway, so a flush adds to the day's row with one upsert.
 */
export const visitaDailyCounts = pgTable(
  "visita_daily_counts",
  {
    day: date("day", { mode: "string" }).notNull(),
    event: varchar("event", { length: 24 }).$type<CountedEvent>().notNull(),
    productId: integer("product_id").references(() => products.id, { onDelete: "cascade" }),
    representativeId: integer("representative_id").references(() => users.id, { onDelete: "cascade" }),
    promotionId: integer("promotion_id").references(() => promotions.id, { onDelete: "cascade" }),
    estadoId: integer("estado_id").references(() => estados.id),
    count: integer("count").notNull(),
  },
  (table) => [
    unique("visita_daily_counts_key")
      .on(table.day, table.event, table.productId, table.representativeId, table.promotionId, table.estadoId)
      .nullsNotDistinct(),
    oneOf("visita_daily_counts_event_check", table.event, COUNTED_EVENTS),
    index("visita_daily_counts_product_idx").on(table.productId, table.day),
    index("visita_daily_counts_representative_idx").on(table.representativeId, table.day),
  ],
);
