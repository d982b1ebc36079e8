import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";

/** How production starts the server (package.json "serve"): the compiled server of BUILD_DIR. */
export const serverEntry = (buildDir: string) => path.join(buildDir, "server/main.js");

/**
 * BENCH_PORT pins the ports on a shared machine: the app server on it (one at a time), the bare
 * baseline on the next one. Without it, free ports the system picks.
 */
const PINNED_PORT = Number(process.env.BENCH_PORT) || 0;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

async function waitFor(url: string, child: ChildProcess) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer`);
}

export type RunningServer = { url: string; pid: number; stop: () => Promise<void> };

function handle(child: ChildProcess, url: string): RunningServer {
  return {
    url,
    pid: child.pid as number,
    async stop() {
      // A server that died of a signal (an out-of-memory abort) has no exit code but a signal code.
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const timeout = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timeout);
    },
  };
}

/** The app as production runs it, in a child process, ready when /readyz answers. */
export async function startAppServer(
  buildDir: string,
  env: Record<string, string>,
  nodeFlags: string[],
  port?: number,
): Promise<RunningServer> {
  port ??= PINNED_PORT || (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...nodeFlags, serverEntry(buildDir)], {
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", APP_URL: url },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const server = handle(child, url);
  try {
    await waitFor(`${url}/readyz`, child);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

/** The bare node:http baseline (bare-server.mjs) answering each captured path (answers.ts) as the app did. */
export async function startBareServer(answersFile: string, readyPath: string): Promise<RunningServer> {
  const port = PINNED_PORT ? PINNED_PORT + 1 : await freePort();
  const url = `http://127.0.0.1:${port}`;
  const script = path.join(import.meta.dirname, "bare-server.mjs");
  const child = spawn(process.execPath, [script, String(port), answersFile], { stdio: ["ignore", "ignore", "inherit"] });
  const server = handle(child, url);
  await waitFor(`${url}${readyPath}`, child);
  return server;
}
