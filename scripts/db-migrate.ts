// Applies pending migrations and loads the reference data into the configured database
// (DATABASE_URL, or the embedded PGlite under DATA_DIR). The server also does this at start.
import { loadConfig } from "#server/config";
import { openDatabase } from "#server/db/client";
import { migrateDatabase } from "#server/db/migrate";
import { syncReferenceData } from "#server/reference/sync";

const config = loadConfig();
const database = await openDatabase(config);
await migrateDatabase(database);
const loaded = await syncReferenceData(database.db);
console.log(`Migraciones aplicadas (${database.kind}).${loaded ? " Datos de referencia cargados." : ""}`);
await database.close();
