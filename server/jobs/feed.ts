import { desc, eq } from "drizzle-orm";
import type { Context } from "hono";
import {
  type ContractType,
  EDUCATION_LEVEL_LABELS,
  type EducationLevel,
  EXPERIENCE_LEVEL_LABELS,
  type ExperienceLevel,
  type Jornada,
  SALARY_PERIOD_LABELS,
  type SalaryPeriod,
} from "#common/jobs/vocabulary";
import { pathTo } from "#common/route-names";
import type { AppContext } from "#server/context";
import { delegaciones, empresas, ofertas } from "#server/db/schema";
import type { AppEnv } from "#server/env";
import { perOwner, sharedComputation } from "#server/platform/shared-computation";
import { type DetailRow, detailColumns, openOfferSql, toDetail } from "./queries";
import type { OfferDetail } from "./types";

/** Where job aggregators (Indeed, Jooble, Talent…) read the open offers. */
export const JOBS_FEED_PATH = "/app/empleo/feed.xml";
/** The newest open offers a feed lists: aggregators re-read it daily; more would only weigh. */
export const FEED_MAX = 5_000;

// Characters XML 1.0 does not allow, even escaped (control characters pasted into a title).
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the ones to remove
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
/** Text as CDATA, the form aggregators' parsers expect (a "]]>" inside is split across two sections). */
const cdata = (text: string) => `<![CDATA[${text.replace(NOT_XML, "").replaceAll("]]>", "]]]]><![CDATA[>")}]]>`;

const JOB_TYPE: Record<Jornada, string> = { completa: "fulltime", intensiva: "fulltime", flexible: "fulltime", parcial: "parttime" };
const JOB_TYPE_BY_CONTRACT: Partial<Record<ContractType, string>> = {
  temporal: "temporary",
  practicas: "internship",
  formacion: "internship",
  autonomo: "contract",
};

/** "30.000 – 40.000 EUR al año": the amounts in the currency's usual grouping, the period in Spanish. */
export function feedSalary(salario: OfferDetail["salario"]): string | null {
  if (!salario || (salario.min === null && salario.max === null)) return null;
  const amount = (value: number) => `${value.toLocaleString("es-ES", { useGrouping: true, minimumFractionDigits: 0 })}`;
  const period = SALARY_PERIOD_LABELS[salario.periodo as SalaryPeriod] ?? "";
  const range =
    salario.min !== null && salario.max !== null && salario.min !== salario.max
      ? `${amount(salario.min)} – ${amount(salario.max)}`
      : salario.min !== null
        ? amount(salario.min)
        : `Hasta ${amount(salario.max ?? 0)}`;
  return `${range} ${salario.moneda} ${period}`.trim();
}

function jobXml(offer: OfferDetail, appUrl: string): string {
  const fields: Array<[string, string | null]> = [
    ["title", offer.titulo],
    ["date", new Date(offer.publicadaEn).toUTCString()],
    ["referencenumber", String(offer.id)],
    ["url", `${appUrl}${offer.url}`],
    ["company", offer.empresa.nombre],
    ["city", offer.ciudad],
    ["state", offer.estado?.nombre ?? null],
    ["country", offer.pais.iso],
    ["description", offer.descripcionHtml],
    ["salary", feedSalary(offer.salario)],
    ["jobtype", JOB_TYPE_BY_CONTRACT[offer.contrato as ContractType] ?? JOB_TYPE[offer.jornada as Jornada] ?? "fulltime"],
    ["category", offer.cargo.nombre || null],
    ["experience", EXPERIENCE_LEVEL_LABELS[offer.experiencia as ExperienceLevel] ?? null],
    ["education", EDUCATION_LEVEL_LABELS[offer.estudios as EducationLevel] ?? null],
    ["remotetype", offer.modalidad === "remoto" ? "Fully remote" : offer.modalidad === "hibrido" ? "Hybrid remote" : null],
    ["expirationdate", offer.expiraEn ? new Date(offer.expiraEn).toUTCString() : null],
  ];
  const body = fields
    .filter((field): field is [string, string] => field[1] !== null && field[1] !== "")
    .map(([tag, value]) => `<${tag}>${cdata(value)}</${tag}>`)
    .join("");
  return `<job>${body}</job>`;
}

/**
 * The feed: every open offer (published, not closed, not expired), newest first, in the layout
 * Indeed and Jooble read. `until` is when its first offer expires (it must leave the cache then).
 */
export async function buildJobsFeed(ctx: AppContext): Promise<{ xml: string; until: number | null }> {
  const rows = (await ctx.db
    .select(detailColumns)
    .from(ofertas)
    .innerJoin(empresas, eq(empresas.id, ofertas.empresaId))
    .leftJoin(delegaciones, eq(delegaciones.id, ofertas.delegacionId))
    .where(openOfferSql)
    .orderBy(desc(ofertas.publishedAt), desc(ofertas.id))
    .limit(FEED_MAX)) as DetailRow[];
  const now = new Date();
  const offers = rows.map((row) => toDetail(row, now));
  const { appUrl, brandName } = ctx.config;
  const expiries = rows.flatMap((row) => (row.expiresAt ? [new Date(row.expiresAt).getTime()] : []));
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    "<source>",
    `<publisher>${cdata(brandName)}</publisher>`,
    `<publisherurl>${cdata(`${appUrl}${pathTo("empleo")}`)}</publisherurl>`,
    `<lastBuildDate>${now.toUTCString()}</lastBuildDate>`,
    ...offers.map((offer) => jobXml(offer, appUrl)),
    "</source>",
    "",
  ].join("\n");
  return { xml, until: expiries.length ? Math.min(...expiries) : null };
}

/**
 * One build at a time per database; requests arriving during a build share it, and nothing is kept
 * after it (the page cache keeps the answer). A build holds its rows and ~1.7 KB of XML an offer
 * (8.6 MB at FEED_MAX): ten at once — aggregators arriving as a publication drops the cached feed,
 * or a server with the page cache off — ran a 128 MB heap out of memory and stopped the process
 * (`npm run bench`, stop 41).
 */
const feedBuilds = perOwner(() =>
  sharedComputation<{ xml: string; until: number | null }>({ freshMs: 0, staleMs: 0, maxEntries: 1, keep: () => false }),
);

/**
 * GET /app/empleo/feed.xml. The same for everyone, so it goes in the page cache under the "jobs"
 * tag: publishing, editing, closing or expiring an offer drops it (like the listing).
 */
export async function jobsFeedHandler(c: Context<AppEnv>) {
  const ctx = c.get("app");
  const { xml, until } = await feedBuilds(ctx.db).get("feed", () => buildJobsFeed(ctx));
  c.set("pageCacheTags", ["jobs"]);
  if (until !== null) c.set("pageCacheUntil", until);
  return c.body(xml, 200, { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" });
}
