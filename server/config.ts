import path from "node:path";
import { z } from "zod";

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
  SMTP_URL: urlFromEnv(["smtp", "smtps"]).optional(),
  BRAND_NAME: z.string().trim().min(1).max(60).default("Farmanexo"),
  TRUST_PROXY: booleanFromEnv.default(false),
  SEED_DEMO: booleanFromEnv.optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  APP_SECRET: z.string().min(32, { error: "debe tener al menos 32 caracteres" }).optional(),
});

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  brandName: string;
  trustProxy: boolean;
  seedDemo: boolean;
  logLevel: z.infer<typeof rawConfigSchema>["LOG_LEVEL"];
  /** Signs short-lived values (CSRF tokens, signed redirects). Generated per data dir when unset. */
  appSecret: string | undefined;
};

export class ConfigError extends Error {}

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
  return {
    env: raw.NODE_ENV,
    port: raw.PORT,
    host: raw.HOST,
    appUrl: (raw.APP_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, ""),
    dataDir: path.resolve(raw.DATA_DIR),
    databaseUrl: raw.DATABASE_URL,
    smtpUrl: raw.SMTP_URL,
    brandName: raw.BRAND_NAME,
    trustProxy: raw.TRUST_PROXY,
    seedDemo: raw.SEED_DEMO ?? raw.NODE_ENV !== "production",
    logLevel: raw.LOG_LEVEL,
    appSecret: raw.APP_SECRET,
  };
}
