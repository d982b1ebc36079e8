// npm run catalogue:import -- FILE|DIR [--replace-demo]: loads an offline Nomenclátor XML or saved CIMA JSON answers.
import { ImportError, importCatalogue } from "#server/visita";
import { replaceDemoIfAsked, runCatalogueCommand } from "./command";
import { printSummary } from "./report";

const args = process.argv.slice(2);
const target = args.find((arg) => !arg.startsWith("--"));
if (!target) {
  console.error(
    "Uso: npm run catalogue:import -- FICHERO|CARPETA [--replace-demo]\n  FICHERO: Prescripcion.xml del Nomenclátor (con sus DICCIONARIO_*.xml al lado)\n  CARPETA: la del Nomenclátor descomprimido o una de respuestas JSON guardadas de CIMA",
  );
  process.exit(2);
}
await runCatalogueCommand(async (ctx) => {
  try {
    const started = Date.now();
    const result = await importCatalogue(ctx, target);
    console.log(
      `Importado (${result.format === "nomenclator" ? "Nomenclátor" : "respuestas de CIMA"}) en ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    printSummary(result.counts, result.skipped);
    await replaceDemoIfAsked(ctx, args);
    return 0;
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    console.error(`No se ha importado nada: ${error.message}`);
    return 1;
  }
});
