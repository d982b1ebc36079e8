/**
 * npm run bench:metrics (issue 33, decision 0115): what Prometheus metrics cost on the hot path. The
 * same build answers a cached page (the jobs listing and offer pages, from the page cache) with
 * METRICS_PORT unset and set, alternating, RUNS times each; prints requests/s, p95 and the server's
 * CPU per answer (the figure a shared machine disturbs least) with their min / median / max.
 *
 * DATABASE_URL (a seeded database, e.g. bench:scale's farmanexo_scale_1x; unset: an embedded one
 * in a temporary directory), BENCH_SECONDS (5), BENCH_RUNS (3), BUILD_DIR (build), BENCH_PATHS.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadAverage } from "./bench-context";
import { cpuMs, runLoad } from "./load";
import { freePort, startAppServer } from "./servers";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? "build");
const PATHS = (process.env.BENCH_PATHS ?? "/app/empleo/p/espana").split(",");

type Sample = { requestsPerSecond: number; p95: number; cpuUsPerAnswer: number };

async function once(metrics: boolean): Promise<Sample> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "farmanexo-metrics-"));
  const env: Record<string, string> = { NODE_ENV: "production", DATA_DIR: dataDir, LOG_LEVEL: "warn", SEED_DEMO: "false" };
  if (process.env.DATABASE_URL) env.DATABASE_URL = process.env.DATABASE_URL;
  if (metrics) env.METRICS_PORT = String(await freePort());
  const server = await startAppServer(BUILD_DIR, env, []);
  try {
    // Warm-up: the pages are rendered once and kept; what follows is answered from the cache.
    await runLoad(server.url, { name: "warm-up", paths: PATHS }, { seconds: 1, connections: 10 });
    const before = cpuMs(server.pid) ?? 0;
    const result = await runLoad(
      server.url,
      { name: metrics ? "metrics on" : "metrics off", paths: PATHS },
      { seconds: SECONDS, connections: 10 },
    );
    const cpu = (cpuMs(server.pid) ?? 0) - before;
    return {
      requestsPerSecond: result.requestsPerSecond,
      p95: result.p95,
      cpuUsPerAnswer: Math.round((cpu * 1000) / Math.max(1, result.requests)),
    };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${sorted[0]} / ${sorted[Math.floor(sorted.length / 2)]} / ${sorted.at(-1)}`;
};

const samples: Record<"off" | "on", Sample[]> = { off: [], on: [] };
for (let run = 0; run < RUNS; run++) {
  for (const metrics of [false, true]) {
    const sample = await once(metrics);
    samples[metrics ? "on" : "off"].push(sample);
    console.log(`[bench:metrics] run ${run + 1} metrics ${metrics ? "on" : "off"}: ${JSON.stringify(sample)} load ${loadAverage()}`);
  }
}
console.log(`\n${PATHS.join(", ")} from the page cache, 10 connections, ${SECONDS} s, ${RUNS} runs each (min / median / max)\n`);
console.log("| METRICS_PORT | req/s | p95 ms | server CPU µs per answer |\n|---|---:|---:|---:|");
for (const key of ["off", "on"] as const) {
  const list = samples[key];
  console.log(
    `| ${key === "on" ? "set" : "unset"} | ${summary(list.map((s) => s.requestsPerSecond))} | ${summary(list.map((s) => s.p95))} | ${summary(list.map((s) => s.cpuUsPerAnswer))} |`,
  );
}
