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
