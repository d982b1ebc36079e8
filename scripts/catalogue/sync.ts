// npm run catalogue:sync [-- --full] [-- --replace-demo]: brings the catalogue in line with CIMA (CIMA_URL).
import { cimaClientOf, syncFromCima } from "#server/visita";
import { replaceDemoIfAsked, runCatalogueCommand } from "./command";
import { printSummary, progressBar } from "./report";

const args = process.argv.slice(2);
await runCatalogueCommand(async (ctx, config) => {
  const bar = progressBar("Páginas de medicamentos");
  console.log(
    `Sincronizando el catálogo con ${config.catalogue.cimaUrl} (${config.catalogue.concurrency} peticiones a la vez, pausa de ${config.catalogue.delayMs} ms)…`,
  );
  const started = Date.now();
  const result = await syncFromCima(ctx, cimaClientOf(config), {
    full: args.includes("--full"),
    onProgress: (p) => (p.phase === "medicines" ? bar(p.page, p.pages) : console.log("Problemas de suministro…")),
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status === "busy") console.error(result.error);
  else {
    console.log(
      result.status === "done"
        ? `Sincronización ${result.mode === "full" ? "completa" : "incremental"} terminada en ${seconds} s${result.resumed ? " (reanudada)" : ""}.`
        : `La sincronización ha fallado tras ${seconds} s: ${result.error}\nVuelve a ejecutar el comando: continuará donde se quedó.`,
    );
    printSummary(result.counts, result.skipped);
  }
  if (result.status !== "done") return 1;
  await replaceDemoIfAsked(ctx, args);
  return 0;
});
