import pino from "pino";
import { loggableError } from "./db-errors";

/**
 * JSON logs. Credentials never reach a log line: the redact list covers every place a secret
 * could travel (headers, cookies, bodies with passwords or tokens). Personal data neither: every
 * error logged under `err` or `error` goes through loggableError, which drops the parameters of
 * failed queries (names, e-mails) and keeps the SQL text, the SQLSTATE and the stack.
 */
export function createLogger(level: string, destination?: pino.DestinationStream, mixin?: () => object) {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    // With tracing on, each line carries the active trace's ids (trace_id, span_id).
    ...(mixin ? { mixin } : {}),
    serializers: { err: loggableError, error: loggableError },
    redact: {
      paths: [
        "req.headers.authorization",
        "req.headers.cookie",
        'req.headers["x-xsrf-token"]',
        "*.password",
        "*.password_confirmation",
        "*.token",
        "*.access_token",
        "*.secret",
      ],
      censor: "[oculto]",
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

export type Logger = pino.Logger;

/**
 * Verification, reset and unsubscribe links carry their secret in the path; logs keep the route
 * but not the secret. Secrets are base64url (32+ characters, with capitals or "_"); slugs are not.
 */
export function redactTokens(path: string): string {
  return path.replace(/\/([A-Za-z0-9_-]{32,})(?=\/|$)/g, (segment, value: string) => (/[A-Z_]/.test(value) ? "/[token]" : segment));
}
