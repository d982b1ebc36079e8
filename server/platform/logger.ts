import pino from "pino";

/**
 * JSON logs. Credentials never reach a log line: the redact list covers every place a secret
 * could travel (headers, cookies, bodies with passwords or tokens).
 */
export function createLogger(level: string) {
  return pino({
    level,
    base: undefined,
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
  });
}

export type Logger = pino.Logger;

/**
 * Verification, reset and unsubscribe links carry their secret in the path; logs keep the route
 * but not the secret. Secrets are base64url (32+ characters, with capitals or "_"); slugs are not.
 */
export function redactTokens(path: string): string {
  return path.replace(/\/([A-Za-z0-9_-]{32,})(?=\/|$)/g, (segment, value: string) => (/[A-Z_]/.test(value) ? "/[token]" : segment));
}
