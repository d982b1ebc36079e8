import { eq } from "drizzle-orm";
import { CONSENT_COOKIE } from "#common/constants";
import { parseCookies } from "#common/cookies";
import { parseCookieChoice } from "#common/legal/consent-cookie";
import { DEFAULT_TIME_ZONE, isoDateIn } from "#common/time-zone";
import type { BeaconInput } from "#common/visita/stats";
import type { SessionUser } from "#server/accounts";
import type { AppContext } from "#server/context";
import { users } from "#server/db/schema";
import { isBot } from "#server/platform/bots";
import { addCount } from "./stats-buffer";

// What a page's beacon counts (issue 32, decision 0097). Nothing identifies the visitor: the key is
// the day, the object and, only for a signed-in visitor who accepted analytics cookies and sends
// no Global Privacy Control signal, the province they declared in their account.

export type BeaconRequest = { userAgent?: string; cookie?: string; globalPrivacyControl?: string };

/** Whether the visitor's choice allows attaching their declared province (analytics accepted, no GPC). */
export function mayUseProvince(request: BeaconRequest): boolean {
  if (request.globalPrivacyControl === "1") return false;
  return parseCookieChoice(parseCookies(request.cookie)[CONSENT_COOKIE])?.analytics === true;
}

/** Counts one beacon; false when it was not counted (a bot, the owner's own page, a full buffer). */
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
  let estadoId: number | null = null;
  if (user && mayUseProvince(request)) {
    const [row] = await ctx.db.select({ estadoId: users.estadoId }).from(users).where(eq(users.id, user.id));
    estadoId = row?.estadoId ?? null;
  }
  return addCount(ctx, {
    day: isoDateIn(new Date(), DEFAULT_TIME_ZONE),
    event: input.evento,
    // A promotion's product and author are read from the promotion when the buffer is written.
    productId: withProduct ? (input.producto_id ?? null) : null,
    representativeId: withRepresentative ? (input.visitador_id ?? null) : null,
    promotionId: promotion ? (input.promocion_id ?? null) : null,
    estadoId,
  });
}
