import fs from "node:fs";
import path from "node:path";
import type { LoadResult } from "./load";
import type { SizeRun } from "./scale";

export type ScaleRow = LoadResult & {
  kind: "api" | "page" | "signed-in";
  phase: "uncached" | "cached";
  peakRssMb: number;
  load: string;
  /** Database queries of one request (uncached phase only). */
  queries?: number;
};

/** Issue 33's targets: every API and cached page within 2× of today's size; signed-in pages p95 ≤ 150 ms. */
export const SCALE_TARGETS = { slowdown: 2, signedInP95Ms: 150 };

const key = (r: ScaleRow) => `${r.name}|${r.phase}`;

/**
 * The verdict of one scenario at ten times the data: signed-in pages by their p95; APIs and cached
 * pages by how much slower they got (requests/s lost or p95 grown, whichever is worse). Uncached
 * anonymous pages are reported, not judged (visitors get the page cache).
 */
function verdict(small: ScaleRow | undefined, big: ScaleRow): string {
  // No answer within the run (each took longer than it) is a miss, not a p95 of 0.
  if (big.requests === 0) return "❌ no answer within the run";
  if (big.kind === "signed-in") return big.p95 <= SCALE_TARGETS.signedInP95Ms ? "✅" : `❌ p95 > ${SCALE_TARGETS.signedInP95Ms} ms`;
  if (big.non2xx || big.errors) return "❌ errors";
  if (!small || (big.kind === "page" && big.phase === "uncached")) return "";
  const slowdown = Math.max(small.requestsPerSecond / Math.max(1, big.requestsPerSecond), big.p95 / Math.max(0.1, small.p95));
  return slowdown <= SCALE_TARGETS.slowdown ? `✅ ${slowdown.toFixed(2)}×` : `❌ ${slowdown.toFixed(2)}×`;
}

export function writeScaleReport(
  runs: SizeRun[],
  meta: { seconds: number; connections: number; cpus: number; node: string; minutes: number },
) {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const dir = path.resolve("bench-results");
  fs.mkdirSync(dir, { recursive: true });
  const json = path.join(dir, `scale-${stamp}.json`);
  const md = path.join(dir, `scale-${stamp}.md`);
  fs.writeFileSync(json, JSON.stringify({ date: new Date().toISOString(), ...meta, targets: SCALE_TARGETS, runs }, null, 2));
  const [small, big] = [runs[0], runs.at(-1)];
  const lines = [
    `# Farmanexo at ${runs.map((r) => `${r.factor}×`).join(" and ")} the data, ${new Date().toISOString()}`,
    "",
    `PostgreSQL; ${meta.connections} connections, ${meta.seconds} s per scenario after a 1 s warm-up; ${meta.cpus} CPUs; Node ${meta.node}; the whole run took ${meta.minutes} min. "load" is the machine's 1/5/15-minute load average when the scenario ended.`,
    "",
    `| Rows | ${runs.map((r) => `${r.factor}×`).join(" | ")} |`,
    `|---|${runs.map(() => "---:").join("|")}|`,
    ...Object.keys(small?.counts ?? {}).map((t) => `| ${t} | ${runs.map((r) => (r.counts[t] ?? 0).toLocaleString("en")).join(" | ")} |`),
    `| server RSS idle / peak (MB) | ${runs.map((r) => `${r.idleRssMb} / ${r.peakRssMb}`).join(" | ")} |`,
    `| seed (or reuse) time (s) | ${runs.map((r) => r.seedSeconds).join(" | ")} |`,
  ];
  if (small && big && small !== big) {
    const before = new Map(small.rows.map((r) => [key(r), r]));
    lines.push(
      "",
      `| Scenario | phase | queries ${small.factor}× / ${big.factor}× | ${small.factor}× req/s | ${small.factor}× p95 ms | ${big.factor}× req/s | ${big.factor}× p95 ms | ${big.factor}× p99 ms | load at ${big.factor}× | target |`,
      "|---|---|---:|---:|---:|---:|---:|---:|---|---|",
      ...big.rows.map((r) => {
        const s = before.get(key(r));
        const queries = r.queries === undefined ? "" : `${s?.queries ?? "–"} / ${r.queries}`;
        return `| ${r.name} | ${r.phase} | ${queries} | ${s?.requestsPerSecond ?? "–"} | ${s?.p95 ?? "–"} | ${r.requestsPerSecond} | ${r.p95} | ${r.p99} | ${r.load} | ${verdict(s, r)} |`;
      }),
    );
  }
  // The hot queries' plans, side by side: execution time at each size, ⚠ where a table over 10,000 rows is read whole.
  const plans = new Map<string, Map<number, SizeRun["plans"][number]>>();
  for (const run of runs) for (const plan of run.plans) plans.set(plan.name, (plans.get(plan.name) ?? new Map()).set(run.factor, plan));
  if (plans.size) {
    lines.push(
      "",
      "Hot queries (EXPLAIN ANALYZE; ⚠ = sequential scan of a table over 10,000 rows):",
      "",
      `| Query | ${runs.map((r) => `${r.factor}× ms`).join(" | ")} | sequential scans |`,
      `|---|${runs.map(() => "---:").join("|")}|---|`,
      ...[...plans].map(([name, byFactor]) => {
        const scans = [...new Set(runs.flatMap((r) => (byFactor.get(r.factor)?.seqScans ?? []).map((t) => `${t} (${r.factor}×)`)))];
        return `| ${name} | ${runs.map((r) => byFactor.get(r.factor)?.executionMs ?? "–").join(" | ")} | ${scans.length ? `⚠ ${scans.join(", ")}` : "✅ none"} |`;
      }),
    );
  }
  fs.writeFileSync(md, `${lines.join("\n")}\n`);
  return { json, md };
}
