import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { startMailCatcher } from "#tests/support/mail-catcher";
import { E2E_APP_PORT, E2E_BASE_URL, E2E_LINK_SITE_PORT, E2E_MAIL_API_PORT, E2E_SMTP_PORT } from "./ports";

/**
 * Playwright's web server: a mail catcher on loopback, then the production build of the app on a
 * fresh embedded database with demo data, sending its e-mail to the catcher, its link previews
 * allowed to reach one loopback port (the chat spec's page). It runs the compiled
 * server (`npm run build`), as production does.
 */
const dataDir = path.resolve(`.tmp/e2e-data-${E2E_APP_PORT}`);
fs.rmSync(dataDir, { recursive: true, force: true });

const catcher = await startMailCatcher(E2E_SMTP_PORT, E2E_MAIL_API_PORT);
const serverEntry = path.join(process.env.BUILD_DIR ?? "build", "server/main.js");
const app = spawn(process.execPath, [serverEntry], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(E2E_APP_PORT),
    HOST: "127.0.0.1",
    APP_URL: E2E_BASE_URL,
    DATA_DIR: dataDir,
    SEED_DEMO: "true",
    SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
    LOG_LEVEL: "warn",
    // Specs that register present themselves as separate visitors (support/accounts-flow.ts).
    TRUST_PROXY: "true",
    // Test only (refused on a deployed site): the chat spec's Open Graph page lives on loopback.
    LINK_PREVIEW_TEST_ALLOW: `127.0.0.1:${E2E_LINK_SITE_PORT}`,
    // The figures' spec waits for a counted view to be written: half a second instead of five.
    VISITA_FIGURES_FLUSH_MS: "500",
    // The academy is configured, so its account type is offered (decision 0122; never contacted here).
    ACADEMIA_URL: "https://academia.example.test",
    ACADEMIA_SECRET: "e2e-academia-secret-0123456789abcdefghij",
  },
});

const stop = async () => {
  app.kill("SIGTERM");
  await catcher.close();
};
process.on("SIGTERM", () => void stop().then(() => process.exit(0)));
process.on("SIGINT", () => void stop().then(() => process.exit(0)));
app.on("exit", (code) => {
  void catcher.close().then(() => process.exit(code ?? 0));
});
