import type { Context, Handler } from "hono";
import { CONSENT_COOKIE } from "#common/constants";
import { parseCookies } from "#common/cookies";
import { parseCookieChoice } from "#common/legal/consent-cookie";
import type { AppContext } from "#server/context";
import type { AppEnv } from "#server/env";
import { isBot } from "./bots";
import { AppError } from "./errors";
import { isAllowedOrigin } from "./origin";
import { RATE_LIMITS, type RateLimitName } from "./rate-limit";

// The figures beacon (issues 28 and 32, decision 0125): what a public page posts once it shows, so
// that a view is counted (aggregates only). One module for every area's beacon: the area gives the
// validation of its object and what to add to its count buffer; this module answers before the
// session, CSRF and API middleware (app.ts mounts it first), refuses bots and scripts over the
// visitor's limit in memory, and does no database work for an anonymous visitor: the area's buffer
// checks the ids when it is written (one statement per flush, not one per beacon). Without CSRF the
// beacon can change nothing but an aggregate counter, which is all it ever does.

/** Who sent the beacon, as far as the figures may know. */
export type BeaconVisitor = {
  /** The signed-in user's id (to leave out their own objects), or null. Never written anywhere. */
  userId: number | null;
  /** Analytics cookies accepted and no Global Privacy Control signal: the user's declared province may be attached. */
  mayUseProvince: boolean;
};

export type FiguresBeacon<I> = {
  /** The route's path, as Hono writes it (":id" for a path parameter). */
  path: string;
  /** The named limit (rate-limit.ts) whose numbers the in-memory per-visitor limit takes. */
  limit: RateLimitName;
  /** The answer whether the beacon counted or not (the public contract of each area's beacon). */
  status: 202 | 204;
  /** Validates the object the beacon names (its JSON body, its path's parameters); throws the area's 4xx AppError for a malformed one. */
  read: (request: { body: unknown; param: (name: string) => string | undefined }) => I;
  /** Adds it to the area's count buffer; false when it was not counted (the buffer's answer). */
  count: (ctx: AppContext, visitor: BeaconVisitor, input: I) => boolean;
};

/** The largest beacon body read: a few ids. */
export const BEACON_MAX_BYTES = 2_048;

/** Subjects the in-memory limit remembers per instance; past that, new visitors are not counted until a sweep frees room. */
const MAX_SUBJECTS = 100_000;

type Bucket = { tokens: number; at: number };
type Limiter = { buckets: Map<string, Bucket>; sweptAt: number };
const limiters = new WeakMap<object, Map<RateLimitName, Limiter>>();

/**
 * A token bucket per visitor (the user, else the client's address) with the named limit's numbers:
 * `limit` beacons at once, refilled at `limit` per window. Per instance, so N instances allow a
 * visitor at most N times the limit: the figures are lossy and approximate by design (decision 0097).
 */
export function takeBeaconToken(ctx: object, name: RateLimitName, subject: string, now = Date.now()): boolean {
  const { limit, windowSeconds } = RATE_LIMITS[name];
  const perMs = limit / (windowSeconds * 1000);
  let byName = limiters.get(ctx);
  if (!byName) {
    byName = new Map();
    limiters.set(ctx, byName);
  }
  let limiter = byName.get(name);
  if (!limiter) {
    limiter = { buckets: new Map(), sweptAt: now };
    byName.set(name, limiter);
  }
  const { buckets } = limiter;
  let bucket = buckets.get(subject);
  if (!bucket) {
    if (buckets.size >= MAX_SUBJECTS) {
      // A bucket full again is the same as none: forget those (at most once a second under a flood).
      if (now - limiter.sweptAt < 1_000) return false;
      limiter.sweptAt = now;
      for (const [key, value] of buckets) if (value.tokens + (now - value.at) * perMs >= limit) buckets.delete(key);
      if (buckets.size >= MAX_SUBJECTS) return false;
    }
    bucket = { tokens: limit, at: now };
    buckets.set(subject, bucket);
  }
  bucket.tokens = Math.min(limit, bucket.tokens + (now - bucket.at) * perMs);
  bucket.at = now;
  if (bucket.tokens < 1) return false;
  bucket.tokens -= 1;
  return true;
}

/** Whether the visitor's choice allows attaching their declared province (analytics accepted, no GPC). */
export function mayUseProvince(cookie: string | undefined, globalPrivacyControl: string | undefined): boolean {
  if (globalPrivacyControl === "1") return false;
  return parseCookieChoice(parseCookies(cookie)[CONSENT_COOKIE])?.analytics === true;
}

/** A beacon's JSON body (at most BEACON_MAX_BYTES, else 413); a missing or malformed body is an empty object. */
export function parseBeaconBody(text: string): unknown {
  if (text.length > BEACON_MAX_BYTES) throw new AppError("PAYLOAD_TOO_LARGE");
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    return {};
  }
}

/** What the checks read from a beacon's request. */
export type BeaconRequest = {
  userAgent: string | undefined;
  origin: string | undefined;
  /** The origin the request came to (scheme and host). */
  requestOrigin: string;
  clientIp: string;
  cookie: string | undefined;
  globalPrivacyControl: string | undefined;
};

/**
 * Counts a valid beacon when it may be: silently not for a bot's user agent, a foreign Origin, or a
 * visitor over their limit; `identify` (the session's user) is asked only past the first two.
 * Never throws: a failure to count is logged (figures are lossy by design, decision 0097).
 */
export async function countBeaconIfAllowed<I>(
  ctx: AppContext,
  beacon: FiguresBeacon<I>,
  input: I,
  request: BeaconRequest,
  identify: () => Promise<{ id: number } | null>,
  logger: { warn(details: object, message: string): void },
): Promise<void> {
  try {
    if (isBot(request.userAgent)) return;
    // Another site's page may not count on our visitors' behalf (no CSRF token is asked for).
    if (request.origin && !isAllowedOrigin(request.origin, { url: `${request.requestOrigin}/` } as Request, ctx.config.appUrl)) return;
    const user = await identify();
    const subject = user ? `u:${user.id}` : `ip:${request.clientIp || "desconocida"}`;
    if (!takeBeaconToken(ctx, beacon.limit, subject)) return;
    const mayProvince = user !== null && mayUseProvince(request.cookie, request.globalPrivacyControl);
    beacon.count(ctx, { userId: user?.id ?? null, mayUseProvince: mayProvince }, input);
  } catch (error) {
    logger.warn({ err: error }, "figures beacon not counted");
  }
}

export type IdentifyVisitor = (c: Context<AppEnv>) => Promise<{ id: number } | null>;

/**
 * The beacon's Hono handler (a signed-in visitor's beacon, and the API document's entry): the
 * area's validation (its 4xx), then countBeaconIfAllowed; the answer is the same whether the beacon
 * counted or not. Anonymous beacons are answered earlier still, at Node's level (figures-beacon-node.ts).
 */
export function figuresBeaconHandler<I>(beacon: FiguresBeacon<I>, identify: IdentifyVisitor): Handler<AppEnv> {
  return async (c) => {
    if (Number(c.req.header("content-length") ?? 0) > BEACON_MAX_BYTES) throw new AppError("PAYLOAD_TOO_LARGE");
    const input = beacon.read({ body: parseBeaconBody(await c.req.text()), param: (name) => c.req.param(name) });
    const request: BeaconRequest = {
      userAgent: c.req.header("user-agent"),
      origin: c.req.header("origin"),
      requestOrigin: new URL(c.req.url).origin,
      clientIp: c.get("clientIp"),
      cookie: c.req.header("cookie"),
      globalPrivacyControl: c.req.header("sec-gpc"),
    };
    await countBeaconIfAllowed(c.get("app"), beacon, input, request, () => identify(c), c.get("logger"));
    c.header("Cache-Control", "no-store");
    return c.body(null, beacon.status);
  };
}
