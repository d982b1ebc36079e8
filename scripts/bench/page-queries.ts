/**
 * One page's database queries and time, in-process (issue 33: "per-page query counts"):
 *   DATABASE_URL=postgres://…/farmanexo_scale_1x npx tsx scripts/bench/page-queries.ts /app/chat demo-candidato@farmanexo.test
 * Signs the user in (a fresh session), renders the path REPEAT (5) times through the whole app and
 * prints, for the last one, each query (SQL text, never values) with its time, then the total and
 * the render's wall time; with PROFILE=1 the renders are also written as a .cpuprofile (Chrome
 * DevTools, speedscope) under bench-results/.
 * Run it with NODE_ENV=production in the environment, or React renders in its development build.
 */
import fs from "node:fs";
import { Session } from "node:inspector/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { eq } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { createSession, SESSION_COOKIE } from "#server/accounts/session";
import { createApp } from "#server/app";
import { closeAppContext, createAppContext } from "#server/boot";
import { loadConfig } from "#server/config";
import { users } from "#server/db/schema";
import { createLogger } from "#server/platform/logger";

const [pagePath, email] = process.argv.slice(2);
const REPEAT = Number(process.env.REPEAT ?? 5);
const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? "build");

async function main() {
  if (!pagePath) throw new Error("usage: page-queries.ts <path> [email]");
  const config = loadConfig({ ...process.env, NODE_ENV: "production", SEED_DEMO: "false", PAGE_CACHE_MB: "0", LOG_LEVEL: "silent" });
  const ctx = await createAppContext(config, { logger: createLogger("silent"), mailPolling: false });
  let log: Array<{ sql: string; ms: number }> = [];
  ctx.database.observeQueries((statement) => {
    const started = performance.now();
    return () => log.push({ sql: statement.replace(/\s+/g, " ").slice(0, 160), ms: performance.now() - started });
  });
  const build = (await import(pathToFileURL(path.join(BUILD_DIR, "server/index.js")).href)) as ServerBuild;
  const app = createApp(ctx, { build, clientDir: path.join(BUILD_DIR, "client") });
  let cookie = "";
  if (email) {
    const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) throw new Error(`${email} not found`);
    cookie = `${SESSION_COOKIE}=${(await createSession(ctx.db, { userId: user.id, kind: "web" })).token}`;
  }
  const profiler = process.env.PROFILE ? new Session() : undefined;
  if (profiler) {
    profiler.connect();
    await profiler.post("Profiler.enable");
    await profiler.post("Profiler.start");
  }
  let ms = 0;
  let status = 0;
  let bytes = 0;
  for (let i = 0; i < REPEAT; i++) {
    log = [];
    const started = performance.now();
    const response = await app.fetch(new Request(new URL(pagePath, config.appUrl), { headers: { cookie, accept: "text/html" } }));
    bytes = (await response.arrayBuffer()).byteLength;
    ms = performance.now() - started;
    status = response.status;
  }
  if (profiler) {
    const { profile } = await profiler.post("Profiler.stop");
    const file = path.resolve("bench-results", `page-${pagePath.replace(/\W+/g, "_")}-${Date.now()}.cpuprofile`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(profile));
    console.log(`profile: ${file}`);
  }
  for (const q of log) console.log(`${q.ms.toFixed(1).padStart(7)} ms  ${q.sql}`);
  console.log(
    `${pagePath}: ${status}, ${bytes} bytes, ${log.length} queries (${log.reduce((s, q) => s + q.ms, 0).toFixed(1)} ms), render ${ms.toFixed(1)} ms`,
  );
  await closeAppContext(ctx);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
