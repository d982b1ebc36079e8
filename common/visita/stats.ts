import { z } from "#common/zod";

// The laboratory's view (issue 32): what is counted, what a page's beacon sends, and the ranges a
// dashboard reads. Aggregates only: a count per day, object and province, never a visitor.

/** Events a page's beacon reports (a visitor's view or click). */
export const BEACON_EVENTS = ["vista_perfil", "vista_producto", "vista_promocion", "vista_cartera", "contacto", "clic_promocion"] as const;
export type BeaconEvent = (typeof BEACON_EVENTS)[number];
/**
 * Events counted by the server itself, never accepted from a beacon: a chat request started from a
 * representative's profile, portfolio entry or product page (the conversation was actually created).
 */
export const SERVER_EVENTS = ["chat_iniciado"] as const;
/** Everything `visita_daily_counts` holds. */
export const COUNTED_EVENTS = [...BEACON_EVENTS, ...SERVER_EVENTS] as const;
export type CountedEvent = (typeof COUNTED_EVENTS)[number];

/** Verification figures come from the verifications themselves (one source of truth). */
export const VERIFICATION_EVENTS = ["verificacion_solicitada", "verificacion_confirmada", "verificacion_rechazada"] as const;
export type StatsEvent = CountedEvent | (typeof VERIFICATION_EVENTS)[number];

export const STATS_EVENT_LABELS: Record<StatsEvent, string> = {
  vista_perfil: "Visitas al perfil",
  vista_producto: "Visitas a la ficha",
  vista_promocion: "Visitas a promociones",
  vista_cartera: "Visitas a la cartera",
  contacto: "Contactos",
  chat_iniciado: "Chats iniciados",
  clic_promocion: "Clics en promociones",
  verificacion_solicitada: "Verificaciones solicitadas",
  verificacion_confirmada: "Verificaciones confirmadas",
  verificacion_rechazada: "Verificaciones rechazadas",
};

/**
 * The columns of one of a dashboard's tables, without those it can never fill (a column of zeros
 * would read as «nobody looked»): a product's own page is nobody's, so the table per representative
 * never holds its views; a profile is no product's nor promotion's.
 */
export function tableEvents(eventos: StatsEvent[], table: string): StatsEvent[] {
  const never: StatsEvent | null =
    table === "visitadores" ? "vista_producto" : table === "productos" || table === "promociones" ? "vista_perfil" : null;
  return eventos.filter((event) => event !== never);
}

const optionalId = z.number({ error: "Identificador no válido." }).int({ error: "Identificador no válido." }).positive().max(2_147_483_647);

/** What a page's beacon posts: the event and the object it is about. */
export const beaconSchema = z
  .object({
    evento: z.enum(BEACON_EVENTS, { error: "Evento no válido." }),
    producto_id: optionalId.optional(),
    visitador_id: optionalId.optional(),
    promocion_id: optionalId.optional(),
  })
  .superRefine((value, issue) => {
    const needs: Record<BeaconEvent, Array<"producto_id" | "visitador_id" | "promocion_id">> = {
      vista_perfil: ["visitador_id"],
      vista_producto: ["producto_id"],
      vista_promocion: ["promocion_id"],
      vista_cartera: ["producto_id", "visitador_id"],
      contacto: ["visitador_id"],
      clic_promocion: ["promocion_id"],
    };
    for (const key of needs[value.evento])
      if (value[key] === undefined) issue.addIssue({ code: "custom", path: [key], message: "Falta el identificador del objeto." });
  });
export type BeaconInput = z.infer<typeof beaconSchema>;

/** The dashboard's ranges: the last 7, 30 or 90 days, or the days chosen. */
export const STATS_RANGES = ["7", "30", "90", "personalizado"] as const;
export type StatsRange = (typeof STATS_RANGES)[number];
/** The longest custom range (a year and a day, so a whole year fits). */
export const MAX_RANGE_DAYS = 366;

export type ResolvedRange = {
  rango: StatsRange;
  /** Inclusive ISO days (Spain's days). */
  desde: string;
  hasta: string;
  /** Per-field messages when a custom range was not valid (the last 30 days are shown instead). */
  errors: Record<string, string[]>;
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
const validDay = (text: string) => ISO_DAY.test(text) && new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;
export const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The range a dashboard's query asks for; `today` is Spain's day. Never throws: bad input comes back as errors. */
export function resolveRange(query: { rango?: string | null; desde?: string | null; hasta?: string | null }, today: string): ResolvedRange {
  const rango = (STATS_RANGES as readonly string[]).includes(query.rango ?? "") ? (query.rango as StatsRange) : "30";
  if (rango !== "personalizado") return { rango, desde: addDays(today, 1 - Number(rango)), hasta: today, errors: {} };
  const desde = (query.desde ?? "").trim();
  const hasta = (query.hasta ?? "").trim();
  const errors: Record<string, string[]> = {};
  if (!validDay(desde)) errors.desde = ["Indica una fecha de inicio válida."];
  if (!validDay(hasta)) errors.hasta = ["Indica una fecha de fin válida."];
  else if (hasta > today) errors.hasta = ["La fecha de fin no puede ser posterior a hoy."];
  if (!errors.desde && !errors.hasta) {
    if (desde > hasta) errors.desde = ["La fecha de inicio debe ser anterior a la de fin."];
    else if (daysBetween(desde, hasta) >= MAX_RANGE_DAYS) errors.desde = [`El periodo no puede superar los ${MAX_RANGE_DAYS} días.`];
  }
  if (Object.keys(errors).length) return { rango, desde: addDays(today, -29), hasta: today, errors };
  return { rango, desde, hasta, errors };
}
