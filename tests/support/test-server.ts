import fs from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { createApp, nodeRequestListener } from "#server/app";
import { closeAppContext, createAppContext } from "#server/boot";
import { loadConfig } from "#server/config";
import type { AppContext } from "#server/context";
import { openPostgres } from "#server/db/client";
import { createLogger, type Logger } from "#server/platform/logger";
import { openTestDatabase } from "./databases";

export type TestServer = {
  url: string;
  ctx: AppContext;
  /** fetch() against the server; paths are relative to its origin. */
  fetch: (path: string, init?: RequestInit) => Promise<Response>;
  close: () => Promise<void>;
};

// BUILD_DIR lets parallel checkouts or runs build into their own directory.
const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? "build");
const BUILD_ENTRY = path.join(BUILD_DIR, "server/index.js");
let buildPromise: Promise<ServerBuild> | undefined;

/** The production page build; integration tests of pages need `npm run build` first (npm test does it). */
function loadBuild(): Promise<ServerBuild> {
  if (!fs.existsSync(BUILD_ENTRY)) throw new Error(`${BUILD_ENTRY} is missing: run \`npm run build\` first (npm test does).`);
  buildPromise ??= import(/* @vite-ignore */ pathToFileURL(BUILD_ENTRY).href) as Promise<ServerBuild>;
  return buildPromise;
}

/**
 * Starts the real server in-process on a free port and a fresh database; with `shareDatabaseWith`,
 * a second instance on the same PostgreSQL database (scale-out tests).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: { shareDatabaseWith?: TestServer; databaseUrl?: string; logger?: Logger } = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "farmanexo-test-"));
  let handler: ReturnType<typeof nodeRequestListener> | undefined;
  const server: Server = createServer((req, res) => handler?.(req, res));
  // The test's fetch() and this server share one event loop: when a busy loop fires the server's
  // 5 s idle timer before the client's own 4 s one, a reused socket is reset mid-request. A long
  // keep-alive on the server side leaves closing idle sockets to the client.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  const config = loadConfig({
    NODE_ENV: "test",
    PORT: String(port),
    APP_URL: url,
    DATA_DIR: dataDir,
    SEED_DEMO: "false",
    LOG_LEVEL: "silent",
    ...env,
  });
  const shared = options.shareDatabaseWith?.ctx.database;
  if (shared && !shared.url) throw new Error("Only a PostgreSQL database can be shared by two instances");
  // A database of the test's own (e.g. a throwaway cluster it stops and starts) is migrated at start.
  const databaseUrl = options.databaseUrl ?? shared?.url;
  const { database, drop } = databaseUrl
    ? { database: await openPostgres(databaseUrl, { max: 5 }), drop: async () => {} }
    : await openTestDatabase();
  // Tests drive mail delivery with deliverDue(); no background polling.
  const ctx = await createAppContext(config, { database, logger: options.logger ?? createLogger("silent"), mailPolling: false });
  const app = createApp(ctx, { build: await loadBuild(), clientDir: path.join(BUILD_DIR, "client") });
  handler = nodeRequestListener(app, ctx);
  server.on("upgrade", (request, socket, head) => {
    if (request.url?.split("?")[0] === "/ws") ctx.realtime.handleUpgrade(request, socket, head);
    else socket.destroy();
  });

  return {
    url,
    ctx,
    fetch: (p, init) => fetch(new URL(p, url), { redirect: "manual", ...init }),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await closeAppContext(ctx);
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
