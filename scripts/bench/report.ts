import fs from "node:fs";
import path from "node:path";
import type { DbRun } from "./run";

/** Targets on PostgreSQL (docs/decisions/0009-jobs-search.md). */
export const TARGETS = { searchP95Ms: 50, minRatioPercent: 10, maxRssMb: 300 };

function checks(run: DbRun): string[] {
  if (run.database !== "postgres") return [];
  const by = (name: string) => run.results.find((r) => r.name.startsWith(name));
  const lines: string[] = [];
  for (const name of ["keyword search", "keyword search, no accents"]) {
    const r = run.results.find((x) => x.name === name);
    if (r) lines.push(`${r.p95 <= TARGETS.searchP95Ms ? "✅" : "❌"} ${name} p95 ${r.p95} ms ≤ ${TARGETS.searchP95Ms} ms`);
  }
  for (const name of ["country list", "country + job title list", "offer API"]) {
    const r = by(name);
    if (r)
      lines.push(`${r.ratio >= TARGETS.minRatioPercent ? "✅" : "❌"} ${r.name} ${r.ratio}% of baseline ≥ ${TARGETS.minRatioPercent}%`);
  }
  lines.push(`${run.peakRssMb <= TARGETS.maxRssMb ? "✅" : "❌"} server peak RSS ${run.peakRssMb} MB ≤ ${TARGETS.maxRssMb} MB`);
  return lines;
}

export function writeReport(runs: DbRun[], meta: { seconds: number; connections: number; cpus: number; node: string }) {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const dir = path.resolve("bench-results");
  fs.mkdirSync(dir, { recursive: true });
  const json = path.join(dir, `jobs-${stamp}.json`);
  const md = path.join(dir, `jobs-${stamp}.md`);
  fs.writeFileSync(json, JSON.stringify({ date: new Date().toISOString(), ...meta, targets: TARGETS, runs }, null, 2));
  const lines = [
    `# Jobs benchmark ${new Date().toISOString()}`,
    "",
    `${meta.connections} connections, ${meta.seconds} s per scenario after a 1 s warm-up; ${meta.cpus} CPUs; Node ${meta.node}. Ratio = requests/s ÷ the baseline's in the same run.`,
  ];
  for (const run of runs) {
    lines.push(
      "",
      `## ${run.database} (${run.offers.toLocaleString("en")} offers, seeded in ${run.seedSeconds} s; server RSS ${run.idleRssMb} MB idle, ${run.peakRssMb} MB peak; node ${run.nodeFlags || "(no flags)"})`,
      "",
      "| Scenario | req/s | % of baseline | p50 ms | p95 ms | p99 ms | non-2xx | peak RSS MB |",
      "|---|---:|---:|---:|---:|---:|---:|---:|",
      ...run.results.map(
        (r) => `| ${r.name} | ${r.requestsPerSecond} | ${r.ratio}% | ${r.p50} | ${r.p95} | ${r.p99} | ${r.non2xx} | ${r.peakRssMb} |`,
      ),
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
