import path from "node:path";
import { z } from "zod";
import type { S3Settings } from "./platform/storage-s3";

const booleanFromEnv = z
  .enum(["true", "false", "1", "0", "yes", "no"], {
    error: "debe ser true o false",
  })
  .transform((value) => value === "true" || value === "1" || value === "yes");

const urlFromEnv = (protocols: string[]) =>
  z.url({ error: "no es una URL válida" }).refine((value) => protocols.some((protocol) => value.startsWith(`${protocol}:`)), {
    error: `debe empezar por ${protocols.map((p) => `${p}://`).join(" o ")}`,
  });

const rawConfigSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce
    .number({ error: "debe ser un número" })
    .int()
    .min(0, { error: "debe estar entre 0 y 65535" })
    .max(65535, { error: "debe estar entre 0 y 65535" })
    .default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  APP_URL: urlFromEnv(["http", "https"]).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: urlFromEnv(["postgres", "postgresql"]).optional(),
  /** Connections each instance keeps to PostgreSQL (mind the server's max_connections across instances). */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  SMTP_URL: urlFromEnv(["smtp", "smtps"]).optional(),
  BRAND_NAME: z.string().trim().min(1).max(60).default("Farmanexo"),
  TRUST_PROXY: booleanFromEnv.default(false),
  SEED_DEMO: booleanFromEnv.optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  APP_SECRET: z.string().min(32, { error: "debe tener al menos 32 caracteres" }).optional(),
  /** Web push (VAPID, RFC 8292): both keys URL-safe base64; generated once per database when unset. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, { error: "debe ser una clave pública P-256 en base64url" })
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, { error: "debe ser una clave privada P-256 en base64url" })
    .optional(),
  /** Origins accepted as push endpoints besides the browsers' push services (http allowed): tests only. */
  PUSH_EXTRA_ORIGINS: z.string().default(""),
  /** Extra origins allowed as redirect_url targets, comma-separated. */
  REDIRECT_ALLOWED_ORIGINS: z.string().default(""),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CERTS_URL: urlFromEnv(["http", "https"]).default("https://www.googleapis.com/oauth2/v3/certs"),
  ACADEMIA_URL: urlFromEnv(["http", "https"]).optional(),
  ACADEMIA_SECRET: z.string().min(32, { error: "debe tener al menos 32 caracteres" }).optional(),
  USER_AREA_URL: urlFromEnv(["http", "https"]).optional(),
  EMPLOYMENT_AREA_URL: urlFromEnv(["http", "https"]).optional(),
  LEGACY_PERFIL_USER_URL: urlFromEnv(["http", "https"]).optional(),
  LEGACY_CANAL_FARMACIAS_URL: urlFromEnv(["http", "https"]).optional(),
  LEGACY_PERFIL_USER_EMPLEO_URL: urlFromEnv(["http", "https"]).optional(),
  LEGACY_PANEL_EMPLEO_URL: urlFromEnv(["http", "https"]).optional(),
  LEGACY_PF3_URL: urlFromEnv(["http", "https"]).optional(),
  MAX_UPLOAD_MB: z.coerce.number().positive().max(50).default(5),
  PAGE_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().min(0).max(60).default(0),
  /** Longest the server renders its key pages before it listens (decision 0129); 0 turns it off. */
  WARM_UP_SECONDS: z.coerce.number().min(0).max(60).default(3),
  /** How often the visita figures counted in memory are written (decision 0097); tests shorten it. */
  VISITA_FIGURES_FLUSH_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** Test only: host:port pairs the link preview may fetch although they are on loopback. */
  LINK_PREVIEW_TEST_ALLOW: z.string().default(""),
  FEEDBACK_EMAIL: z.email({ error: "no es un e-mail válido" }).optional(),
  /** The operator's data of the aviso legal and the privacy policy (LSSI-CE art. 10, RGPD art. 13). */
  LEGAL_OWNER: z.string().trim().min(1).max(200).optional(),
  LEGAL_TAX_ID: z.string().trim().min(1).max(40).optional(),
  LEGAL_ADDRESS: z.string().trim().min(1).max(300).optional(),
  LEGAL_REGISTRY: z.string().trim().min(1).max(300).optional(),
  LEGAL_EMAIL: z.email({ error: "no es un e-mail válido" }).optional(),
  LEGAL_DPO_EMAIL: z.email({ error: "no es un e-mail válido" }).optional(),
  /** Object storage for uploads (S3-compatible); unset keeps them in DATA_DIR/uploads. */
  S3_URL: urlFromEnv(["http", "https"]).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: "no es un nombre de bucket válido" })
    .optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(true),
  S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9._-]+\/)*$/, { error: "debe ser vacío o terminar en / (p. ej. farmanexo/)" })
    .default(""),
  /** The AEMPS CIMA REST API the catalogue sync reads (issue 29); tests point it at a fake. */
  CIMA_URL: urlFromEnv(["http", "https"]).default("https://cima.aemps.es/cima/rest"),
  CIMA_CONCURRENCY: z.coerce.number({ error: "debe ser un número" }).int().min(1).max(8).default(2),
  CIMA_DELAY_MS: z.coerce.number({ error: "debe ser un número" }).int().min(0).max(60_000).default(250),
  CIMA_TIMEOUT_MS: z.coerce.number({ error: "debe ser un número" }).int().min(100).max(300_000).default(30_000),
  CIMA_RETRIES: z.coerce.number({ error: "debe ser un número" }).int().min(0).max(10).default(3),
  CATALOGUE_SYNC: z.enum(["off", "daily"], { error: "debe ser off o daily" }).default("off"),
  /** Prometheus metrics on their own listener (same HOST); unset: no such listener. */
  METRICS_PORT: z.coerce
    .number({ error: "debe ser un número" })
    .int()
    .min(1, { error: "debe estar entre 1 y 65535" })
    .max(65535, { error: "debe estar entre 1 y 65535" })
    .optional(),
  /** Bearer token for GET /metrics (on the app's port when METRICS_PORT is unset, else on that listener). */
  METRICS_TOKEN: z.string().min(32, { error: "debe tener al menos 32 caracteres" }).optional(),
  /** OTLP/HTTP collector (e.g. http://otel-collector:4318); unset: no tracing code is even loaded. */
  OTEL_EXPORTER_OTLP_ENDPOINT: urlFromEnv(["http", "https"]).optional(),
  OTEL_SERVICE_NAME: z.string().trim().min(1).max(100).default("farmanexo"),
});

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  smtpUrl: string | undefined;
  brandName: string;
  trustProxy: boolean;
  seedDemo: boolean;
  logLevel: z.infer<typeof rawConfigSchema>["LOG_LEVEL"];
  /** Signs short-lived values (CSRF tokens, signed redirects). Generated once per database when unset. */
  appSecret: string | undefined;
  /** VAPID key pair from the environment (both or neither); unset: generated and kept in the database. */
  vapid: { publicKey: string; privateKey: string } | undefined;
  /** Push endpoints accepted besides the browsers' push services (tests' fake push service). */
  pushExtraOrigins: string[];
  /** Origins (besides APP_URL's) that redirect_url may point to. */
  redirectAllowedOrigins: string[];
  /** Google sign-in: accepted ID tokens must have this audience; unset disables Google sign-in. */
  googleClientId: string | undefined;
  /** Where Google's signing keys (JWKS) are fetched; tests point it at their own. */
  googleCertsUrl: string;
  /** The e-learning academy, reached through a signed, short-lived redirect. */
  academiaUrl: string | undefined;
  academiaSecret: string | undefined;
  /** After-login destinations (product-spec §2) and legacy pages, as absolute URLs or app paths. */
  destinations: {
    userArea: string;
    employmentArea: string;
    legacyPerfilUser: string;
    legacyCanalFarmacias: string;
    legacyPerfilUserEmpleo: string;
    legacyPanelEmpleo: string;
    legacyPf3: string;
  };
  maxUploadBytes: number;
  /** Memory for rendered public pages (server/platform/page-cache); 0 turns the cache off. */
  pageCacheBytes: number;
  /** After SIGTERM, how long /readyz answers 503 while the server still accepts (load balancers notice). */
  shutdownDelayMs: number;
  /** Longest the warm-up renders before the listener opens (ms); 0: none. */
  warmUpMs: number;
  /** How often the visita figures counted in memory are written. */
  visitaFiguresFlushMs: number;
  /** host:port pairs the link preview may reach on a private address (NODE_ENV=test only). */
  linkPreviewTestAllow: string[];
  /** Where "Danos tu opinión" messages are forwarded; unset keeps them in the back office only. */
  feedbackEmail: string | undefined;
  /** Uploads in an S3-compatible bucket; undefined keeps them in DATA_DIR/uploads. */
  s3: S3Settings | undefined;
  /** The operator named by the legal texts; unset values show as "[Por configurar: VARIABLE]". */
  legal: { owner: string; taxId: string; address: string; registry: string; email: string; dpoEmail: string };
  /** The register sync: where CIMA is, how politely it is read, and whether it runs daily. */
  catalogue: { cimaUrl: string; concurrency: number; delayMs: number; timeoutMs: number; retries: number; schedule: "off" | "daily" };
  /**
   * Prometheus metrics (decision 0099): never public. `port` opens a listener of their own; `token`
   * requires "Authorization: Bearer <token>" (on that listener, or on GET /metrics of the app's port).
   * Neither: metrics are off and prom-client is not loaded.
   */
  metrics: { port: number | undefined; token: string | undefined };
  /** OpenTelemetry traces over OTLP/HTTP (decision 0100); undefined: off, nothing loaded. */
  otel: { endpoint: string; serviceName: string } | undefined;
};

const toConfigure = (variable: string) => `[Por configurar: ${variable}]`;

export class ConfigError extends Error {}

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);

/**
 * A server that listens on loopback and calls itself by a loopback address: the end-to-end stack
 * (production build, NODE_ENV=production) and benches, never a deployed site (those listen on every
 * interface, or sit behind a proxy under a public APP_URL). Test-only settings are allowed there.
 */
function onlyReachableFromThisMachine(host: string, appUrl: string | undefined): boolean {
  return LOOPBACK_HOSTS.has(host) && appUrl !== undefined && LOOPBACK_HOSTS.has(new URL(appUrl).hostname);
}

/** Reads and validates the environment; throws ConfigError with one line per bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = rawConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join(".")}: ${issue.message} (valor recibido: ${JSON.stringify(env[String(issue.path[0])])})`,
    );
    throw new ConfigError(`Configuración no válida:\n${lines.join("\n")}`);
  }
  const raw = parsed.data;
  if (raw.LINK_PREVIEW_TEST_ALLOW && raw.NODE_ENV !== "test" && !onlyReachableFromThisMachine(raw.HOST, raw.APP_URL)) {
    throw new ConfigError(
      "LINK_PREVIEW_TEST_ALLOW solo se admite con NODE_ENV=test o en un servidor de pruebas solo accesible desde esta máquina (HOST y APP_URL en loopback): en producción la vista previa nunca accede a direcciones privadas.",
    );
  }
  if (raw.S3_URL && !raw.S3_BUCKET) throw new ConfigError("Configuración no válida:\n  S3_BUCKET: es obligatorio con S3_URL");
  if (Boolean(raw.S3_ACCESS_KEY_ID) !== Boolean(raw.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError("Configuración no válida:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: se indican los dos o ninguno");
  }
  return {
    env: raw.NODE_ENV,
    port: raw.PORT,
    host: raw.HOST,
    appUrl: (raw.APP_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, ""),
    dataDir: path.resolve(raw.DATA_DIR),
    databaseUrl: raw.DATABASE_URL,
    databasePoolMax: raw.DATABASE_POOL_MAX,
    smtpUrl: raw.SMTP_URL,
    brandName: raw.BRAND_NAME,
    trustProxy: raw.TRUST_PROXY,
    seedDemo: raw.SEED_DEMO ?? raw.NODE_ENV !== "production",
    logLevel: raw.LOG_LEVEL,
    appSecret: raw.APP_SECRET,
    vapid:
      raw.VAPID_PUBLIC_KEY && raw.VAPID_PRIVATE_KEY ? { publicKey: raw.VAPID_PUBLIC_KEY, privateKey: raw.VAPID_PRIVATE_KEY } : undefined,
    pushExtraOrigins: raw.PUSH_EXTRA_ORIGINS.split(",")
      .map((origin) => origin.trim())
      .filter(Boolean)
      .map((origin) => new URL(origin).origin),
    redirectAllowedOrigins: raw.REDIRECT_ALLOWED_ORIGINS.split(",")
      .map((origin) => origin.trim())
      .filter(Boolean)
      .map((origin) => new URL(origin).origin),
    googleClientId: raw.GOOGLE_CLIENT_ID,
    googleCertsUrl: raw.GOOGLE_CERTS_URL,
    academiaUrl: raw.ACADEMIA_URL,
    academiaSecret: raw.ACADEMIA_SECRET,
    // Until the previous site's pages are configured, each destination is this app's equivalent.
    destinations: {
      userArea: raw.USER_AREA_URL ?? "/app/cuenta",
      employmentArea: raw.EMPLOYMENT_AREA_URL ?? "/app/empleo/panel",
      legacyPerfilUser: raw.LEGACY_PERFIL_USER_URL ?? "/app/cuenta",
      legacyCanalFarmacias: raw.LEGACY_CANAL_FARMACIAS_URL ?? "/app/noticias",
      legacyPerfilUserEmpleo: raw.LEGACY_PERFIL_USER_EMPLEO_URL ?? "/app/cuenta",
      legacyPanelEmpleo: raw.LEGACY_PANEL_EMPLEO_URL ?? "/app/empleo/panel",
      legacyPf3: raw.LEGACY_PF3_URL ?? "/app/auth/crear-cuenta/candidato",
    },
    maxUploadBytes: Math.round(raw.MAX_UPLOAD_MB * 1024 * 1024),
    pageCacheBytes: Math.round(raw.PAGE_CACHE_MB * 1024 * 1024),
    shutdownDelayMs: Math.round(raw.SHUTDOWN_DELAY_SECONDS * 1000),
    warmUpMs: Math.round(raw.WARM_UP_SECONDS * 1000),
    visitaFiguresFlushMs: raw.VISITA_FIGURES_FLUSH_MS,
    linkPreviewTestAllow: raw.LINK_PREVIEW_TEST_ALLOW.split(",")
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
    feedbackEmail: raw.FEEDBACK_EMAIL,
    legal: {
      owner: raw.LEGAL_OWNER ?? toConfigure("LEGAL_OWNER"),
      taxId: raw.LEGAL_TAX_ID ?? toConfigure("LEGAL_TAX_ID"),
      address: raw.LEGAL_ADDRESS ?? toConfigure("LEGAL_ADDRESS"),
      registry: raw.LEGAL_REGISTRY ?? toConfigure("LEGAL_REGISTRY"),
      email: raw.LEGAL_EMAIL ?? toConfigure("LEGAL_EMAIL"),
      dpoEmail: raw.LEGAL_DPO_EMAIL ?? raw.LEGAL_EMAIL ?? toConfigure("LEGAL_DPO_EMAIL"),
    },
    s3:
      raw.S3_URL && raw.S3_BUCKET
        ? {
            url: raw.S3_URL,
            bucket: raw.S3_BUCKET,
            region: raw.S3_REGION,
            accessKeyId: raw.S3_ACCESS_KEY_ID,
            secretAccessKey: raw.S3_SECRET_ACCESS_KEY,
            forcePathStyle: raw.S3_FORCE_PATH_STYLE,
            prefix: raw.S3_PREFIX,
          }
        : undefined,
    catalogue: {
      cimaUrl: raw.CIMA_URL,
      concurrency: raw.CIMA_CONCURRENCY,
      delayMs: raw.CIMA_DELAY_MS,
      timeoutMs: raw.CIMA_TIMEOUT_MS,
      retries: raw.CIMA_RETRIES,
      schedule: raw.CATALOGUE_SYNC,
    },
    metrics: { port: raw.METRICS_PORT, token: raw.METRICS_TOKEN },
    otel: raw.OTEL_EXPORTER_OTLP_ENDPOINT
      ? { endpoint: raw.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, ""), serviceName: raw.OTEL_SERVICE_NAME }
      : undefined,
  };
}
