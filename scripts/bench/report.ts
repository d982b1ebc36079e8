import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BenchResult, DbRun } from "./run";

/** Targets on PostgreSQL (issue #10; docs/decisions/0009-jobs-search.md for the search p95). */
export const TARGETS = {
  /** Issue 33: every cached page and API at half of a bare node:http server sending its own answers. */
  cachedOwnRatio: 50,
  cachedPageP95Ms: 20,
  uncachedRatio: { "offer page (random offers)": 5, "jobs listing page": 3, "product page (random products)": 5 } as Record<string, number>,
  apiRatio: {
    "GET /healthz": 50,
    "offer list API": 10,
    "keyword search API": 10,
    "keyword search API, no accents": 10,
    "offer API (random offers)": 25,
  } as Record<string, number>,
  searchP95Ms: 50,
  /** Issue 13: a misspelt product name over 50,000 products. */
  catalogueSearchP95Ms: 20,
  longP99Ms: 1000,
  /** Signed-in pages at 100 connections: every 200 within this, the rest quick 503s, no timeout (decision 0056). */
  signedInOkP99Ms: 2000,
  maxRssMb: 300,
};

const mark = (ok: boolean) => (ok ? "✅" : "❌");

function checks(run: DbRun): string[] {
  if (run.database !== "postgres") return [];
  const lines: string[] = [];
  for (const r of run.results) {
    if (r.group === "cached" || r.group === "api-cached") {
      lines.push(
        `${mark(r.ratio >= TARGETS.cachedOwnRatio)} ${r.name}${GROUP_LABEL[r.group]}: ${r.ratio}% of bare with its own bytes ≥ ${TARGETS.cachedOwnRatio}% (CPU per answer: ${r.cpuShare}% of bare's)`,
      );
    }
    if (r.group === "cached") {
      lines.push(`${mark(r.p95 <= TARGETS.cachedPageP95Ms)} cached ${r.name}: p95 ${r.p95} ms ≤ ${TARGETS.cachedPageP95Ms} ms`);
    }
    const uncached = TARGETS.uncachedRatio[r.name];
    if (r.group === "uncached" && uncached !== undefined)
      lines.push(`${mark(r.ratio >= uncached)} uncached ${r.name}: ${r.ratio}% of bare ≥ ${uncached}%`);
    const api = TARGETS.apiRatio[r.name];
    if (r.group === "api" && api !== undefined)
      lines.push(`${mark(r.ratio >= api)} ${r.name}${GROUP_LABEL[r.group]}: ${r.ratio}% of bare JSON ≥ ${api}%`);
    if (r.group === "api" && r.name.startsWith("keyword search")) {
      lines.push(`${mark(r.p95 <= TARGETS.searchP95Ms)} ${r.name}: p95 ${r.p95} ms ≤ ${TARGETS.searchP95Ms} ms`);
    }
    if (r.group === "api" && r.name.startsWith("product search API")) {
      lines.push(`${mark(r.p95 <= TARGETS.catalogueSearchP95Ms)} ${r.name}: p95 ${r.p95} ms ≤ ${TARGETS.catalogueSearchP95Ms} ms`);
    }
    if (r.group === "long" || r.group === "long-cached") {
      const failed = r.errors + r.non2xx;
      lines.push(
        `${mark(failed === 0 && r.p99 <= TARGETS.longP99Ms)} ${r.name}${GROUP_LABEL[r.group]} at ${r.connections} connections: ${failed} errors, p99 ${r.p99} ms ≤ ${TARGETS.longP99Ms} ms`,
      );
    }
    if (r.group === "signed-in") {
      lines.push(
        `${mark(r.timeouts === 0 && r.okP99 <= TARGETS.signedInOkP99Ms)} ${r.name} at ${r.connections} connections: ${r.timeouts} timeouts, 200s p99 ${r.okP99} ms ≤ ${TARGETS.signedInOkP99Ms} ms (max ${r.okMax} ms); 503s ${r.shedShare}% (p99 ${r.shedP99} ms); other errors ${r.errors - r.timeouts}`,
      );
    }
  }
  lines.push(`${mark(run.peakRssMb <= TARGETS.maxRssMb)} server peak RSS ${run.peakRssMb} MB ≤ ${TARGETS.maxRssMb} MB`);
  return lines;
}

const GROUP_LABEL: Record<BenchResult["group"], string> = {
  baseline: "",
  api: "",
  "api-cached": " (cache on)",
  uncached: " (uncached)",
  cached: " (cached)",
  long: " (uncached)",
  "long-cached": " (cached)",
  "signed-in": "",
};

const BASELINE_LABEL: Record<BenchResult["baseline"], string> = { html: "offer page", json: "offer JSON", own: "own bytes" };

const row = (r: BenchResult) =>
  `| ${r.name}${GROUP_LABEL[r.group]} | ${r.connections} | ${r.requestsPerSecond.toLocaleString("en")} | ${r.group === "baseline" ? "—" : `${r.bareRequestsPerSecond.toLocaleString("en")} (${BASELINE_LABEL[r.baseline]})`} | ${r.group === "baseline" ? "—" : `${r.ratio}%`} | ${r.cpuUsPerRequest} | ${r.group === "baseline" || !r.cpuShare ? "—" : `${r.cpuShare}%`} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.non2xx} | ${r.errors} | ${r.peakRssMb} |`;

export function writeReport(
  runs: DbRun[],
  meta: { seconds: number; connections: number; longSeconds: number; longConnections: number; cpus: number; node: string },
) {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const dir = path.resolve("bench-results");
  fs.mkdirSync(dir, { recursive: true });
  const json = path.join(dir, `bench-${stamp}.json`);
  const md = path.join(dir, `bench-${stamp}.md`);
  fs.writeFileSync(json, JSON.stringify({ date: new Date().toISOString(), ...meta, targets: TARGETS, runs }, null, 2));
  const lines = [
    `# Farmanexo benchmark ${new Date().toISOString()}`,
    "",
    `${meta.connections} connections, ${meta.seconds} s per scenario after a 1 s warm-up; long runs ${meta.longConnections} connections × ${meta.longSeconds} s; ${meta.cpus} CPUs; Node ${meta.node}.`,
    "Share = requests/s ÷ a bare node:http server's answering with the app's own captured answers (status, headers, gzipped body), same paths, same connections, same run: the offer page's and an offer's answers for the uncached phase, each scenario's own for the cached phase.",
    "CPU share = the bare server's CPU time per answer ÷ the app's (Linux /proc, 10 ms ticks): what one answer costs, which a loaded machine disturbs far less than requests/s.",
    `Load average when the report was written: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(", ")} (each line of the log gives it at that scenario's end).`,
  ];
  for (const run of runs) {
    lines.push(
      "",
      `## ${run.database} (${run.offers.toLocaleString("en")} offers, ${run.products.toLocaleString("en")} products, seeded in ${run.seedSeconds} s; server RSS ${run.idleRssMb} MB idle, ${run.peakRssMb} MB peak; node ${run.nodeFlags || "(no flags)"})`,
      "",
      "| Scenario | conn | req/s | bare req/s (bytes) | share of bare | CPU µs/answer | CPU share | p50 ms | p95 ms | p99 ms | non-2xx | errors | peak RSS MB |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
      ...run.results.map(row),
    );
    const targetLines = checks(run);
    if (targetLines.length) lines.push("", "Targets:", "", ...targetLines.map((l) => `- ${l}`));
    if (run.plans.length) {
      lines.push("", "Query plans (EXPLAIN ANALYZE):", "");
      for (const plan of run.plans) lines.push(`- ${plan.name}: ${plan.indexes.join(", ") || "no index"}; ${plan.executionMs} ms`);
    }
  }
  fs.writeFileSync(md, `${lines.join("\n")}\n`);
  return { json, md };
}
