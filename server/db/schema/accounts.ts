import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import {
  PRO_VERIFICATION_STATUSES,
  type Profession,
  type ProVerificationStatus,
  type RejectionReason,
} from "#common/accounts/professional-verification";
import { DEFAULT_COUNTRY_ID } from "#common/constants";
import { oneOf } from "./checks";
import { cargos, empresaTipos, estados, paises } from "./reference";

/** web, academia, candidato, visita, mkt, empleo (product-spec §1). */
export const REGISTER_TYPES = ["web", "academia", "candidato", "visita", "mkt", "empleo"] as const;
export type RegisterType = (typeof REGISTER_TYPES)[number];

export const ROLES = ["candidato", "visitador_farmaceutico", "marketing", "administrador_empleo", "editor", "moderador", "admin"] as const;
export type Role = (typeof ROLES)[number];

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const empresas = pgTable(
  "empresas",
  {
    id: serial("id").primaryKey(),
    nombre: text("nombre").notNull(),
    slug: varchar("slug", { length: 160 }).notNull().unique(),
    empresaTipoId: integer("empresa_tipo_id").references(() => empresaTipos.id),
    email: varchar("email", { length: 254 }),
    web: text("web"),
    telefono: varchar("telefono", { length: 40 }),
    direccion: text("direccion"),
    direccion2: text("direccion2"),
    codigoPostal: varchar("codigo_postal", { length: 16 }),
    poblacion: text("poblacion"),
    paisId: integer("pais_id").references(() => paises.id),
    estadoId: integer("estado_id").references(() => estados.id),
    logo: text("logo"),
    /** Plain text the company writes about itself for its public page (jobs area). */
    descripcion: text("descripcion").notNull().default(""),
    ...timestamps,
  },
  (table) => [index("empresas_nombre_trgm").using("gin", sql`f_unaccent(lower(${table.nombre})) gin_trgm_ops`)],
);

/** A company's branch (delegación): the company-conditions step requires one. */
export const delegaciones = pgTable(
  "delegaciones",
  {
    id: serial("id").primaryKey(),
    empresaId: integer("empresa_id")
      .notNull()
      .references(() => empresas.id, { onDelete: "cascade" }),
    nombre: text("nombre").notNull(),
    paisId: integer("pais_id").references(() => paises.id),
    estadoId: integer("estado_id").references(() => estados.id),
    poblacion: text("poblacion"),
    direccion: text("direccion"),
    codigoPostal: varchar("codigo_postal", { length: 16 }),
    telefono: varchar("telefono", { length: 40 }),
    ...timestamps,
  },
  (table) => [index("delegaciones_empresa_idx").on(table.empresaId)],
);

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    /** Stored lower-cased; unique. */
    email: varchar("email", { length: 254 }).notNull(),
    /** argon2id; null for accounts created with Google only. */
    passwordHash: text("password_hash"),
    /** Google's stable subject id ("sub"); users are keyed by it, not by e-mail. */
    googleSub: varchar("google_sub", { length: 255 }).unique(),
    registerType: varchar("register_type", { length: 16 }).$type<RegisterType>().notNull(),
    nombre: text("nombre"),
    apellidos: text("apellidos"),
    avatar: text("avatar"),
    paisId: integer("pais_id")
      .notNull()
      .default(DEFAULT_COUNTRY_ID)
      .references(() => paises.id),
    estadoId: integer("estado_id").references(() => estados.id),
    cargoId: integer("cargo_id").references(() => cargos.id),
    /** Free-text job title when the person's is not in the list. */
    cargoTexto: text("cargo_texto"),
    empresaId: integer("empresa_id").references(() => empresas.id, { onDelete: "set null" }),
    delegacionId: integer("delegacion_id").references(() => delegaciones.id, { onDelete: "set null" }),
    /** The company named in a web/academia/candidato profile when it is not a registered company. */
    empresaNombre: text("empresa_nombre"),
    /** The office or branch named in a web/academia/candidato profile (free text). */
    delegacionTexto: text("delegacion_texto"),
    empresaTipoId: integer("empresa_tipo_id").references(() => empresaTipos.id),
    desempleado: boolean("desempleado").notNull().default(false),
    autoempleo: boolean("autoempleo").notNull().default(false),
    nacimiento: date("nacimiento"),
    telefono: varchar("telefono", { length: 40 }),
    publicidad: boolean("publicidad").notNull().default(false),
    profesionalSanitario: boolean("profesional_sanitario").notNull().default(false),
    /** When the user last declared being a healthcare professional (null while not declared). */
    profesionalSanitarioAt: timestamp("profesional_sanitario_at", { withTimezone: true }),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    profileCompletedAt: timestamp("profile_completed_at", { withTimezone: true }),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    /** Set by an admin in the back office: no login, no session (ended when blocked) until cleared. */
    blockedAt: timestamp("blocked_at", { withTimezone: true }),
    /** Set when the account was deleted: the row stays as a tombstone without personal data (docs/privacy-rules.md). */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [uniqueIndex("users_email_unique").on(table.email), index("users_empresa_idx").on(table.empresaId)],
);

export const userRoles = pgTable(
  "user_roles",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: varchar("role", { length: 40 }).$type<Role>().notNull(),
    grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.role] })],
);

/** The provinces/states a sales representative covers (visita profile "zonas"). */
export const userZonas = pgTable(
  "user_zonas",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    estadoId: integer("estado_id")
      .notNull()
      .references(() => estados.id),
  },
  (table) => [primaryKey({ columns: [table.userId, table.estadoId] })],
);

/**
 * Web sessions (httpOnly cookie) and API access tokens ("id|secret", Sanctum style). Only a
 * SHA-256 of the secret is stored; ending a session deletes its row.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 8 }).$type<"web" | "api">().notNull(),
    /**
     * The web session an API token was issued with at login: ending that login (logout, revoking
     * it from /app/cuenta) ends both.
     */
    parentId: integer("parent_id").references((): AnyPgColumn => sessions.id, { onDelete: "cascade" }),
    tokenHash: varchar("token_hash", { length: 64 }).notNull().unique(),
    userAgent: text("user_agent"),
    ip: varchar("ip", { length: 64 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("sessions_user_idx").on(table.userId), oneOf("sessions_kind_check", table.kind, ["web", "api"])],
);

/** Single-use, expiring tokens (e-mail verification, password reset, cookie login); hashed. */
export const authTokens = pgTable(
  "auth_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** reset_grant: the short-lived credential a verified reset link is exchanged for (PUT /api/user only). */
    purpose: varchar("purpose", { length: 32 }).$type<"verify_email" | "reset_password" | "reset_grant" | "login_cookie">().notNull(),
    tokenHash: varchar("token_hash", { length: 64 }).notNull().unique(),
    /** Context to carry across the e-mail round trip (register_type, redirect_url). */
    data: text("data"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [index("auth_tokens_user_idx").on(table.userId, table.purpose)],
);

/**
 * First-party page views (sent by the browser only with analytics consent): no IP, no user id,
 * just what was seen and by which kind of user.
 */
export const pageViews = pgTable(
  "page_views",
  {
    id: serial("id").primaryKey(),
    path: varchar("path", { length: 512 }).notNull(),
    role: varchar("role", { length: 40 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("page_views_created_idx").on(table.createdAt)],
);

export const COMPANY_ROLES = ["admin", "member"] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

/**
 * Who belongs to which company, with what role (decision 0017). users.empresa_id points at the
 * same company; this table is the authority for every company-scoped permission. One company per
 * account.
 */
export const companyMembers = pgTable(
  "company_members",
  {
    empresaId: integer("empresa_id")
      .notNull()
      .references(() => empresas.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: varchar("role", { length: 16 }).$type<CompanyRole>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.empresaId, table.userId] }),
    uniqueIndex("company_members_user_unique").on(table.userId),
    check("company_members_role_check", sql`${table.role} IN ('admin', 'member')`),
  ],
);

export const JOIN_REQUEST_STATUSES = ["pending", "approved", "declined"] as const;
export type JoinRequestStatus = (typeof JOIN_REQUEST_STATUSES)[number];

/** A request to join an existing company; one of its administrators approves or declines it. */
export const companyJoinRequests = pgTable(
  "company_join_requests",
  {
    id: serial("id").primaryKey(),
    empresaId: integer("empresa_id")
      .notNull()
      .references(() => empresas.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: varchar("status", { length: 16 }).$type<JoinRequestStatus>().notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    uniqueIndex("company_join_requests_pending_unique").on(table.empresaId, table.userId).where(sql`${table.status} = 'pending'`),
    index("company_join_requests_user_idx").on(table.userId),
    oneOf("company_join_requests_status_check", table.status, JOIN_REQUEST_STATUSES),
  ],
);

/**
 * A user's request to be verified as a healthcare professional (issue 30). The proof file is kept
 * only until a moderator decides (data minimisation); the outcome, the reviewer and the date stay.
 * An approved row verifies its user until `validUntil`. The colegiado number is never public.
 */
export const professionalVerifications = pgTable(
  "professional_verifications",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    profession: varchar("profession", { length: 20 }).$type<Profession>().notNull(),
    collegiateNumber: varchar("collegiate_number", { length: 20 }).notNull(),
    /** The province of the colegio. */
    estadoId: integer("estado_id")
      .notNull()
      .references(() => estados.id),
    /** Storage key of the proof; null once decided (the file is deleted then). */
    proofKey: text("proof_key"),
    status: varchar("status", { length: 12 }).$type<ProVerificationStatus>().notNull().default("pendiente"),
    rejectionReason: varchar("rejection_reason", { length: 20 }).$type<RejectionReason>(),
    rejectionText: text("rejection_text"),
    reviewerId: integer("reviewer_id").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    validUntil: timestamp("valid_until", { withTimezone: true }),
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    oneOf("professional_verifications_status_check", table.status, PRO_VERIFICATION_STATUSES),
    index("professional_verifications_user_idx").on(table.userId, table.status, table.validUntil),
    // One open request per user at a time.
    uniqueIndex("professional_verifications_one_pending").on(table.userId).where(sql`${table.status} = 'pendiente'`),
  ],
);
