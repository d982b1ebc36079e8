import fs from "node:fs";
import path from "node:path";
import type { LoadResult } from "./load";
import type { SizeRun } from "./scale";

export type ScaleRow = LoadResult & { kind: "api" | "page" | "signed-in"; phase: "uncached" | "cached"; peakRssMb: number; load: string };

/** Issue 33's targets: every API and cached page within 2× of today's size; signed-in pages p95 ≤ 150 ms. */
export const SCALE_TARGETS = { slowdown: 2, signedInP95Ms: 150 };

const key = (r: ScaleRow) => `${r.name}|${r.phase}`;

/**
 * The verdict of one scenario at ten times the data: signed-in pages by their p95; APIs and cached
 * pages by how much slower they got (requests/s lost or p95 grown, whichever is worse). Uncached
 * anonymous pages are reported, not judged (visitors get the page cache).
 */
function verdict(small: ScaleRow | undefined, big: ScaleRow): string {
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
    "| Rows | " + runs.map((r) => `${r.factor}×`).join(" | ") + " |",
    "|---|" + runs.map(() => "---:").join("|") + "|",
    ...Object.keys(small?.counts ?? {}).map((t) => `| ${t} | ${runs.map((r) => (r.counts[t] ?? 0).toLocaleString("en")).join(" | ")} |`),
    `| server RSS idle / peak (MB) | ${runs.map((r) => `${r.idleRssMb} / ${r.peakRssMb}`).join(" | ")} |`,
    `| seed (or reuse) time (s) | ${runs.map((r) => r.seedSeconds).join(" | ")} |`,
  ];
  if (small && big && small !== big) {
    const before = new Map(small.rows.map((r) => [key(r), r]));
    lines.push(
      "",
      `| Scenario | phase | ${small.factor}× req/s | ${small.factor}× p95 ms | ${big.factor}× req/s | ${big.factor}× p95 ms | ${big.factor}× p99 ms | load at ${big.factor}× | target |`,
      "|---|---|---:|---:|---:|---:|---:|---|---|",
      ...big.rows.map((r) => {
        const s = before.get(key(r));
        return `| ${r.name} | ${r.phase} | ${s?.requestsPerSecond ?? "–"} | ${s?.p95 ?? "–"} | ${r.requestsPerSecond} | ${r.p95} | ${r.p99} | ${r.load} | ${verdict(s, r)} |`;
      }),
    );
  }
  for (const run of runs) {
    lines.push("", `Query plans at ${run.factor}× (EXPLAIN ANALYZE; ⚠ = sequential scan of a table over 10,000 rows):`, "");
    for (const plan of run.plans)
      lines.push(`- ${plan.seqScans.length ? `⚠ seq scan on ${plan.seqScans.join(", ")}` : "✅"} ${plan.name}: ${plan.executionMs} ms`);
  }
  fs.writeFileSync(md, `${lines.join("\n")}\n`);
  return { json, md };
}
