import { createHmac, timingSafeEqual } from "node:crypto";
import type { AppContext } from "#server/context";
import { AppError } from "#server/platform/errors";
import { consumeAuthToken, issueAuthToken } from "./auth-tokens";

/**
 * POST /api/login/cookie: a hash handed to the browser by a trusted page (the academy, the previous
 * site) that it exchanges for a session. Format "<tokenId>.<secret>.<sig>": sig is an HMAC with the
 * app secret (so forged values are refused without a query), the token row makes it single-use and
 * expire after 2 minutes.
 */
const sign = (secret: string, value: string) => createHmac("sha256", secret).update(`login-cookie:${value}`).digest("base64url");

export async function createLoginCookieHash(ctx: Pick<AppContext, "db" | "secret">, userId: number): Promise<string> {
  const token = await issueAuthToken(ctx.db, { userId, purpose: "login_cookie" });
  const value = `${token.id}.${token.secret}`;
  return `${value}.${sign(ctx.secret, value)}`;
}

const refused = () =>
  new AppError("UNAUTHENTICATED", "El enlace de acceso no es válido o ha caducado. Inicia sesión de nuevo.", {
    reason: "LOGIN_HASH_INVALID",
  });

/** Returns the user id of a valid, unused hash; 401 otherwise. */
export async function exchangeLoginCookieHash(ctx: Pick<AppContext, "db" | "secret">, hash: string): Promise<number> {
  const [id, secret, signature, extra] = hash.split(".");
  if (!id || !secret || !signature || extra !== undefined || !/^\d{1,12}$/.test(id)) throw refused();
  const expected = Buffer.from(sign(ctx.secret, `${id}.${secret}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw refused();
  const consumed = await consumeAuthToken(ctx.db, "login_cookie", secret, Number(id));
  if (consumed.status !== "ok") throw refused();
  return consumed.token.userId;
}
