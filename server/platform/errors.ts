import { HTTPException } from "hono/http-exception";

/**
 * One application error type. Services throw it; a single mapper (toErrorResponse) turns it
 * into an HTTP status and a Spanish message, so no stack trace ever reaches a client.
 */
export type AppErrorCode =
  | "BAD_REQUEST"
  | "VALIDATION"
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "METHOD_NOT_ALLOWED"
  | "GONE"
  | "CONFLICT"
  | "CSRF"
  | "PAYLOAD_TOO_LARGE"
  | "UNSUPPORTED_MEDIA"
  | "THROTTLED"
  | "UNAVAILABLE"
  | "INTERNAL";

const STATUS: Record<AppErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION: 422,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  GONE: 410,
  CONFLICT: 409,
  CSRF: 419,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  THROTTLED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

const DEFAULT_MESSAGE: Record<AppErrorCode, string> = {
  BAD_REQUEST: "La petición no es válida.",
  VALIDATION: "Los datos enviados no son válidos.",
  UNAUTHENTICATED: "Debes iniciar sesión para continuar.",
  FORBIDDEN: "No tienes permiso para realizar esta acción.",
  NOT_FOUND: "No hemos encontrado lo que buscas.",
  METHOD_NOT_ALLOWED: "Esta dirección de la API no admite ese método.",
  GONE: "El enlace ha caducado.",
  CONFLICT: "La operación entra en conflicto con el estado actual.",
  CSRF: "La sesión de la página ha caducado. Recarga la página e inténtalo de nuevo.",
  PAYLOAD_TOO_LARGE: "El contenido enviado es demasiado grande.",
  UNSUPPORTED_MEDIA: "El tipo de contenido no es válido.",
  THROTTLED: "Demasiados intentos. Espera un momento e inténtalo de nuevo.",
  UNAVAILABLE: "El servicio no está disponible en este momento. Inténtalo de nuevo más tarde.",
  INTERNAL: "Ups, algo ha ido mal. Inténtalo de nuevo más tarde.",
};

export type FieldErrors = Record<string, string[]>;

type AppErrorOptions = {
  fieldErrors?: FieldErrors;
  retryAfter?: number;
  reason?: string;
  details?: Record<string, unknown>;
  cause?: unknown;
};

/**
 * The compiled server (build/server/main.js) and the page bundle (build/server/index.js) each carry
 * their own copy of this class, so a service error thrown from one and caught in the other fails a
 * plain `instanceof`. A global brand makes `instanceof AppError` hold across both copies.
 */
const APP_ERROR_BRAND = Symbol.for("farmanexo.AppError");

export class AppError extends Error {
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[APP_ERROR_BRAND] === true;
  }

  readonly [APP_ERROR_BRAND] = true;
  readonly code: AppErrorCode;
  readonly status: number;
  readonly fieldErrors: FieldErrors | undefined;
  /** Seconds a throttled client should wait. */
  readonly retryAfter: number | undefined;
  /** A more specific code a client acts on (TOKEN_EXPIRED, EMAIL_NOT_VERIFIED…), sent as `code` instead of the generic one. */
  readonly reason: string | undefined;
  /** Extra fields of the JSON body a client needs (e.g. user_id to resend a verification e-mail). */
  readonly details: Record<string, unknown> | undefined;

  constructor(code: AppErrorCode, message?: string, options: AppErrorOptions = {}) {
    super(message ?? DEFAULT_MESSAGE[code], { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.status = STATUS[code];
    this.fieldErrors = options.fieldErrors;
    this.retryAfter = options.retryAfter;
    this.reason = options.reason;
    this.details = options.details;
  }
}

/**
 * Whether a value is an AppError. The page build (Vite) and the server bundle (esbuild) each carry
 * their own copy of this module, so an error thrown by a loader's service is not `instanceof` the
 * server's class: recognise it by its name and code instead.
 */
export function isAppError(value: unknown): value is AppError {
  return (
    value instanceof Error &&
    value.name === "AppError" &&
    typeof (value as AppError).code === "string" &&
    (value as AppError).code in STATUS
  );
}

export const validationError = (fieldErrors: FieldErrors, message?: string) => new AppError("VALIDATION", message, { fieldErrors });

export type ErrorBody = { message: string; code: string; errors?: FieldErrors; [detail: string]: unknown };

/**
 * Maps any thrown value to a status and a client-safe JSON body. Hono's own 4xx (malformed bodies,
 * limits) keep their status with a Spanish message; database errors a client or an outage caused
 * become 4xx or 503 (db-errors.ts); anything else is a 500.
 */
export function toErrorResponse(error: unknown): { status: number; body: ErrorBody; retryAfter?: number } {
  if (error instanceof HTTPException && error.status < 500) {
    const code: AppErrorCode = error.status === 413 ? "PAYLOAD_TOO_LARGE" : error.status === 415 ? "UNSUPPORTED_MEDIA" : "BAD_REQUEST";
    const message = /json/i.test(error.message) ? "El cuerpo de la petición no es JSON válido." : DEFAULT_MESSAGE[code];
    return { status: error.status, body: { message, code } };
  }
  if (error instanceof AppError) {
    const body: ErrorBody = { ...error.details, message: error.message, code: error.reason ?? error.code };
    if (error.fieldErrors) body.errors = error.fieldErrors;
    return { status: error.status, body, retryAfter: error.retryAfter };
  }
  return { status: 500, body: { message: DEFAULT_MESSAGE.INTERNAL, code: "INTERNAL" } };
}
