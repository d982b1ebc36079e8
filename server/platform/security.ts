import type { MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { XSRF_COOKIE } from "#common/constants";
import { parseCookies } from "#common/cookies";
import type { AppEnv } from "#server/env";
import { CSRF_HEADER, csrfBindingOf, csrfMatches } from "./csrf";
import { AppError } from "./errors";
import { isAllowedOrigin } from "./origin";
import { hasSessionCookie } from "./session-cookie";

/**
 * Security headers on every response. Scripts run only with the per-request nonce (no
 * unsafe-inline); Mantine injects its CSS variables as inline <style>, so styles allow inline.
 * With Google sign-in configured, Google Identity Services' script, button frame and styles are
 * allowed too (and nothing else from outside).
 */
export function createSecurityHeaders(options: { googleSignIn: boolean }) {
  const google = options.googleSignIn ? ["https://accounts.google.com/gsi/"] : [];
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", NONCE, ...google],
      styleSrc: ["'self'", "'unsafe-inline'", ...google],
      imgSrc: ["'self'", "data:", "blob:", "https:"],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'", "ws:", "wss:", ...google],
      frameSrc: options.googleSignIn ? ["https://accounts.google.com/gsi/"] : ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
    },
    referrerPolicy: "strict-origin-when-cross-origin",
    xFrameOptions: "DENY",
    xContentTypeOptions: "nosniff",
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: "same-origin",
    // Google's sign-in pop-up talks back to the opener.
    crossOriginOpenerPolicy: options.googleSignIn ? "same-origin-allow-popups" : "same-origin",
    strictTransportSecurity: "max-age=31536000; includeSubDomains",
    // A header a route set on purpose stays: a served file's sandboxing CSP and its
    // Cross-Origin-Resource-Policy (server/platform/downloads.ts), an SVG's own CSP.
    overwrite: false,
  });
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery defence for writes.
 * - A request that carries cookies or comes from a browser (it sends Origin) must come from an
 *   allowed origin. One that carries the session cookie must say where it comes from (Origin or
 *   Referer): browsers always send one of them on a write, so its absence means a stripped or
 *   forged request (403).
 * - On /api, such a request must also echo the XSRF-TOKEN cookie in X-XSRF-TOKEN (Sanctum's model),
 *   a token issued to the same session (the session middleware runs before this one on /api).
 * - Bearer-token clients carry no ambient credential, so neither check applies to them.
 * Page actions under /app are protected by the origin check plus SameSite=Lax cookies.
 */
export const csrfProtection: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  const authorization = c.req.header("authorization");
  if (authorization?.toLowerCase().startsWith("bearer ")) return next();

  const origin = c.req.header("origin") ?? refererOrigin(c.req.header("referer"));
  const cookies = c.req.header("cookie");
  if (!origin && hasSessionCookie(cookies)) {
    throw new AppError("FORBIDDEN", "Petición rechazada: una petición con tu sesión debe indicar su origen (cabecera Origin o Referer).");
  }
  if (!origin && !cookies) return next(); // a non-browser client with no ambient credential

  const { config } = c.get("app");
  if (origin && !isAllowedOrigin(origin, c.req.raw, config.appUrl)) {
    throw new AppError("CSRF", "Origen de la petición no permitido.");
  }
  if (c.req.path.startsWith("/api/")) {
    const secret = c.get("app").secret;
    if (!csrfMatches(secret, parseCookies(cookies)[XSRF_COOKIE], c.req.header(CSRF_HEADER), csrfBindingOf(c.get("user")))) {
      throw new AppError("CSRF");
    }
  }
  return next();
};

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}
