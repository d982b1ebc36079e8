/**
 * `npm run bench:figures` (issue 32, decisions 0113, 0125): a cached product page viewed by anonymous
 * visitors, with counting off (the page only) and on (the page, then its beacon, as a browser sends
 * it: a browser's user agent, each view from another address behind the proxy, so that the
 * per-visitor limit never drops a beacon). Reports page views per second of each and their ratio,
 * in two ways: at saturation (as many as the server answers) and offered at BENCH_RATE views per
 * second (default 1,000, the target: at most 10% fewer views with counting on). Each pair is
 * run BENCH_FIGURES_RUNS times (default 3, alternating) and min/median/max are printed.
 *
 * It starts the built app (npm run build first) on embedded PGlite with the demo data, in a
 * temporary directory; BENCH_SECONDS (default 5) and BENCH_CONNECTIONS (default 10) tune the load.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startAppServer } from "./servers";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const RUNS = Number(process.env.BENCH_FIGURES_RUNS ?? 3);
const RATE = Number(process.env.BENCH_RATE ?? 1_000);
const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? "build");
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

type Views = { pagesPerSecond: number; non2xx: number; errors: number };

let visitor = 0;
/** Another visitor's address for each beacon (the bench server trusts X-Forwarded-For). */
const fromAnotherVisitor = (request: { headers?: Record<string, string> }) => {
  visitor++;
  request.headers = { ...request.headers, "x-forwarded-for": `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}` };
  return request;
};

async function measure(
  url: string,
  page: string,
  beacon: { body: string; cookie: string; token: string } | null,
  viewsPerSecond?: number,
): Promise<Views> {
  const pageRequest = {
    method: "GET" as const,
    path: page,
    headers: { accept: "text/html", "accept-encoding": "gzip", "user-agent": BROWSER },
  };
  const requests = beacon
    ? [
        pageRequest,
        {
          method: "POST" as const,
          path: "/api/visita/estadisticas/eventos",
          body: beacon.body,
          headers: {
            "content-type": "application/json",
            accept: "application/json",
            "user-agent": BROWSER,
            cookie: beacon.cookie,
            "x-xsrf-token": beacon.token,
          },
          setupRequest: fromAnotherVisitor,
        },
      ]
    : [pageRequest];
  const overallRate = viewsPerSecond ? viewsPerSecond * requests.length : undefined;
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, requests, ...(overallRate ? { overallRate } : {}) });
  // With counting on, every second request is the beacon: a page view is a page and its beacon.
  const pagesPerSecond = Math.round(result.requests.average / requests.length);
  return { pagesPerSecond, non2xx: result.non2xx, errors: result.errors };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "farmanexo-bench-figures-"));
  const server = await startAppServer(
    BUILD_DIR,
    { NODE_ENV: "production", DATA_DIR: dataDir, SEED_DEMO: "true", LOG_LEVEL: "warn", BUILD_DIR, TRUST_PROXY: "true" },
    (process.env.BENCH_NODE_FLAGS ?? "--max-old-space-size=128").split(" ").filter(Boolean),
  );
  try {
    const found = (await (await fetch(`${server.url}/api/visita/productos?q=paracetamol`)).json()) as {
      items?: Array<{ id: number; url?: string }>;
    };
    const product = found.items?.[0];
    if (!product?.url) throw new Error("no demo product found");
    const page = new URL(product.url, server.url).pathname;
    // The cookie and token an anonymous browser fetches once before its first beacon.
    const csrf = await fetch(`${server.url}/sanctum/csrf-cookie`);
    const cookie = (csrf.headers.getSetCookie?.() ?? []).map((c) => c.split(";")[0]).join("; ");
    const token = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? "");
    const beacon = { body: JSON.stringify({ evento: "vista_producto", producto_id: product.id }), cookie, token };
    const check = await fetch(`${server.url}/api/visita/estadisticas/eventos`, {
      method: "POST",
      body: beacon.body,
      headers: { "content-type": "application/json", "user-agent": BROWSER, cookie, "x-xsrf-token": token },
    });
    if (check.status !== 204) throw new Error(`the beacon answered ${check.status}`);
    for (let i = 0; i < 3; i++) await fetch(server.url + page, { headers: { "accept-encoding": "gzip" } }).then((r) => r.arrayBuffer());
    await measure(server.url, page, null); // warm-up
    const report = async (label: string, viewsPerSecond?: number) => {
      const off: Views[] = [];
      const on: Views[] = [];
      for (let run = 0; run < RUNS; run++) {
        const a = await measure(server.url, page, null, viewsPerSecond);
        const b = await measure(server.url, page, beacon, viewsPerSecond);
        off.push(a);
        on.push(b);
        const ratio = b.pagesPerSecond / a.pagesPerSecond;
        console.log(
          `${label} run ${run + 1}: counting off ${a.pagesPerSecond} views/s, on ${b.pagesPerSecond} views/s (${(ratio * 100).toFixed(1)}%; non-2xx off ${a.non2xx}, on ${b.non2xx})`,
        );
      }
      const ratios = on.map((v, i) => v.pagesPerSecond / (off[i]?.pagesPerSecond || 1));
      const row = (name: string, values: number[], digits = 0) =>
        `${name}: min ${Math.min(...values).toFixed(digits)}, median ${median(values).toFixed(digits)}, max ${Math.max(...values).toFixed(digits)}`;
      console.log(
        `\n${label}: product page ${page}, cached, ${CONNECTIONS} connections × ${SECONDS} s, ${RUNS} runs, ${os.cpus().length} CPUs:`,
      );
      console.log(
        row(
          "counting off, views/s",
          off.map((v) => v.pagesPerSecond),
        ),
      );
      console.log(
        row(
          "counting on, views/s ",
          on.map((v) => v.pagesPerSecond),
        ),
      );
      console.log(
        row(
          "on ÷ off, %          ",
          ratios.map((r) => r * 100),
          1,
        ),
      );
      console.log("");
    };
    await report("saturated");
    await report(`offered ${RATE} views/s`, RATE);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
