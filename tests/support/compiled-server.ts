import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { freePort } from "./net";

const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? "build");
const MAIN = path.join(BUILD_DIR, "server/main.js");

export type CompiledServer = {
  url: string;
  port: number;
  child: ChildProcess;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** Everything the process wrote to stdout and stderr so far. */
  output: () => string;
  kill: () => Promise<void>;
};

/** GET on a fresh connection (no keep-alive): status, or the error code when nothing answered. */
export function probe(url: string, timeoutMs = 2000): Promise<number | string> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false, timeout: timeoutMs }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("timeout", () => request.destroy(Object.assign(new Error("timeout"), { code: "ETIMEDOUT" })));
    request.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/**
 * The production server (`npm run build` → build/server/main.js) in a child process on a free
 * loopback port: on PGlite in its own DATA_DIR, or on PostgreSQL with DATABASE_URL in `env`.
 */
export async function startCompiledServer(env: Record<string, string> = {}): Promise<CompiledServer> {
  if (!fs.existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first (npm test does).`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "farmanexo-compiled-"));
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: url,
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on("data", (chunk) => {
    output += String(chunk);
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const server: CompiledServer = {
    url,
    port,
    child,
    exited,
    output: () => output,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  // A deadline rather than a count of tries: a PGlite start (migrations, reference data) took over
  // 30 s on a machine at load 20, and a slow start is not what these tests are about.
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${output}`);
    if ((await probe(`${url}/readyz`)) === 200) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await server.kill();
  throw new Error(`server did not become ready: ${output}`);
}
