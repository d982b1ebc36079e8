import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
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
import { empresas, users } from "./accounts";
import { oneOf } from "./checks";
import { estados } from "./reference";
import { laboratories, products, timestamps } from "./visita-catalogue";

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
