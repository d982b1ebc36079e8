import fs from "node:fs";
import path from "node:path";
import type { AppContext } from "#server/context";
import { type CimaSupply, cimaMedicineSchema, firstProblem, supplySchema } from "./cima-shapes";
import { emptyDictionaries, readNomenclatorFile, recordsOfNomenclator } from "./nomenclator";
import { closeCoveredProposals } from "./proposals";
import { type RegisterRecord, recordOfCima } from "./register-record";
import { refreshCatalogueStatistics } from "./statistics";
import { applyRecords } from "./store";
import { applySupplyProblems } from "./supply";
import { ImportError, type XmlNode } from "./xml-reader";

export { ImportError };
export type ImportResult = {
  format: "nomenclator" | "cima-json";
  counts: Record<string, number>;
  skipped: Array<{ nregistro: string; problem: string }>;
};
type Parsed = {
  format: ImportResult["format"];
  records: RegisterRecord[];
  supplies: CimaSupply[] | null;
  skipped: ImportResult["skipped"];
};

async function readNomenclator(files: string[]): Promise<Parsed> {
  const dictionaries = emptyDictionaries();
  const rows: XmlNode[] = [];
  for (const file of files) await readNomenclatorFile(file, dictionaries, rows);
  if (!rows.length) throw new ImportError("No hay ninguna presentación (<prescription>): falta Prescripcion.xml o está vacío.");
  const skipped: Parsed["skipped"] = [];
  return { format: "nomenclator", records: recordsOfNomenclator(rows, dictionaries, skipped), supplies: null, skipped };
}

/** Saved CIMA answers: a /medicamento detail, a list of them, or a page envelope of details or of /psuministro rows. */
function readCimaJson(files: string[]): Parsed {
  const records: RegisterRecord[] = [];
  const skipped: Parsed["skipped"] = [];
  let supplies: CimaSupply[] | null = null;
  for (const file of files) {
    const name = path.basename(file);
    let body: unknown;
    try {
      body = JSON.parse(fs.readFileSync(file, "utf8"));
    } catch {
      throw new ImportError(`${name}: no es JSON válido (¿fichero incompleto?).`);
    }
    const items = Array.isArray(body) ? body : ((body as { resultados?: unknown[] })?.resultados ?? [body]);
    for (const item of items) {
      const row = item as Record<string, unknown>;
      if (row && typeof row === "object" && "fini" in row && "cn" in row) {
        const supply = supplySchema.safeParse(row);
        supplies ??= [];
        if (supply.success) supplies.push(supply.data);
        else skipped.push({ nregistro: `CN ${String(row.cn)}`, problem: firstProblem(supply.error) });
        continue;
      }
      if (!row || typeof row !== "object" || !("nregistro" in row)) {
        throw new ImportError(`${name}: formato desconocido; se esperan respuestas de CIMA (/medicamento, /medicamentos o /psuministro).`);
      }
      const medicine = cimaMedicineSchema.safeParse(row);
      if (medicine.success) records.push(recordOfCima(medicine.data));
      else skipped.push({ nregistro: String(row.nregistro), problem: `${name}: ${firstProblem(medicine.error)}` });
    }
  }
  return { format: "cima-json", records, supplies, skipped };
}

async function parse(target: string): Promise<Parsed> {
  if (!fs.existsSync(target)) throw new ImportError(`${target}: no existe.`);
  const stat = fs.statSync(target);
  const files = stat.isDirectory()
    ? fs
        .readdirSync(target)
        .sort()
        .map((name) => path.join(target, name))
        .filter((file) => fs.statSync(file).isFile())
    : [target];
  const xml = files.filter((file) => /\.xml$/i.test(file));
  const json = files.filter((file) => /\.json$/i.test(file));
  if (xml.length && !json.length) return readNomenclator(stat.isDirectory() ? xml : siblingsOf(target));
  if (json.length && !xml.length) return readCimaJson(json);
  throw new ImportError(
    `${path.basename(target)}: formato desconocido; se espera el XML del Nomenclátor (o su carpeta) o una carpeta de respuestas JSON de CIMA.`,
  );
}

/** A Prescripcion.xml given alone is read with the dictionaries beside it. */
function siblingsOf(file: string): string[] {
  const dir = path.dirname(file);
  const dictionaries = fs.readdirSync(dir).filter((name) => /^diccionario[_-].*\.xml$/i.test(name));
  return [...dictionaries.map((name) => path.join(dir, name)), file];
}

/**
 * Imports an offline copy of the register: everything is read and checked first, so a truncated
 * file, an unknown format or a bad encoding changes nothing; then records are written in batches
 * (unchanged ones are skipped) and, for saved CIMA answers, the supply problems applied; the
 * proposals the register now covers are closed.
 */
export async function importCatalogue(ctx: AppContext, target: string, options: { batch?: number } = {}): Promise<ImportResult> {
  const parsed = await parse(target);
  const counts: Record<string, number> = { medicines: parsed.records.length, created: 0, updated: 0, unchanged: 0, flagged: 0 };
  counts.presentations = parsed.records.reduce((n, r) => n + r.presentations.length, 0);
  const batch = options.batch ?? 500;
  for (let start = 0; start < parsed.records.length; start += batch) {
    const applied = await applyRecords(ctx, parsed.records.slice(start, start + batch));
    for (const [key, value] of Object.entries(applied)) counts[key] = (counts[key] ?? 0) + value;
  }
  if (parsed.supplies) counts.supplyChanged = await applySupplyProblems(ctx, parsed.supplies);
  counts.proposalsClosed = await closeCoveredProposals(ctx);
  counts.skipped = parsed.skipped.length;
  await refreshCatalogueStatistics(ctx, counts);
  return { format: parsed.format, counts, skipped: parsed.skipped };
}
