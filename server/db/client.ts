import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is behind it. Services take this as their first argument. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type NotificationHandler = (payload: string) => void;

/**
 * A connection to the application's database plus the few driver-specific things Drizzle does not
 * abstract: LISTEN/NOTIFY (for fan-out across instances), a liveness ping and shutdown.
 */
export type Database = {
  kind: "pglite" | "postgres";
  /** The connection URL when kind is "postgres". */
  url?: string;
  db: Db;
  listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
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
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: "pglite",
    db,
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

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, connectionTimeoutMillis: 5000 });
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  let listener: pg.Client | undefined;
  const handlers = new Map<string, Set<NotificationHandler>>();

  async function listenerClient() {
    if (listener) return listener;
    const client = new pg.Client({ connectionString: url });
    client.on("error", () => {});
    client.on("notification", (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? "");
    });
    await client.connect();
    listener = client;
    return client;
  }

  return {
    kind: "postgres",
    url,
    db,
    async listen(channel, handler) {
      assertChannel(channel);
      const client = await listenerClient();
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await client.query(`LISTEN ${channel}`);
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
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
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
}

/** Opens PostgreSQL when a URL is configured, otherwise the embedded PGlite under dataDir. */
export function openDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPglite(path.join(config.dataDir, "pglite"));
}
