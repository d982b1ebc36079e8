// Loads the demo data into an empty database (the server does it at start unless SEED_DEMO=false).
import { closeAppContext, createAppContext } from "#server/boot";
import { loadConfig } from "#server/config";

const config = { ...loadConfig(), seedDemo: true };
const ctx = await createAppContext(config);
console.log("Datos de demostración cargados (si la base de datos estaba vacía).");
await closeAppContext(ctx);
