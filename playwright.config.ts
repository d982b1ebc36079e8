import { defineConfig } from "@playwright/test";
import { E2E_BASE_URL } from "#tests/e2e/support/ports";

// Debian's Chromium (no browser download); the flags keep it off the network this machine lacks.
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: E2E_BASE_URL,
    locale: "es-ES",
    timezoneId: "Europe/Madrid",
    // Transitions finish at once (the theme respects reduced motion): axe checks settled pages.
    reducedMotion: "reduce",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  // The legal spec publishes new terms that every account must accept before going on: it runs
  // after the others, which share the stack's database and sign in as the demo accounts.
  projects: [
    { name: "flows", testIgnore: /legal-pages-and-consent\.spec\.ts$/ },
    { name: "terms", testMatch: /legal-pages-and-consent\.spec\.ts$/, dependencies: ["flows"] },
  ],
  webServer: {
    command: "node --import tsx tests/e2e/support/start-stack.ts",
    url: `${E2E_BASE_URL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
  },
});
