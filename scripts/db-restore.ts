// Restores a backup made by `npm run db:backup` into the configured database and uploads storage
// (decision 0101). Refuses a database with tables or a storage with files unless --force.
// Usage: npm run db:restore -- FILE [--force]
import path from "node:path";
import { loadConfig } from "#server/config";
import { RestoreRefused, restoreBackup } from "#server/platform/backup/restore";
import { localBackend } from "#server/platform/storage";
import { s3Backend } from "#server/platform/storage-s3";

const args = process.argv.slice(2);
const force = args.includes("--force");
const file = args.find((arg) => !arg.startsWith("--"));
if (!file) {
  console.error("Indique el archivo de la copia: npm run db:restore -- ARCHIVO [--force]");
  process.exit(2);
}

const config = loadConfig();
const target = config.databaseUrl
  ? ({ kind: "postgres", url: config.databaseUrl } as const)
  : ({ kind: "pglite", dataDir: path.join(config.dataDir, "pglite") } as const);
try {
  const storage = config.s3 ? s3Backend(config.s3) : localBackend(config.dataDir);
  const manifest = await restoreBackup({ file: path.resolve(file), target, storage, force });
  console.log(
    `Copia del ${manifest.createdAt} restaurada (${target.kind}, migración ${manifest.migration ?? "ninguna"}, ${manifest.uploads.files.length} archivos subidos); las filas coinciden con el manifiesto.`,
  );
} catch (error) {
  const refused = error instanceof RestoreRefused;
  console.error(refused ? error.message : `No se pudo restaurar la copia: ${(error as Error).message}`);
  process.exitCode = 1;
}
