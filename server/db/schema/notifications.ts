import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import type { NotificationKind } from "#common/notifications/kinds";
import { users } from "./accounts";
import { oneOf } from "./checks";

const PUSH_STATES = ["none", "pending", "sent", "failed"] as const;
export type PushState = (typeof PUSH_STATES)[number];

/**
 * What happened to a user, written by the area of the event inside the event's transaction (a
 * rollback leaves none). `push_state` is the durable queue of the web push: pending rows survive a
 * restart and the push worker sends them. `dedupe_key` keeps a scheduled notice (promotion about
 * to expire) from being written twice. `kind` has no CHECK on purpose: a new kind is a code change only.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 40 }).$type<NotificationKind>().notNull(),
    text: varchar("text", { length: 500 }).notNull(),
    link: varchar("link", { length: 500 }),
    dedupeKey: varchar("dedupe_key", { length: 100 }),
    readAt: timestamp("read_at", { withTimezone: true }),
    pushState: varchar("push_state", { length: 8 }).$type<PushState>().notNull().default("none"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("notifications_user_idx").on(table.userId, table.id.desc()),
    index("notifications_unread_idx").on(table.userId).where(sql`${table.readAt} is null`),
    index("notifications_push_pending_idx").on(table.id).where(sql`${table.pushState} = 'pending'`),
    uniqueIndex("notifications_dedupe_unique").on(table.userId, table.dedupeKey),
    oneOf("notifications_push_state_check", table.pushState, PUSH_STATES),
  ],
);

/** A user's choice of channels for one kind; no row means the kind's defaults. */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 40 }).$type<NotificationKind>().notNull(),
    inApp: boolean("in_app").notNull(),
    push: boolean("push").notNull(),
    email: boolean("email").notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind] })],
);

/**
 * Per-user push settings: whether a lock screen may show the text, and the «no molestar» hours
 * (local hours in the user's zone; from == to means none).
 */
export const notificationSettings = pgTable("notification_settings", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  pushShowsText: boolean("push_shows_text").notNull().default(false),
  quietFrom: smallint("quiet_from").notNull().default(0),
  quietTo: smallint("quiet_to").notNull().default(0),
  timeZone: varchar("time_zone", { length: 64 }).notNull().default("Europe/Madrid"),
});

/** A browser's push subscription (one per device); removed when the push service answers 404/410. */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: varchar("p256dh", { length: 200 }).notNull(),
    auth: varchar("auth", { length: 100 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("push_subscriptions_endpoint_unique").on(table.endpoint), index("push_subscriptions_user_idx").on(table.userId)],
);
