import { defineConfig } from "vitest/config";

const integrationFiles = ["server/**/*.int.test.ts", "tests/integration/**/*.int.test.ts"];

/**
 * unit: fast, no database. integration-*: the real server in-process on a fresh database per test
 * file, once on PGlite and once on PostgreSQL (scripts/test.sh finds or starts the server).
 */
export default defineConfig({
  // The #app/#server/#common/#tests import aliases (tsconfig paths, mirrored in package.json imports).
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["{app,common,server,scripts}/**/*.test.{ts,tsx}"],
          exclude: [...integrationFiles, "node_modules/**"],
          environment: "node",
        },
      },
      {
        test: {
          name: "integration-pglite",
          include: integrationFiles,
          env: { TEST_DB: "pglite" },
          globalSetup: ["tests/support/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: "forks",
        },
      },
      {
        test: {
          name: "integration-postgres",
          include: integrationFiles,
          env: { TEST_DB: "postgres" },
          globalSetup: ["tests/support/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: "forks",
        },
      },
    ],
  },
});
