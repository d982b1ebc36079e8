import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import {
  CONSENT_PURPOSES,
  CONSENT_SOURCES,
  type ConsentPurpose,
  type ConsentSource,
  LEGAL_KINDS,
  type LegalKind,
} from "#common/legal/documents";
import { users } from "./accounts";
import { oneOf } from "./checks";

/**
 * Every published version of the four legal texts (issue 27). Rows are never updated: a
 * publication is a new row, so earlier versions stay readable and an acceptance names what was read.
 */
export const legalDocuments = pgTable(
  "legal_documents",
  {
    id: serial("id").primaryKey(),
    kind: varchar("kind", { length: 16 }).$type<LegalKind>().notNull(),
    version: smallint("version").notNull(),
    /** The text with {{placeholders}} for the operator's data (filled from the configuration when shown). */
    body: text("body").notNull(),
    /** What changed, in one sentence (the version list shows it). */
    summary: text("summary").notNull(),
    /** A material change of the terms: signed-in users accept it again before going on. */
    material: boolean("material").notNull().default(false),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    publishedBy: integer("published_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    uniqueIndex("legal_documents_kind_version_key").on(table.kind, table.version),
    oneOf("legal_documents_kind_check", table.kind, LEGAL_KINDS),
  ],
);

/** Which version of the terms and of the privacy policy a user accepted, and when. */
export const legalAcceptances = pgTable(
  "legal_acceptances",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    documentId: integer("document_id")
      .notNull()
      .references(() => legalDocuments.id, { onDelete: "restrict" }),
    source: varchar("source", { length: 16 }).$type<ConsentSource>().notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("legal_acceptances_user_document_key").on(table.userId, table.documentId),
    oneOf("legal_acceptances_source_check", table.source, CONSENT_SOURCES),
  ],
);

/**
 * Each opt-in or opt-out of a purpose (advertising e-mails, the newsletter, the chat's e-mails),
 * as a log: the latest row of a purpose is the user's current choice, the earlier ones its history.
 */
export const consentRecords = pgTable(
  "consent_records",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: varchar("purpose", { length: 16 }).$type<ConsentPurpose>().notNull(),
    granted: boolean("granted").notNull(),
    source: varchar("source", { length: 16 }).$type<ConsentSource>().notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("consent_records_user_idx").on(table.userId, table.purpose, sql`${table.recordedAt} desc`),
    oneOf("consent_records_purpose_check", table.purpose, CONSENT_PURPOSES),
    oneOf("consent_records_source_check", table.source, CONSENT_SOURCES),
  ],
);
