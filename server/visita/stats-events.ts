import { sql } from "drizzle-orm";
import { DEFAULT_TIME_ZONE, isoDateIn } from "#common/time-zone";
import { fieldErrorsOf } from "#common/validation";
import { type BeaconInput, beaconSchema } from "#common/visita/stats";
import type { AppContext } from "#server/context";
import { validationError } from "#server/platform/errors";
import type { BeaconVisitor, FiguresBeacon } from "#server/platform/figures-beacon";
import { addCount } from "./stats-buffer";

// What a page's beacon counts (issue 32, decisions 0097, 0113, 0125). Nothing identifies the visitor:
// the key is the day, the object and, only for a signed-in visitor who accepted analytics cookies
// and sends no Global Privacy Control signal, the province they declared in their account.

/**
 * Counts one beacon in memory; false when it was not counted here (the representative's own
 * profile or entry, a full buffer). Whether the ids exist and belong together, and a
 * representative's own promotions, are checked when the buffer is written (stats-buffer.ts).
 */
export function countBeacon(ctx: object, visitor: BeaconVisitor, input: BeaconInput): boolean {
  // The representative's own views and clicks say nothing about interest in them.
  if (visitor.userId !== null && input.visitador_id === visitor.userId) return false;
  // A contact from a promotion's page names the promotion (its product is the promotion's).
  const promotion =
    input.evento === "vista_promocion" ||
    input.evento === "clic_promocion" ||
    (input.evento === "contacto" && input.promocion_id !== undefined);
  // Only the ids the event is about: a stray id never splits or misattributes a figure.
  const withProduct = input.evento === "vista_producto" || input.evento === "vista_cartera" || (input.evento === "contacto" && !promotion);
  const withRepresentative = input.evento === "vista_perfil" || input.evento === "vista_cartera" || input.evento === "contacto";
  return addCount(ctx, {
    day: isoDateIn(new Date(), DEFAULT_TIME_ZONE),
    event: input.evento,
    productId: withProduct ? (input.producto_id ?? null) : null,
    representativeId: withRepresentative ? (input.visitador_id ?? null) : null,
    promotionId: promotion ? (input.promocion_id ?? null) : null,
    viewerId: visitor.userId,
    province: visitor.mayUseProvince,
  });
}

/** The visita pages' beacon (POST /api/visita/estadisticas/eventos), answered by the platform's figures beacon. */
export const visitaFiguresBeacon: FiguresBeacon<BeaconInput> = {
  path: "/api/visita/estadisticas/eventos",
  limit: "visitaBeacon",
  status: 204,
  read: ({ body }) => {
    const parsed = beaconSchema.safeParse(body);
    if (!parsed.success) throw validationError(fieldErrorsOf(parsed.error));
    return parsed.data;
  },
  count: countBeacon,
};

/**
 * Counts a chat request actually created by someone who came from a representative's profile,
 * portfolio entry, product or promotion page (the chat area calls this after the conversation is
 * committed). Only a representative is counted, and the product only when it is in their portfolio.
 */
export async function countChatStarted(
  ctx: Pick<AppContext, "db">,
  input: { representativeId: number; productId: number | null; promotionId?: number | null },
): Promise<boolean> {
  const result = (await ctx.db.execute(sql`
    SELECT EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = ${input.representativeId} AND r.role = 'visitador_farmaceutico') AS representative,
      EXISTS (SELECT 1 FROM portfolio_entries e WHERE e.user_id = ${input.representativeId} AND e.product_id = ${input.productId ?? 0}) AS entry,
      EXISTS (SELECT 1 FROM promotions pr WHERE pr.id = ${input.promotionId ?? 0} AND pr.author_id = ${input.representativeId}
        AND pr.status <> 'borrador') AS promotion`)) as unknown as {
    rows: Array<{ representative: boolean; entry: boolean; promotion: boolean }>;
  };
  const row = result.rows[0];
  if (!row?.representative) return false;
  return addCount(ctx, {
    day: isoDateIn(new Date(), DEFAULT_TIME_ZONE),
    event: "chat_iniciado",
    // From a promotion, its product is the promotion's (set when the buffer is written).
    productId: row.promotion ? null : row.entry ? input.productId : null,
    representativeId: input.representativeId,
    promotionId: row.promotion ? (input.promotionId ?? null) : null,
    viewerId: null,
    province: false,
  });
}
