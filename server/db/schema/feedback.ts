import { index, integer, pgTable, serial, smallint, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { FEEDBACK_STATUSES, type FeedbackStatus } from "#common/news/vocabulary";
import { users } from "./accounts";
import { oneOf } from "./checks";

/** "Danos tu opinión": what visitors tell us, and where the back office is with it. */
export const feedback = pgTable(
  "feedback",
  {
    id: serial("id").primaryKey(),
    valoracion: smallint("valoracion").notNull(),
    asunto: text("asunto").notNull(),
    contenido: text("contenido").notNull(),
    pagina: text("pagina").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    nombre: text("nombre").notNull(),
    email: varchar("email", { length: 254 }).notNull(),
    status: varchar("status", { length: 10 }).$type<FeedbackStatus>().notNull().default("nuevo"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("feedback_status_idx").on(table.status, table.createdAt.desc()),
    oneOf("feedback_status_check", table.status, FEEDBACK_STATUSES),
  ],
);
