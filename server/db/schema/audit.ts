import { index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { users } from "./accounts";

/**
 * Every back-office action: who did what to which thing, with the thing before and after.
 * The actor is kept as an id and an e-mail snapshot, so the trail survives the actor's account.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    /** Null for actions run from the command line (npm run admin:create). */
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: varchar("actor_email", { length: 254 }),
    /** What was done, "<area>.<verb>" (news.publish, user.block, feedback.resolve…). */
    action: varchar("action", { length: 60 }).notNull(),
    subjectType: varchar("subject_type", { length: 40 }).notNull(),
    subjectId: text("subject_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("audit_log_at_idx").on(table.at, table.id),
    index("audit_log_subject_idx").on(table.subjectType, table.subjectId),
    index("audit_log_actor_idx").on(table.actorId),
  ],
);
