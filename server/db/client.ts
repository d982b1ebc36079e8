import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { observedQuery, type QueryFn, type QueryObserver } from "./observed-query";
import * as schema from "./schema";

export type { QueryObserver };

export type Schema = typeof schema;
/**
 * The Drizzle database, whichever driver is behind it. Services take this as their first argument.
 * A transaction (`db.transaction(async (tx) => …)`) is one too: pass `tx` on as it is, no cast.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type NotificationHandler = (payload: string) => void;
export type ListenOptions = {
  /**
   * Called when the LISTEN connection is back after it was lost: notifications sent in between are
   * gone, so a subscriber refreshes whatever they would have told it.
   */
  onReconnect?: () => void;
};

/** The pool's connections now (PostgreSQL only). */
export type PoolStats = { total: number; idle: number; waiting: number; max: number };

/**
 * A connection to the application's database plus the few driver-specific things Drizzle does not
 * abstract: LISTEN/NOTIFY (for fan-out across instances), a liveness ping and shutdown.
 */
export type Database = {
  kind: "pglite" | "postgres";
  /** The connection URL when kind is "postgres". */
  url?: string;
  db: Db;
  listen(channel: string, handler: NotificationHandler, options?: ListenOptions): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Adds an observer of every query (PGlite: the queries outside a transaction). */
  observeQueries(observer: QueryObserver): void;
  poolStats(): PoolStats | undefined;
  /** The LISTEN connection: "connected", "reconnecting" after a loss, "idle" before the first LISTEN. */
  listenState(): "connected" | "reconnecting" | "idle";
};

const CHANNEL_PATTERN = /^[a-z_][a-z0-9_]{0,62}$/;
function assertChannel(channel: string) {
  // Channel names cannot be bound as parameters in LISTEN, so they are checked instead.
  if (!CHANNEL_PATTERN.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
}

export async function openPglite(dataDir: string | undefined, options: { loadDataDir?: Blob } = {}): Promise<Database> {
  if (dataDir) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const client = await PGlite.create(dataDir ?? "memory://", {
    extensions: { unaccent, pg_trgm },
    loadDataDir: options.loadDataDir,
  });
  const observers: QueryObserver[] = [];
  client.query = observedQuery(client.query as QueryFn, observers) as typeof client.query;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: "pglite",
    db,
    observeQueries: (observer) => observers.push(observer),
    poolStats: () => undefined,
    listenState: () => "connected",
    async listen(channel, handler) {
      assertChannel(channel);
      const unsubscribe = await client.listen(channel, handler);
      return async () => unsubscribe();
    },
    async notify(channel, payload) {
      assertChannel(channel);
      await client.query("SELECT pg_notify($1, $2)", [channel, payload]);
    },
    async ping() {
      await client.query("SELECT 1");
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

/** What the LISTEN connection reports about itself: pino's signature, so the app's logger fits. */
type ListenerLog = { warn(details: object, message: string): void; info(details: object, message: string): void };

/**
 * The LISTEN connection retries after 0.25 s, 0.5 s, 1 s, then every 2 s while the database is down
 * (an attempt against a stopped server costs a refused TCP connection). The cap bounds how long an
 * instance that serves only cached pages (no query to notice the database is back) misses
 * invalidations after an outage; an instance with traffic reconnects on its first new pool connection.
 */
const MAX_RECONNECT_DELAY_MS = 2000;

export async function openPostgres(url: string, options: { max?: number; logger?: ListenerLog } = {}): Promise<Database> {
  const max = options.max ?? 10;
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5000 });
  const observers: QueryObserver[] = [];
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  // The database answers again: LISTEN is re-established at once rather than after its back-off
  // (up to 30 s of live events and cache invalidations lost after an outage otherwise).
  pool.on("connect", (client) => {
    // Every query of the pool (pool.query acquires a client and calls its query) and of transactions.
    client.query = observedQuery(client.query as QueryFn, observers) as typeof client.query;
    if (retry) reconnectNow();
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const log = options.logger;
  const handlers = new Map<string, Set<NotificationHandler>>();
  const reconnectHandlers = new Set<() => void>();
  let listener: Promise<pg.Client> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;
  let closed = false;

  /** One dedicated connection holds every LISTEN; notifications go to the handlers of their channel. */
  async function connectListener(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    client.on("notification", (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? "");
    });
    // Errors and the end of the connection (a restart, a terminated backend, a network cut) lead to a reconnect.
    client.on("error", (error) => lost(client, error));
    client.on("end", () => lost(client));
    try {
      await client.connect();
      for (const channel of handlers.keys()) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      client.removeAllListeners("end");
      await client.end().catch(() => {});
      throw error;
    }
    return client;
  }

  function listenerClient(): Promise<pg.Client> {
    listener ??= connectListener().catch((error) => {
      listener = undefined;
      throw error;
    });
    return listener;
  }

  function lost(client: pg.Client, error?: Error) {
    void listener?.then((current) => {
      if (current !== client || closed) return;
      listener = undefined;
      client.removeAllListeners("end");
      client.end().catch(() => {});
      // The message names the cause (e.g. "terminating connection due to administrator command"); never the URL.
      log?.warn({ channels: [...handlers.keys()], cause: error?.message ?? "connection ended" }, "database LISTEN connection lost");
      scheduleReconnect();
    });
  }

  const retryDelay = () => Math.min(MAX_RECONNECT_DELAY_MS, 250 * 2 ** failures);

  function reconnectNow() {
    clearTimeout(retry);
    retry = undefined;
    void reconnect();
  }

  async function reconnect() {
    try {
      await listenerClient();
      log?.info({ channels: [...handlers.keys()], attempts: failures + 1 }, "database LISTEN connection restored");
      failures = 0;
      for (const handler of reconnectHandlers) {
        try {
          handler();
        } catch (error) {
          log?.warn({ cause: (error as Error).message }, "database LISTEN reconnect handler failed");
        }
      }
    } catch (error) {
      failures += 1;
      log?.warn({ attempt: failures, retryInMs: retryDelay(), cause: (error as Error).message }, "database LISTEN reconnect failed");
      scheduleReconnect();
    }
  }

  function scheduleReconnect() {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void reconnect();
    }, retryDelay());
    retry.unref();
  }

  return {
    kind: "postgres",
    url,
    db,
    observeQueries: (observer) => observers.push(observer),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    listenState: () => (listener && !retry ? "connected" : retry || failures > 0 ? "reconnecting" : "idle"),
    async listen(channel, handler, listenOptions) {
      assertChannel(channel);
      const onReconnect = listenOptions?.onReconnect;
      if (onReconnect) reconnectHandlers.add(onReconnect);
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        const client = await listenerClient();
        // A connection made after the channel was added has already run its LISTEN.
        await client.query(`LISTEN ${channel}`);
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
        if (onReconnect) reconnectHandlers.delete(onReconnect);
      };
    },
    async notify(channel, payload) {
      assertChannel(channel);
      await pool.query("SELECT pg_notify($1, $2)", [channel, payload]);
    },
    async ping() {
      await pool.query("SELECT 1");
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = await listener?.catch(() => undefined);
      client?.removeAllListeners("end");
      await client?.end().catch(() => {});
      await pool.end();
    },
  };
}

/** Opens PostgreSQL when a URL is configured, otherwise the embedded PGlite under dataDir. */
export function openDatabase(
  config: { databaseUrl?: string; databasePoolMax?: number; dataDir: string },
  logger?: ListenerLog,
): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, { logger, max: config.databasePoolMax });
  return openPglite(path.join(config.dataDir, "pglite"));
}
