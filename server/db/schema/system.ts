import { index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { oneOf } from "./checks";

/** Small key/value facts about the database itself, e.g. the hash of the loaded reference data. */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

const OUTBOX_STATUSES = ["pending", "sent", "failed"] as const;
type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * Durable e-mail queue: a message is committed here first (with the change that caused it) and
 * delivered by the mail worker, which retries with back-off while the mail server is down.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    to: varchar("to", { length: 254 }).notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    /** What the message is (verify_email, reset_password, …), for logs and tests. */
    kind: varchar("kind", { length: 40 }).notNull(),
    /** Extra headers to send (List-Unsubscribe and List-Unsubscribe-Post of the newsletter). */
    headers: jsonb("headers").$type<Record<string, string>>(),
    status: varchar("status", { length: 12 }).$type<OutboxStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    index("mail_outbox_due_idx").on(table.status, table.nextAttemptAt),
    oneOf("mail_outbox_status_check", table.status, OUTBOX_STATUSES),
  ],
);

/** Fixed-window counters for named rate limits, shared by every instance. */
export const rateLimits = pgTable("rate_limits", {
  key: varchar("key", { length: 200 }).primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

/** What an instance reported in its last heartbeat (server/platform/telemetry/heartbeat.ts). */
export type InstanceReport = {
  pageCache: { entries: number; bytes: number; maxBytes: number; hits: number; misses: number; evictions: number };
  jobs: Array<{
    name: string;
    intervalMs: number;
    lastRunAt: number | null;
    lastSuccessAt: number | null;
    lastFailureAt: number | null;
    failures: number;
  }>;
  websockets: number;
  pool: { total: number; idle: number; waiting: number; max: number } | null;
  listen: string;
};

/**
 * One row per running (or lately stopped) server instance, refreshed every 30 s: the operator's
 * dashboard lists them with their version, start time and what they report. No personal data.
 */
export const serverInstances = pgTable("server_instances", {
  id: varchar("id", { length: 36 }).primaryKey(),
  version: varchar("version", { length: 40 }).notNull(),
  hostname: varchar("hostname", { length: 255 }).notNull(),
  pid: integer("pid").notNull(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  stoppedAt: timestamp("stopped_at", { withTimezone: true }),
  report: jsonb("report").$type<InstanceReport>().notNull(),
});
