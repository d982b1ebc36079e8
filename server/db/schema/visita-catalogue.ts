// The medicines catalogue: laboratories, ingredients, ATC codes, products and presentations, the
// revisions representatives propose and the register sync runs (issue 29). The people side of
// visita (portfolios, promotions, verified visits) is in visita.ts.
import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
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
import { users } from "./accounts";
import { oneOf } from "./checks";

export const timestamps = {
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
