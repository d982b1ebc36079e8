import {
  CONTRACT_TYPES,
  EDUCATION_LEVEL_LABELS,
  type EDUCATION_LEVELS,
  EXPERIENCE_LEVEL_LABELS,
  type EXPERIENCE_LEVELS,
  JORNADAS,
  type OfferStatus,
  WORK_MODES,
} from "#common/jobs";
import { slugify } from "#common/slug";
import type { ofertas } from "#server/db/schema";
import { searchExtraOf } from "#server/jobs/offer-input";
import { escapeHtml } from "#server/platform/mail/layout";
import { findCargoBySlug, findEstadosOfPais, findPaisByIso } from "#server/reference";
import { CARGOS_BY_TIPO } from "./companies";
import { PAY, PLACES, type Place } from "./places";
import { BENEFITS, INTROS, REQUIREMENTS, SALARY_BAND, TASK_GROUP_BY_CARGO, TASKS, TITLES } from "./texts";

/** mulberry32: a small deterministic PRNG, so the demo data (and the OpenAPI walk's cases) are the same on every run. */
export function createRng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const chance = (p: number) => next() < p;
  const sample = <T>(list: readonly T[], n: number): T[] => {
    const copy = [...list];
    const out: T[] = [];
    while (out.length < n && copy.length) out.push(copy.splice(Math.floor(next() * copy.length), 1)[0] as T);
    return out;
  };
  const weighted = (list: readonly Place[]): Place => {
    const total = list.reduce((sum, p) => sum + p.weight, 0);
    let r = next() * total;
    for (const item of list) {
      r -= item.weight;
      if (r <= 0) return item;
    }
    return list[list.length - 1] as Place;
  };
  return { next, int, pick, chance, sample, weighted };
}
export type Rng = ReturnType<typeof createRng>;

export type SeedCompany = {
  id: number;
  nombre: string;
  iso: string;
  tipo: string;
  delegaciones: { id: number; ciudad: string }[];
  userId: number | null;
};

const DAY = 86_400_000;
const fill = (text: string, place: Place, empresa: string) =>
  text.replaceAll("{ciudad}", place.ciudad).replaceAll("{estado}", place.estado).replaceAll("{empresa}", empresa);

const estadoIdCache = new Map<string, number | null>();
function estadoIdOf(paisId: number, nombre: string): number | null {
  const key = `${paisId}:${nombre}`;
  if (!estadoIdCache.has(key)) estadoIdCache.set(key, findEstadosOfPais(paisId).find((e) => e.nombre === nombre)?.id ?? null);
  return estadoIdCache.get(key) ?? null;
}

function experienceFor(band: [number, number], rng: Rng) {
  if (band[1] <= 24_000) return rng.pick(["sin_experiencia", "sin_experiencia", "1_anio"] as const);
  if (band[1] >= 65_000) return rng.pick(["3_5_anios", "mas_5_anios"] as const);
  return rng.pick(["1_anio", "2_anios", "2_anios", "3_5_anios"] as const);
}

function educationFor(cargoSlug: string, band: [number, number], rng: Rng) {
  if (["auxiliar-de-farmacia", "logistica-distribucion-farmaceutica", "atencion-al-cliente"].includes(cargoSlug)) {
    return rng.pick(["eso", "bachillerato", "fp_medio"] as const);
  }
  if (["tecnico-en-farmacia", "tecnico-de-produccion", "tecnico-de-laboratorio", "tecnico-ortopedico"].includes(cargoSlug)) {
    return rng.pick(["fp_medio", "fp_superior"] as const);
  }
  if (band[1] >= 65_000) return rng.pick(["grado", "master", "master", "doctorado"] as const);
  return rng.pick(["grado", "grado", "master"] as const);
}

export type OfferRow = typeof ofertas.$inferInsert;

/**
 * One realistic offer of a company. `index` spreads statuses: a few closed, expired (some still
 * 'publicada' past their date, as before the hourly job runs) and drafts; the rest open.
 */
export function generateOffer(rng: Rng, company: SeedCompany, index: number, now: Date, options: { mixStatuses?: boolean } = {}): OfferRow {
  const pais = findPaisByIso(company.iso);
  if (!pais) throw new Error(`unknown country ${company.iso}`);
  const cargoSlug = rng.pick(CARGOS_BY_TIPO[company.tipo] ?? CARGOS_BY_TIPO["laboratorio-farmaceutico"] ?? []);
  const cargo = findCargoBySlug(cargoSlug);
  if (!cargo) throw new Error(`unknown cargo ${cargoSlug}`);
  const delegacion = company.delegaciones.length && rng.next() < 0.6 ? rng.pick(company.delegaciones) : null;
  const places = PLACES[company.iso] ?? [];
  const place = delegacion ? (places.find((p) => p.ciudad === delegacion.ciudad) ?? rng.weighted(places)) : rng.weighted(places);
  const titulo = fill(rng.pick(TITLES[cargoSlug] ?? [cargo.nombre]), place, company.nombre);
  const band = SALARY_BAND[cargoSlug] ?? [30_000, 42_000];
  const experiencia = experienceFor(band, rng);
  const estudios = educationFor(cargoSlug, band, rng);
  const modalidad =
    cargoSlug.includes("visitador") || cargoSlug.includes("delegado") ? rng.pick(["presencial", "hibrido"] as const) : rng.pick(WORK_MODES);
  const contrato = rng.next() < 0.65 ? "indefinido" : rng.pick(CONTRACT_TYPES);
  const jornada = rng.next() < 0.7 ? "completa" : rng.pick(JORNADAS);

  let salario: Pick<OfferRow, "salarioMin" | "salarioMax" | "salarioMoneda" | "salarioPeriodo"> = {
    salarioMin: null,
    salarioMax: null,
    salarioMoneda: null,
    salarioPeriodo: null,
  };
  if (rng.next() < 0.5) {
    const pay = PAY[company.iso] ?? { moneda: "EUR", periodo: "anual" as const, factor: 1, round: 1000 };
    const divisor = pay.periodo === "mensual" ? 12 : 1;
    const round = (n: number) => Math.max(pay.round, Math.round((n * pay.factor) / divisor / pay.round) * pay.round);
    const min = round(band[0] * (0.9 + rng.next() * 0.2));
    const max = round(band[1] * (0.9 + rng.next() * 0.2));
    salario = {
      salarioMin: rng.next() < 0.15 ? null : min,
      salarioMax: Math.max(max, min),
      salarioMoneda: pay.moneda,
      salarioPeriodo: pay.periodo,
    };
  }

  const group = TASK_GROUP_BY_CARGO[cargoSlug] ?? "general";
  const intro = fill(rng.pick(INTROS[company.tipo] ?? INTROS["laboratorio-farmaceutico"] ?? [""]), place, company.nombre);
  const tasks = rng.sample(TASKS[group] ?? [], rng.int(3, 4));
  const requirements = [
    `Experiencia: ${EXPERIENCE_LEVEL_LABELS[experiencia].toLowerCase()}.`,
    `Formación mínima: ${EDUCATION_LEVEL_LABELS[estudios].toLowerCase()}.`,
    ...rng.sample(REQUIREMENTS[group] ?? [], 2),
  ];
  const benefits = rng.sample(BENEFITS, rng.int(3, 5));
  const closing = `Incorporación inmediata en ${place.ciudad} (${place.estado}).`;
  const list = (items: string[]) => `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join("")}</ul>`;
  const descripcionHtml = [
    `<p>${escapeHtml(intro)}</p>`,
    `<h3>Funciones</h3>${list(tasks)}`,
    `<h3>Requisitos</h3>${list(requirements)}`,
    `<h3>Ofrecemos</h3>${list(benefits)}`,
    `<p><strong>${escapeHtml(closing)}</strong></p>`,
  ].join("");
  const descripcionTexto = [intro, "Funciones", ...tasks, "Requisitos", ...requirements, "Ofrecemos", ...benefits, closing].join("\n");

  // Published over the last 60 days; open offers expire 30–120 days after publication, never in the past.
  const publishedAt = new Date(now.getTime() - Math.floor(rng.next() * 60 * DAY) - rng.int(0, 3600) * 1000);
  let expiresAt = new Date(publishedAt.getTime() + rng.int(30, 120) * DAY);
  if (expiresAt <= now) expiresAt = new Date(now.getTime() + rng.int(5, 60) * DAY);
  let status: OfferStatus = "publicada";
  let closedAt: Date | null = null;
  if (options.mixStatuses) {
    const slot = index % 40;
    if (slot === 7) {
      status = "cerrada";
      closedAt = new Date(Math.min(now.getTime() - DAY, publishedAt.getTime() + 20 * DAY));
    } else if (slot === 19 || slot === 31) {
      status = slot === 19 ? "caducada" : "publicada"; // the second one waits for the hourly job
      expiresAt = new Date(now.getTime() - rng.int(1, 10) * DAY);
    } else if (index % 60 === 33) {
      status = "borrador";
    }
  }
  const estadoNombre = place.estado;
  return {
    empresaId: company.id,
    delegacionId: delegacion?.id ?? null,
    titulo,
    slug: slugify(titulo, 120),
    cargoId: cargo.id,
    paisId: pais.id,
    estadoId: estadoIdOf(pais.id, estadoNombre),
    ciudad: place.ciudad,
    modalidad,
    contrato,
    jornada,
    ...salario,
    experiencia: experiencia satisfies (typeof EXPERIENCE_LEVELS)[number],
    estudios: estudios satisfies (typeof EDUCATION_LEVELS)[number],
    descripcionHtml,
    descripcionTexto,
    busquedaExtra: searchExtraOf({ cargoNombre: cargo.nombre, empresaNombre: company.nombre, ciudad: place.ciudad, estadoNombre }),
    vacantes: rng.next() < 0.8 ? 1 : rng.int(2, 10),
    status,
    publishedAt: status === "borrador" ? null : publishedAt,
    expiresAt,
    closedAt,
    createdBy: company.userId,
    createdAt: publishedAt,
    updatedAt: closedAt ?? publishedAt,
  };
}
