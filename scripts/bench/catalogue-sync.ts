/**
 * Catalogue sync figures (issue 29): a fake CIMA on loopback serves a generated register of
 * BENCH_MEDICINES (25,000) medicines with about 1.6 presentations each (the real register's size:
 * ~25,000 medicines, ~40,000 presentations) in CIMA's shapes and page size (25); the sync loads it
 * into a fresh database (PGlite in a temporary folder, or BENCH_DATABASE_URL), then 1 % of the
 * medicines change (one suspended each 10) and an incremental run picks them up; finally the
 * product search is timed (scripts/bench/product-search.ts). Prints medicines and presentations per
 * second, peak RSS, the incremental run's time and the search p95.
 *   nice npm run bench:catalogue   (BENCH_MEDICINES, BENCH_CONCURRENCY (8), BENCH_DATABASE_URL, BENCH_CIMA_PORT (any free))
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { closeAppContext, createAppContext } from "#server/boot";
import { loadConfig } from "#server/config";
import { cimaClientOf, syncFromCima } from "#server/visita";
import { INGREDIENT_TEMPLATES } from "#server/visita/seed/ingredients";
import { startFakeCima } from "#tests/support/cima/fake-cima";
import { cimaDetail } from "#tests/support/cima/fixtures";
import { formatFigure, measureProductSearch } from "./product-search";

const MEDICINES = Number(process.env.BENCH_MEDICINES ?? 25_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const FORMS: Array<[number, string, string]> = [
  [10, "COMPRIMIDO", "comprimidos"],
  [40, "COMPRIMIDO RECUBIERTO CON PELÍCULA", "comprimidos"],
  [12, "CÁPSULA DURA", "cápsulas"],
  [57, "POLVO PARA SUSPENSIÓN ORAL EN SOBRE", "sobres"],
  [36, "SOLUCIÓN INYECTABLE EN JERINGA PRECARGADA", "jeringas precargadas"],
  [20, "CREMA", "tubo"],
];

function generate(i: number) {
  const template = INGREDIENT_TEMPLATES[i % INGREDIENT_TEMPLATES.length] as (typeof INGREDIENT_TEMPLATES)[number];
  const [formId, formName, pack] = FORMS[i % FORMS.length] as [number, string, string];
  const lab = `Laboratorio Registro ${String(i % 700).padStart(3, "0")}, S.A.`;
  const strength = template.strengths[i % template.strengths.length] ?? "10";
  const name = `${template.dci.toUpperCase()} ${lab.split(",")[0]?.toUpperCase()} ${strength} ${template.unit} ${formName} ${i}`;
  const nregistro = String(60_000 + i);
  const packs = i % 5 < 3 ? 2 : 1;
  return cimaDetail({
    nregistro,
    nombre: name,
    labtitular: lab,
    cpresc: template.rx === "sin_receta" ? "Medicamento No Sujeto A Prescripción Médica" : "Medicamento Sujeto A Prescripción Médica",
    receta: template.rx !== "sin_receta",
    generico: i % 3 === 0,
    pa: template.dci.split("+").map((dci, k) => [dci.trim().toUpperCase(), strength.split("/")[k] ?? strength, template.unit]),
    atc: [template.atc, template.dci.toUpperCase()],
    forma: [formId, formName],
    vias: [[48, "VÍA ORAL"]],
    presentaciones: Array.from(
      { length: packs },
      (_, k) => [String(200_000 + i * 2 + k), `${name}, ${(k + 1) * 14} ${pack}`] as [string, string],
    ),
  });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "catalogue-bench-"));
const cima = await startFakeCima(Number(process.env.BENCH_CIMA_PORT ?? 0));
cima.pageSize = 25;
for (let i = 0; i < MEDICINES; i++) {
  const detail = generate(i);
  cima.medicines.set(detail.nregistro, detail);
}
const presentations = [...cima.medicines.values()].reduce((n, d) => n + (d.presentaciones as unknown[]).length, 0);
const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "warn", DATABASE_URL: process.env.BENCH_DATABASE_URL }), seedDemo: false };
const ctx = await createAppContext(config, { mailPolling: false });
const client = cimaClientOf(config, { baseUrl: cima.url, concurrency: CONCURRENCY, delayMs: 0 });

let peak = 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 100);
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
try {
  let started = performance.now();
  const full = await syncFromCima(ctx, client);
  const fullSeconds = (performance.now() - started) / 1000;
  console.log(
    `${ctx.database.kind}: full sync of ${MEDICINES} medicines / ${presentations} presentations: ${full.status} in ${fullSeconds.toFixed(1)} s`,
  );
  console.log(
    `  ${(MEDICINES / fullSeconds).toFixed(0)} medicines/s, ${(presentations / fullSeconds).toFixed(0)} presentations/s, peak RSS ${mb(peak)} MB (fake CIMA in the same process)`,
  );

  const changed = Math.max(1, Math.floor(MEDICINES / 100));
  for (let k = 0; k < changed; k++) {
    const detail = cima.medicines.get(String(60_000 + k * 97)) as Record<string, unknown>;
    if (k % 10 === 0) detail.estado = { aut: 1_200_000_000_000, susp: Date.now() };
    else detail.nombre = `${detail.nombre} (nuevo formato)`;
    cima.changes.push({ nregistro: String(60_000 + k * 97), fecha: Date.now(), tipoCambio: 3, cambios: ["estado"] });
  }
  started = performance.now();
  const incremental = await syncFromCima(ctx, client);
  console.log(
    `  incremental run (${changed} changes in the log): ${incremental.status} in ${((performance.now() - started) / 1000).toFixed(1)} s, ${JSON.stringify(incremental.counts)}`,
  );
  for (const figure of await measureProductSearch(ctx, { misspelt: ["ibuprofen", "amoxicillina", "paracetamo", "omeprazol"] })) {
    console.log(`  ${formatFigure(figure)}`);
  }
} finally {
  clearInterval(sampler);
  await closeAppContext(ctx);
  await cima.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
