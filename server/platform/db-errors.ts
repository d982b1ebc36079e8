import { AppError } from "./errors";

/**
 * Database errors that say something about the request or the server's state, not about a bug,
 * become the application's errors (issue #8, items 3 and 10). Both drivers (pg and PGlite) report
 * the SQLSTATE in `code`; Drizzle wraps them in `cause`.
 */

const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "57P01",
  "57P02",
  "57P03",
]);
const CONNECTION_MESSAGES =
  /Connection terminated|connection timeout|Client has encountered a connection error|terminating connection|the database system is (starting up|shutting down)|Cannot use a pool after calling end|PGlite is closed/i;

function errorChain(error: unknown): Array<{ code?: unknown; message?: unknown }> {
  const chain: Array<{ code?: unknown; message?: unknown }> = [];
  let current: unknown = error;
  for (let depth = 0; current && typeof current === "object" && depth < 5; depth++) {
    chain.push(current as { code?: unknown; message?: unknown });
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

/** The SQLSTATE (or socket error code) of a database error, looking through wrappers. */
export function databaseErrorCode(error: unknown): string | undefined {
  for (const link of errorChain(error)) if (typeof link.code === "string") return link.code;
  return undefined;
}

/**
 * node-postgres's pool gave up waiting for a free connection (connectionTimeoutMillis): every
 * connection is busy, which under load means the process is saturated (issue #10: 100 connections
 * on uncached pages). Overload, not a bug: 503 with a short Retry-After rather than a 500.
 */
const POOL_EXHAUSTED = /timeout exceeded when trying to connect/i;
const isPoolExhausted = (error: unknown) =>
  errorChain(error).some((link) => typeof link.message === "string" && POOL_EXHAUSTED.test(link.message));

/** The database cannot answer now (down, restarting, or every pooled connection busy). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (isPoolExhausted(error)) return true;
  return errorChain(error).some(
    (link) =>
      (typeof link.code === "string" && (CONNECTION_CODES.has(link.code) || link.code.startsWith("08"))) ||
      (typeof link.message === "string" && CONNECTION_MESSAGES.test(link.message)),
  );
}

export const RETRY_AFTER_SECONDS = 5;

/** An AppError for a database error a client or an outage caused, or undefined for a real bug. */
export function appErrorFromDatabase(error: unknown): AppError | undefined {
  const busy = () =>
    new AppError("UNAVAILABLE", "Hay mucha actividad en este momento. Inténtalo de nuevo.", { retryAfter: 1, cause: error });
  if (isPoolExhausted(error)) return busy();
  if (isDatabaseUnavailable(error)) {
    return new AppError("UNAVAILABLE", "El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.", {
      retryAfter: RETRY_AFTER_SECONDS,
      cause: error,
    });
  }
  const code = databaseErrorCode(error);
  if (!code || !/^[0-9A-Z]{5}$/.test(code)) return undefined;
  // Class 22 (data exception: out-of-range integers, bad encodings, malformed values) and
  // foreign-key or check violations come from values a client sent.
  if (code.startsWith("22") || code === "23503" || code === "23514" || code === "23502") {
    return new AppError("VALIDATION", "Los datos enviados no son válidos.", { cause: error });
  }
  if (code === "23505") return new AppError("CONFLICT", undefined, { cause: error });
  if (code === "40001" || code === "40P01") return busy();
  return undefined;
}

/** What may be logged of an error: no query parameters (they carry names and e-mails). */
export function loggableError(error: unknown): Record<string, unknown> {
  const chain = errorChain(error);
  const root = chain[chain.length - 1] as { message?: unknown; code?: unknown; name?: unknown; stack?: unknown };
  const top = chain[0] as { query?: unknown; name?: unknown; stack?: unknown };
  const entry: Record<string, unknown> = {
    type: typeof top?.name === "string" ? top.name : "Error",
    message: typeof root?.message === "string" ? root.message.replace(/\nparams: [\s\S]*$/, "") : String(error),
  };
  if (typeof root?.code === "string") entry.code = root.code;
  if (typeof top?.query === "string") entry.query = top.query;
  if (typeof top?.stack === "string") entry.stack = top.stack.replace(/\nparams: [^\n]*/g, "");
  return entry;
}

/**
 * Logs a failed background pass (mail worker, schedulers): a database outage is a warning (the
 * pass runs again and /readyz reports the outage), anything else an error.
 */
export function logBackgroundFailure(
  logger: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void },
  error: unknown,
  msg: string,
): void {
  if (isDatabaseUnavailable(error)) logger.warn({ err: error }, msg);
  else logger.error({ err: error }, msg);
}
