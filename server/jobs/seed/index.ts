import { and, eq, sql } from "drizzle-orm";
import type { ScreeningQuestion } from "#common/jobs";
import { slugify } from "#common/slug";
import { createEmpresa, createUser } from "#server/accounts";
import type { AppContext } from "#server/context";
import type { Db } from "#server/db/client";
import {
  alertas,
  candidaturaEventos,
  candidaturas,
  delegaciones,
  empresas,
  empresaTipos,
  ofertas,
  ofertasGuardadas,
  users,
} from "#server/db/schema";
import { unsubscribeTokenOf } from "#server/jobs/alerts.service";
import { hashToken } from "#server/platform/tokens";
import { findEstadosOfPais, findPaisById, findPaisByIso } from "#server/reference";
import { DEMO_COMPANIES, demoDescriptionOf } from "./companies";
import { createRng, generateOffer, type OfferRow, type SeedCompany } from "./generate";
import { PLACES } from "./places";

export const DEMO_OFFER_COUNT = 320;
export const DEMO_CANDIDATE_EMAIL = "demo-candidato@farmanexo.test";
const DEMO_EMPLEO_EMAIL = "demo-empleo@farmanexo.test";
const SEED = 20_240_601;
const BATCH = 250;

export const companyEmailOf = (nombre: string) => `empleo-${slugify(nombre, 50)}@farmanexo.test`;

async function insertOffers(db: Db, rows: OfferRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await db.insert(ofertas).values(rows.slice(i, i + BATCH));
}

/** The demo companies, each with an administrador_empleo and its delegations; reused when present. */
export async function ensureDemoCompanies(ctx: AppContext): Promise<SeedCompany[]> {
  const tipos = new Map((await ctx.db.select().from(empresaTipos)).map((t) => [t.slug, t.id]));
  const result: SeedCompany[] = [];
  for (const demo of DEMO_COMPANIES) {
    const slug = slugify(demo.nombre);
    const pais = findPaisByIso(demo.iso);
    if (!pais) continue;
    const place = (PLACES[demo.iso] ?? []).find((p) => p.ciudad === demo.sede);
    const estadoOf = (ciudad: string) => {
      const nombre = (PLACES[demo.iso] ?? []).find((p) => p.ciudad === ciudad)?.estado;
      return findEstadosOfPais(pais.id).find((e) => e.nombre === nombre)?.id;
    };
    let [empresa] = await ctx.db.select().from(empresas).where(eq(empresas.slug, slug));
    if (!empresa) {
      const created = await createEmpresa(ctx.db, {
        nombre: demo.nombre,
        slug,
        paisId: pais.id,
        estadoId: estadoOf(demo.sede),
        empresaTipoId: tipos.get(demo.tipo) ?? 1,
      });
      empresa = created.empresa;
      if (created.delegacion) {
        await ctx.db
          .update(delegaciones)
          .set({ poblacion: demo.sede, nombre: `Sede central (${demo.sede})` })
          .where(eq(delegaciones.id, created.delegacion.id));
      }
      await ctx.db
        .update(empresas)
        .set({ poblacion: place?.ciudad ?? demo.sede, descripcion: demoDescriptionOf(demo) })
        .where(eq(empresas.id, empresa.id));
      for (const ciudad of demo.delegaciones) {
        await ctx.db.insert(delegaciones).values({
          empresaId: empresa.id,
          nombre: `Delegación ${ciudad}`,
          paisId: pais.id,
          estadoId: estadoOf(ciudad),
          poblacion: ciudad,
        });
      }
    }
    const email = companyEmailOf(demo.nombre);
    let [admin] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const rows = await ctx.db.select().from(delegaciones).where(eq(delegaciones.empresaId, empresa.id));
    if (!admin) {
      admin = await createUser(ctx.db, {
        type: "empleo",
        email,
        nombre: "Equipo de selección",
        apellidos: demo.nombre,
        empresaId: empresa.id,
        delegacionId: rows[0]?.id,
        paisId: pais.id,
      });
    }
    result.push({
      id: empresa.id,
      nombre: demo.nombre,
      iso: demo.iso,
      tipo: demo.tipo,
      userId: admin.id,
      delegaciones: rows.filter((d) => d.poblacion && d.poblacion !== demo.sede).map((d) => ({ id: d.id, ciudad: d.poblacion ?? "" })),
    });
  }
  return result;
}

/** Inserts `count` generated offers (used by the benchmark too); returns nothing, fast (batched). */
export async function insertGeneratedOffers(
  ctx: AppContext,
  companies: SeedCompany[],
  count: number,
  options: { seed?: number; mixStatuses?: boolean; now?: Date; batch?: number } = {},
) {
  const rng = createRng(options.seed ?? SEED);
  const now = options.now ?? new Date();
  const batch = options.batch ?? 2000;
  for (let start = 0; start < count; start += batch) {
    const rows: OfferRow[] = [];
    for (let i = start; i < Math.min(count, start + batch); i++) {
      rows.push(generateOffer(rng, companies[i % companies.length] as SeedCompany, i, now, { mixStatuses: options.mixStatuses }));
    }
    await insertOffers(ctx.db, rows);
  }
}

/** A minimal, valid one-page PDF for the demo applications. */
function demoPdf(name: string): Blob {
  const text = `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n4 0 obj<</Length 60>>stream\nBT /F1 18 Tf 72 760 Td (Curriculum vitae - ${name}) Tj ET\nendstream endobj\n5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`;
  return new Blob([text], { type: "application/pdf" });
}

/** Applications, saved offers and an alert for the accounts area's demo candidate, when it exists. */
async function seedDemoCandidate(ctx: AppContext, demoEmpresaId?: number) {
  const [candidate] = await ctx.db.select().from(users).where(eq(users.email, DEMO_CANDIDATE_EMAIL));
  if (!candidate) return;
  // The demo company's offers first, so its administrator's panel shows an applicant too.
  const open = await ctx.db
    .select({ id: ofertas.id })
    .from(ofertas)
    .where(sql`${ofertas.paisId} = 28 AND ${ofertas.status} = 'publicada' AND ${ofertas.expiresAt} > now()`)
    .orderBy(sql`(${ofertas.empresaId} = ${demoEmpresaId ?? 0}) DESC`, sql`${ofertas.publishedAt} DESC`)
    .limit(6);
  const statuses = ["recibida", "en_proceso", "finalista", "descartada"] as const;
  for (const [i, offer] of open.slice(0, 4).entries()) {
    const stored = await ctx.storage.save("cv", demoPdf(`${candidate.nombre ?? ""} ${candidate.apellidos ?? ""}`), {
      allowed: ["pdf"],
      maxBytes: ctx.config.maxUploadBytes,
      label: "CV",
    });
    const status = statuses[i] ?? "recibida";
    const [row] = await ctx.db
      .insert(candidaturas)
      .values({
        ofertaId: offer.id,
        userId: candidate.id,
        estado: status,
        carta: "Me interesa mucho el puesto: tengo experiencia en el sector y disponibilidad inmediata.",
        cvKey: stored.key,
        cvNombre: `CV-${slugify(`${candidate.nombre ?? "candidato"} ${candidate.apellidos ?? ""}`, 60)}.pdf`,
      })
      .onConflictDoNothing()
      .returning({ id: candidaturas.id });
    if (row) {
      const path = ["recibida", "en_proceso", "finalista"].slice(0, statuses.indexOf(status) + 1) as (typeof statuses)[number][];
      if (status === "descartada") path.splice(1, path.length, "descartada");
      let desde: (typeof statuses)[number] | null = null;
      for (const hasta of path) {
        await ctx.db.insert(candidaturaEventos).values({ candidaturaId: row.id, desde, hasta });
        desde = hasta;
      }
    }
  }
  for (const offer of open.slice(4, 6)) {
    await ctx.db.insert(ofertasGuardadas).values({ userId: candidate.id, ofertaId: offer.id }).onConflictDoNothing();
  }
  const [alert] = await ctx.db
    .insert(alertas)
    .values({
      userId: candidate.id,
      criteria: { pais: "espana", cargo: "visitador-medico", estado: 412 },
      unsubscribeTokenHash: hashToken(`pending-demo-alert:${candidate.id}`),
    })
    .onConflictDoNothing()
    .returning({ id: alertas.id });
  if (alert) {
    await ctx.db
      .update(alertas)
      .set({ unsubscribeTokenHash: hashToken(unsubscribeTokenOf(ctx.secret, alert.id)) })
      .where(eq(alertas.id, alert.id));
  }
}

/** The jobs demo: ~40 companies with their administrators and 320 offers, and the demo candidate's activity. */
export async function seedJobsDemo(ctx: AppContext): Promise<void> {
  const [existing] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(ofertas);
  if (Number(existing?.n ?? 0) > 0) return;
  const companies = await ensureDemoCompanies(ctx);
  const accountsDemo = await findAccountsDemoCompany(ctx);
  if (accountsDemo) companies.unshift(accountsDemo);
  await insertGeneratedOffers(ctx, companies, DEMO_OFFER_COUNT, { mixStatuses: true, batch: BATCH });
  await addDemoScreeningQuestions(ctx, companies[0]?.id);
  await seedDemoCandidate(ctx, accountsDemo?.id);
}

/** What the demo offer with screening questions asks: one knock-out, one short text, one optional. */
export const DEMO_SCREENING_QUESTIONS: ScreeningQuestion[] = [
  { texto: "¿Tienes carné de conducir y vehículo propio?", tipo: "si_no", obligatoria: true, descarta_si: "no" },
  { texto: "¿Cuántos años de experiencia tienes en el sector farmacéutico?", tipo: "texto", obligatoria: true, descarta_si: null },
  { texto: "¿Tienes disponibilidad para viajar?", tipo: "si_no", obligatoria: false, descarta_si: null },
];

/**
 * The demo company's oldest open offer in Spain asks screening questions. The oldest: the demo
 * candidate's applications go to the newest, and the listing's first page stays one-click.
 */
async function addDemoScreeningQuestions(ctx: AppContext, empresaId: number | undefined) {
  if (!empresaId) return;
  const [offer] = await ctx.db
    .select({ id: ofertas.id })
    .from(ofertas)
    .where(
      and(
        eq(ofertas.empresaId, empresaId),
        sql`${ofertas.paisId} = 28 AND ${ofertas.status} = 'publicada' AND ${ofertas.expiresAt} > now()`,
      ),
    )
    .orderBy(ofertas.publishedAt)
    .limit(1);
  if (offer) await ctx.db.update(ofertas).set({ preguntas: DEMO_SCREENING_QUESTIONS }).where(eq(ofertas.id, offer.id));
}

/** The company of the accounts area's demo job poster (demo-empleo), when that seed ran first. */
async function findAccountsDemoCompany(ctx: AppContext): Promise<SeedCompany | undefined> {
  const [admin] = await ctx.db.select().from(users).where(eq(users.email, DEMO_EMPLEO_EMAIL));
  if (!admin?.empresaId) return undefined;
  const [empresa] = await ctx.db.select().from(empresas).where(eq(empresas.id, admin.empresaId));
  if (!empresa) return undefined;
  const pais = findPaisById(empresa.paisId ?? 28);
  return {
    id: empresa.id,
    nombre: empresa.nombre,
    iso: pais?.iso ?? "ES",
    tipo: "laboratorio-farmaceutico",
    delegaciones: [],
    userId: admin.id,
  };
}
