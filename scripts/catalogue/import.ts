// npm run catalogue:import -- FILE|DIR [--replace-demo]: loads an offline Nomenclátor XML or saved CIMA JSON answers.
import { closeAppContext, createAppContext } from "#server/boot";
import { ConfigError, loadConfig } from "#server/config";
import { ImportError, importCatalogue, removeDemoCatalogue } from "#server/visita";
import { printSummary } from "./report";

const args = process.argv.slice(2);
const target = args.find((arg) => !arg.startsWith("--"));
if (!target) {
  console.error(
    "Uso: npm run catalogue:import -- FICHERO|CARPETA [--replace-demo]\n  FICHERO: Prescripcion.xml del Nomenclátor (con sus DICCIONARIO_*.xml al lado)\n  CARPETA: la del Nomenclátor descomprimido o una de respuestas JSON guardadas de CIMA",
  );
  process.exit(2);
}
let config: ReturnType<typeof loadConfig>;
try {
  config = { ...loadConfig(), seedDemo: false, logLevel: "warn" };
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(2);
}
const ctx = await createAppContext(config, { mailPolling: false });
let code = 0;
try {
  const started = Date.now();
  const result = await importCatalogue(ctx, target);
  console.log(
    `Importado (${result.format === "nomenclator" ? "Nomenclátor" : "respuestas de CIMA"}) en ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  printSummary(result.counts, result.skipped);
  if (args.includes("--replace-demo")) {
    const removed = await removeDemoCatalogue(ctx);
    console.log(`Catálogo de demostración retirado: ${removed.products} productos y ${removed.laboratories} laboratorios.`);
  }
} catch (error) {
  if (!(error instanceof ImportError)) throw error;
  console.error(`No se ha importado nada: ${error.message}`);
  code = 1;
}
await closeAppContext(ctx);
process.exit(code);
