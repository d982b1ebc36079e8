// Writes a backup of the configured database (DATABASE_URL, or the embedded PGlite under DATA_DIR)
// and of the uploads (DATA_DIR/uploads or the S3 prefix) into one file (decision 0101).
// Usage: npm run db:backup [-- FILE]   (default: DATA_DIR/backups/farmanexo-<date>.tar)
import fs from "node:fs";
import path from "node:path";
import { loadConfig } from "#server/config";
import { openDatabase } from "#server/db/client";
import { createBackup } from "#server/platform/backup/backup";
import { localBackend } from "#server/platform/storage";
import { s3Backend } from "#server/platform/storage-s3";

const config = loadConfig();
const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\..*$/, "").replace("T", "-");
const file = path.resolve(process.argv[2] ?? path.join(config.dataDir, "backups", `farmanexo-${stamp}.tar`));
fs.mkdirSync(path.dirname(file), { recursive: true });

const database = await openDatabase(config);
try {
  const storage = config.s3 ? s3Backend(config.s3) : localBackend(config.dataDir);
  const manifest = await createBackup({ database, storage }, file);
  const rows = Object.values(manifest.counts).reduce((sum, n) => sum + n, 0);
  console.log(
    `Copia escrita en ${file} (${database.kind}, migración ${manifest.migration ?? "ninguna"}, ${rows} filas, ${manifest.uploads.files.length} archivos subidos); suma SHA-256 en ${file}.sha256.`,
  );
} catch (error) {
  console.error(`No se pudo hacer la copia: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
