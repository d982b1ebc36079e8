import fs from "node:fs";
import autocannon from "autocannon";

export type LoadResult = {
  name: string;
  path: string;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  non2xx: number;
  /** Connection errors, timeouts included (autocannon gives up on a response after 10 s). */
  errors: number;
  /** Of those, timeouts. */
  timeouts: number;
  /** 503 answers (load shedding, decision 0056), their share of all answers (%) and their p99 (ms). */
  shed: number;
  shedShare: number;
  shedP99: number;
  /** p99 and slowest of the 200 answers alone (ms). */
  okP99: number;
  okMax: number;
};

/** paths are requested in turn, one per request. */
export type Scenario = { name: string; paths: string[] };

/** Resident set size of a process in MB (Linux /proc), or null. */
export function rssMb(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * CPU time a process has used (user + system), in ms, from Linux /proc (clock ticks of 10 ms), or
 * null. Per request, it is the figure a loaded shared machine disturbs least: throughput falls
 * with other processes' load, the work one answer costs barely moves.
 */
export function cpuMs(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : null;
  } catch {
    return null;
  }
}

/** Samples a process's RSS every 100 ms; stop() returns the peak in MB. */
export function sampleRss(pid: number) {
  let peak = rssMb(pid) ?? 0;
  const timer = setInterval(() => {
    const now = rssMb(pid);
    if (now !== null && now > peak) peak = now;
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      return Math.round(peak);
    },
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Runs autocannon against one scenario; latencies are recorded per response to report a true p95. */
export async function runLoad(
  baseUrl: string,
  scenario: Scenario,
  options: { seconds: number; connections: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const latencies: number[] = [];
  const okLatencies: number[] = [];
  const shedLatencies: number[] = [];
  const paths = scenario.paths;
  const first = paths[0] ?? "/";
  let i = 0;
  const timeline: string[] = [];
  const begun = performance.now();
  const result = await autocannon({
    url: baseUrl,
    connections: options.connections,
    duration: options.seconds,
    requests: [
      paths.length > 1
        ? { method: "GET", path: first, setupRequest: (request) => ({ ...request, path: paths[i++ % paths.length] as string }) }
        : { method: "GET", path: first },
    ],
    headers: {
      accept: first.startsWith("/api") || first === "/json" ? "application/json" : "text/html",
      "accept-encoding": "gzip",
      ...options.headers,
    },
    setupClient: (client) => {
      client.on("response", (status: number, _bytes: number, time: number) => {
        latencies.push(time);
        if (process.env.BENCH_TIMELINE) timeline.push(`${Math.round(performance.now() - begun)} ${status} ${Math.round(time)}`);
        if (status === 200) okLatencies.push(time);
        else if (status === 503) shedLatencies.push(time);
      });
    },
  });
  if (process.env.BENCH_TIMELINE) fs.writeFileSync(process.env.BENCH_TIMELINE, timeline.join("\n"));
  for (const list of [latencies, okLatencies, shedLatencies]) list.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    name: scenario.name,
    path: first,
    requestsPerSecond: Math.round(result.requests.average),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    shed: shedLatencies.length,
    shedShare: latencies.length ? round((shedLatencies.length / latencies.length) * 100) : 0,
    shedP99: round(percentile(shedLatencies, 99)),
    okP99: round(percentile(okLatencies, 99)),
    okMax: round(okLatencies.at(-1) ?? 0),
  };
}
