import { defineConfig } from "drizzle-kit";

// Only used to generate SQL migrations from the schema; migrations are applied from code at start
// (server/db/migrate.ts) because drizzle-kit cannot load PGlite's extensions.
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema/index.ts",
  out: "./server/db/migrations",
});
