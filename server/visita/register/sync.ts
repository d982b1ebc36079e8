import type { AppContext } from "#server/context";
import { type CimaClient, CimaError } from "./cima-client";
import { type CimaSupply, changeSchema, cimaMedicineSchema, cimaPresentationSchema, firstProblem, supplySchema } from "./cima-shapes";
import { closeCoveredProposals } from "./proposals";
import { type RegisterRecord, recordOfCima } from "./register-record";
import { claimRun, type SyncRun, saveProgress } from "./runs";
import { refreshCatalogueStatistics } from "./statistics";
import { applyRecords, markRevoked } from "./store";
import { applySupplyProblems } from "./supply";

export type SyncProgress = { phase: "medicines" | "supply"; page: number; pages: number };
export type SyncResult = {
  status: "done" | "failed" | "busy";
  runId?: number;
  mode?: string;
  resumed?: boolean;
  counts: Record<string, number>;
  skipped: Array<{ nregistro: string; problem: string }>;
  error?: string;
};
type Skipped = SyncResult["skipped"];

/** CIMA's change log takes a day as dd/mm/yyyy (Madrid). */
const cimaDate = (date: Date) =>
  new Intl.DateTimeFormat("es-ES", { timeZone: "Europe/Madrid", day: "2-digit", month: "2-digit", year: "numeric" }).format(date);

const add = (counts: Record<string, number>, more: Record<string, number>) => {
  const sum = { ...counts };
  for (const [key, value] of Object.entries(more)) sum[key] = (sum[key] ?? 0) + value;
  return sum;
};

async function allPages<T>(client: CimaClient, path: string, params: Record<string, string | number>, parse: (row: unknown) => T | null) {
  const rows: T[] = [];
  for (let pagina = 1; ; pagina++) {
    const page = await client.getPage(path, { ...params, pagina });
    for (const row of page.resultados) {
      const parsed = parse(row);
      if (parsed !== null) rows.push(parsed);
    }
    if (!page.resultados.length || page.pagina * page.tamanioPagina >= page.totalFilas) return rows;
  }
}

/** A medicine's detail as a record, or why it was skipped; null when CIMA no longer knows it. */
async function detailOf(client: CimaClient, nregistro: string, skipped: Skipped): Promise<RegisterRecord | null> {
  let body: unknown;
  try {
    body = await client.getJson("/medicamento", { nregistro });
  } catch (error) {
    if (error instanceof CimaError && error.notFound) return null;
    throw error;
  }
  const parsed = cimaMedicineSchema.safeParse(body);
  if (!parsed.success) {
    skipped.push({ nregistro, problem: firstProblem(parsed.error) });
    return null;
  }
  if (parsed.data.presentaciones) return recordOfCima(parsed.data);
  const presentations = await allPages(client, "/presentaciones", { nregistro }, (row) => {
    const p = cimaPresentationSchema.safeParse(row);
    return p.success ? p.data : null;
  });
  return recordOfCima(parsed.data, presentations);
}

/** One page of the medicines list (full) or of the change log (incremental), applied. */
async function syncPage(ctx: AppContext, client: CimaClient, run: SyncRun, skipped: Skipped) {
  const incremental = run.mode === "incremental";
  const page = incremental
    ? await client.getPage("/registroCambios", { fecha: cimaDate(run.since ?? new Date()), pagina: run.nextPage })
    : await client.getPage("/medicamentos", { pagina: run.nextPage });
  const wanted: Array<{ nregistro: string; deletedAt?: number }> = [];
  for (const row of page.resultados) {
    const parsed = incremental ? changeSchema.safeParse(row) : cimaMedicineSchema.pick({ nregistro: true }).safeParse(row);
    const nregistro = String((row as { nregistro?: unknown })?.nregistro ?? "¿sin nregistro?");
    if (!parsed.success) skipped.push({ nregistro, problem: firstProblem(parsed.error) });
    else if (!wanted.some((w) => w.nregistro === nregistro)) {
      const change = parsed.data as { tipoCambio?: number; fecha?: number };
      wanted.push({ nregistro, ...(change.tipoCambio === 2 ? { deletedAt: change.fecha } : {}) });
    }
  }
  const details = await Promise.all(wanted.map((w) => detailOf(client, w.nregistro, skipped)));
  const records = details.filter((d): d is RegisterRecord => d !== null);
  const counts: Record<string, number> = { ...(await applyRecords(ctx, records)) };
  counts.medicines = records.length;
  counts.presentations = records.reduce((n, r) => n + r.presentations.length, 0);
  const gone = wanted.filter((w, i) => details[i] === null && w.deletedAt !== undefined);
  if (gone.length)
    counts.flagged =
      (counts.flagged ?? 0) +
      (await markRevoked(
        ctx,
        gone.map((g) => ({ nregistro: g.nregistro, at: g.deletedAt as number })),
      ));
  const last = !page.resultados.length || page.pagina * page.tamanioPagina >= page.totalFilas;
  return { counts, last, pages: Math.max(1, Math.ceil(page.totalFilas / page.tamanioPagina)) };
}

/**
 * Brings the catalogue in line with CIMA: the medicines (every page the first time, then only
 * what the change log lists since the last completed run), each one's detail and presentations,
 * then the supply problems, and closes the proposals the register now covers. Progress is saved after each page, so a failed run (an outage, a
 * timeout, a malformed page) resumes where it stopped. A medicine with missing fields is skipped
 * and reported with its registration number.
 */
export async function syncFromCima(
  ctx: AppContext,
  client: CimaClient,
  options: { full?: boolean; onProgress?: (progress: SyncProgress) => void } = {},
): Promise<SyncResult> {
  const run = await claimRun(ctx, "cima", options.full ?? false);
  if (!run) return { status: "busy", counts: {}, skipped: [], error: "Ya hay una sincronización del catálogo en curso." };
  const resumed = run.nextPage > 1 || run.phase !== "medicines";
  const skipped: Skipped = [];
  try {
    while (run.phase === "medicines") {
      const before = skipped.length;
      const { counts, last, pages } = await syncPage(ctx, client, run, skipped);
      options.onProgress?.({ phase: "medicines", page: run.nextPage, pages });
      await saveProgress(ctx, run, {
        counts: add(run.counts, { ...counts, pages: 1, skipped: skipped.length - before }),
        skipped: [...run.skipped, ...skipped.slice(before)].slice(-500),
        ...(last ? { phase: "supply", nextPage: 1 } : { nextPage: run.nextPage + 1 }),
      });
    }
    const supplies = await allPages<CimaSupply>(client, "/psuministro", {}, (row) => {
      const parsed = supplySchema.safeParse(row);
      return parsed.success ? parsed.data : null;
    });
    options.onProgress?.({ phase: "supply", page: 1, pages: 1 });
    const supplyChanged = await applySupplyProblems(ctx, supplies);
    const proposalsClosed = await closeCoveredProposals(ctx);
    await refreshCatalogueStatistics(ctx, run.counts);
    await saveProgress(ctx, run, {
      counts: add(run.counts, { supplyChanged, proposalsClosed }),
      status: "done",
      phase: "done",
      finishedAt: new Date(),
    });
    return { status: "done", runId: run.id, mode: run.mode, resumed, counts: run.counts, skipped: run.skipped };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await saveProgress(ctx, run, { status: "failed", error: message });
    return { status: "failed", runId: run.id, mode: run.mode, resumed, counts: run.counts, skipped: run.skipped, error: message };
  }
}
