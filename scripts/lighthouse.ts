/**
 * npm run lighthouse: Lighthouse 12 (mobile profile, simulated throttling) on the public pages of the
 * production build, served by the compiled server on a fresh embedded database with demo data, in
 * Debian's Chromium (CHROME_PATH, default /usr/bin/chromium). Prints the four category scores and
 * the main metrics per page; writes bench-results/lighthouse-<timestamp>.{json,md}.
 *
 * BUILD_DIR (build), LIGHTHOUSE_PORT (4710).
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { startAppServer } from "./bench/servers";

const run = promisify(execFile);
const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? "build");
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const METRICS = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"];

type PageScore = { name: string; path: string; scores: Record<string, number>; metrics: Record<string, string>; transferKiB: number };

/** Headless Chromium now and then fails to record a page's trace (NO_NAVSTART): one more try. */
async function audit(url: string): Promise<Omit<PageScore, "name" | "path">> {
  try {
    return await auditOnce(url);
  } catch (error) {
    console.warn(`[lighthouse] ${url}: ${String((error as { stderr?: string }).stderr ?? error).trim()}; trying again`);
    return auditOnce(url);
  }
}

async function auditOnce(url: string): Promise<Omit<PageScore, "name" | "path">> {
  const output = path.join(os.tmpdir(), `farmanexo-lh-${process.pid}.json`);
  await run(
    path.resolve("node_modules/.bin/lighthouse"),
    [
      url,
      "--quiet",
      "--output=json",
      `--output-path=${output}`,
      `--only-categories=${CATEGORIES.join(",")}`,
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run --disable-background-networking --disable-component-update --disable-sync",
    ],
    { env: { ...process.env, CHROME_PATH }, maxBuffer: 64 * 1024 * 1024 },
  );
  const lhr = JSON.parse(fs.readFileSync(output, "utf8"));
  fs.rmSync(output, { force: true });
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
  const metrics = Object.fromEntries(METRICS.map((m) => [m, String(lhr.audits[m]?.displayValue ?? "")]));
  const transferKiB = Math.round((lhr.audits["total-byte-weight"]?.numericValue ?? 0) / 1024);
  return { scores, metrics, transferKiB };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "farmanexo-lighthouse-"));
  const server = await startAppServer(
    BUILD_DIR,
    { NODE_ENV: "production", DATA_DIR: dataDir, SEED_DEMO: "true", LOG_LEVEL: "warn", BUILD_DIR },
    [],
    Number(process.env.LIGHTHOUSE_PORT ?? 4710),
  );
  try {
    const list = await (await fetch(`${server.url}/api/empleo/ofertas?pais=espana`)).json();
    const offerUrl: string = list.items?.[0]?.url;
    if (!offerUrl) throw new Error("no demo offer to audit");
    const newsHtml = await (await fetch(`${server.url}/app/noticias`)).text();
    const articleUrl = /href="(\/app\/noticias\/\d+-[^"?#]+)"/.exec(newsHtml)?.[1];
    if (!articleUrl) throw new Error("no demo news article to audit");
    const pages = [
      { name: "home", path: "/app" },
      { name: "jobs listing", path: "/app/empleo/p/espana" },
      { name: "offer", path: offerUrl },
      { name: "news article", path: articleUrl },
    ];
    const results: PageScore[] = [];
    for (const page of pages) {
      await fetch(server.url + page.path); // the page cache holds it, as for any visitor after the first
      const result = await audit(server.url + page.path);
      results.push({ ...page, ...result });
      console.log(`[lighthouse] ${page.name}: ${CATEGORIES.map((c) => `${c} ${result.scores[c]}`).join(", ")}`);
    }
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    fs.mkdirSync("bench-results", { recursive: true });
    const md = [
      `# Lighthouse ${new Date().toISOString()} (mobile, simulated throttling, Chromium ${CHROME_PATH})`,
      "",
      "| Page | Performance | Accessibility | Best practices | SEO | FCP | LCP | TBT | CLS | Speed index | Transfer KiB |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
      ...results.map(
        (r) =>
          `| ${r.name} | ${CATEGORIES.map((c) => r.scores[c]).join(" | ")} | ${METRICS.map((m) => r.metrics[m]).join(" | ")} | ${r.transferKiB} |`,
      ),
    ].join("\n");
    fs.writeFileSync(`bench-results/lighthouse-${stamp}.json`, JSON.stringify(results, null, 2));
    fs.writeFileSync(`bench-results/lighthouse-${stamp}.md`, `${md}\n`);
    console.log(`\n${md}`);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
