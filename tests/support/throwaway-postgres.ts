import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./net";

/** Debian's PostgreSQL binaries, or undefined when the package is missing. */
export function postgresBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return undefined;
  const versions = fs.readdirSync(root).sort((a, b) => Number(a) - Number(b));
  const bin = versions.length ? path.join(root, versions[versions.length - 1] as string, "bin") : undefined;
  return bin && fs.existsSync(path.join(bin, "pg_ctl")) ? bin : undefined;
}

/**
 * A PostgreSQL cluster of its own on a free loopback port (like scripts/with-postgres.sh), that a
 * test may stop and start: the shared server on 5432 is never touched.
 */
export async function startThrowawayPostgres() {
  const bin = postgresBin();
  if (!bin) throw new Error("PostgreSQL is not installed (scripts/ensure-system-packages.sh installs it)");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "farmanexo-outage-pg-"));
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync("chown", ["postgres:postgres", dir]);
  const run = (tool: string, args: string[]) =>
    asRoot
      ? execFileSync("runuser", ["-u", "postgres", "--", path.join(bin, tool), ...args], { stdio: "pipe" })
      : execFileSync(path.join(bin, tool), args, { stdio: "pipe" });
  const data = path.join(dir, "data");
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"]);
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off`;
  const start = () => run("pg_ctl", ["-D", data, "-o", options, "-w", "-l", path.join(dir, "log"), "start"]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** Stops the server (fast mode: open connections are terminated). */
    stop: () => void run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]),
    start: () => void start(),
    async remove() {
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
