import { type SQL, sql } from "drizzle-orm";
import { CONSENT_COOKIE } from "#common/constants";
import { parseCookies } from "#common/cookies";
import { parseCookieChoice } from "#common/legal/consent-cookie";
import { DEFAULT_TIME_ZONE, isoDateIn } from "#common/time-zone";
import type { BeaconInput } from "#common/visita/stats";
import type { SessionUser } from "#server/accounts";
import type { AppContext } from "#server/context";
import { isBot } from "#server/platform/bots";
import { rateLimitUpsert, rateLimitVerdict } from "#server/platform/rate-limit";
import { addCount } from "./stats-buffer";

// What a page's beacon counts (issue 32, decision 0097). Nothing identifies the visitor: the key is
// the day, the object and, only for a signed-in visitor who accepted analytics cookies and sends
// no Global Privacy Control signal, the province they declared in their account.

export type BeaconRequest = { userAgent?: string; cookie?: string; globalPrivacyControl?: string; clientIp?: string };

/** Whether the visitor's choice allows attaching their declared province (analytics accepted, no GPC). */
export function mayUseProvince(request: BeaconRequest): boolean {
  if (request.globalPrivacyControl === "1") return false;
  return parseCookieChoice(parseCookies(request.cookie)[CONSENT_COOKIE])?.analytics === true;
}

type CheckRow = { count: number; reset_at: string | Date; valid: boolean; estado_id: number | null };

/**
 * Whether the ids a beacon names exist and belong together (decision 0113): a product view names a
 * product, a profile view a public representative profile, a portfolio view or a contact from a
 * product a portfolio entry of that representative and product, a contact from a profile a public
 * profile, a promotion's view or click a promotion that is not a draft. Anything else is dropped.
 */
function validitySql(input: BeaconInput): SQL {
  const product = input.producto_id ?? 0;
  const representative = input.visitador_id ?? 0;
  const publicProfile = sql`EXISTS (SELECT 1 FROM representative_profiles rp JOIN users u ON u.id = rp.user_id
    WHERE rp.user_id = ${representative} AND rp.public AND u.deleted_at IS NULL)`;
  const entry = sql`EXISTS (SELECT 1 FROM portfolio_entries e WHERE e.user_id = ${representative} AND e.product_id = ${product})`;
  switch (input.evento) {
    case "vista_producto":
      return sql`EXISTS (SELECT 1 FROM products p WHERE p.id = ${product})`;
    case "vista_perfil":
      return publicProfile;
    case "vista_cartera":
      return entry;
    case "contacto":
      return input.producto_id === undefined ? publicProfile : entry;
    case "vista_promocion":
    case "clic_promocion":
      return sql`EXISTS (SELECT 1 FROM promotions pr WHERE pr.id = ${input.promocion_id ?? 0} AND pr.status <> 'borrador')`;
  }
}

/**
 * Counts one beacon; false when it was not counted (a bot, the owner's own page, ids that do not
 * exist or do not belong together, a visitor over the beacon limit, a full buffer). One statement
 * counts the beacon against the visitor's limit (user, else IP address), checks its ids and reads
 * the province when allowed: a single round trip, off the page's path.
 */
export async function countBeacon(
  ctx: Pick<AppContext, "db">,
  user: SessionUser | null,
  request: BeaconRequest,
  input: BeaconInput,
): Promise<boolean> {
  if (isBot(request.userAgent)) return false;
  // The representative's own views and clicks say nothing about interest in them.
  if (user && input.visitador_id === user.id) return false;
  const promotion = input.evento === "vista_promocion" || input.evento === "clic_promocion";
  // Only the ids the event is about: a stray id never splits or misattributes a figure.
  const withProduct = input.evento === "vista_producto" || input.evento === "vista_cartera" || input.evento === "contacto";
  const withRepresentative = input.evento === "vista_perfil" || input.evento === "vista_cartera" || input.evento === "contacto";
  const province = user && mayUseProvince(request) ? sql`(SELECT estado_id FROM users WHERE id = ${user.id})` : sql`NULL::int`;
  const subject = user ? `u:${user.id}` : `ip:${request.clientIp ?? "desconocida"}`;
  const result = (await ctx.db.execute(sql`
    WITH rl AS (${rateLimitUpsert("visitaBeacon", subject)})
    SELECT rl.count, rl.reset_at, ${validitySql(input)} AS valid, ${province} AS estado_id FROM rl`)) as unknown as { rows: CheckRow[] };
  const row = result.rows[0];
  if (!row || !row.valid) return false;
  if (!rateLimitVerdict("visitaBeacon", Number(row.count), row.reset_at).allowed) return false;
  return addCount(ctx, {
    day: isoDateIn(new Date(), DEFAULT_TIME_ZONE),
    event: input.evento,
    // A promotion's product and author are read from the promotion when the buffer is written.
    productId: withProduct ? (input.producto_id ?? null) : null,
    representativeId: withRepresentative ? (input.visitador_id ?? null) : null,
    promotionId: promotion ? (input.promocion_id ?? null) : null,
    estadoId: row.estado_id === null ? null : Number(row.estado_id),
  });
}

/**
 * Counts a chat request actually created by someone who came from a representative's profile,
 * portfolio entry or product page (the chat area calls this after the conversation is committed).
 * Only a representative is counted, and the product only when it is in their portfolio.
 */
export async function countChatStarted(
  ctx: Pick<AppContext, "db">,
  input: { representativeId: number; productId: number | null },
): Promise<boolean> {
  const result = (await ctx.db.execute(sql`
    SELECT EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = ${input.representativeId} AND r.role = 'visitador_farmaceutico') AS representative,
      EXISTS (SELECT 1 FROM portfolio_entries e WHERE e.user_id = ${input.representativeId} AND e.product_id = ${input.productId ?? 0}) AS entry`)) as unknown as {
    rows: Array<{ representative: boolean; entry: boolean }>;
  };
  const row = result.rows[0];
  if (!row?.representative) return false;
  return addCount(ctx, {
    day: isoDateIn(new Date(), DEFAULT_TIME_ZONE),
    event: "chat_iniciado",
    productId: row.entry ? input.productId : null,
    representativeId: input.representativeId,
    promotionId: null,
    estadoId: null,
  });
}
