import type { AccountHooks, SessionUser } from "#server/accounts/contract";
import type { GeoIp } from "#server/reference";
import type { Config } from "./config";
import type { Database, Db } from "./db/client";
import type { Logger } from "./platform/logger";
import type { Mailer } from "./platform/mail/outbox";
import type { PageCache } from "./platform/page-cache/page-cache";
import type { RealtimeHub } from "./platform/realtime/hub";
import type { Storage } from "./platform/storage";
import type { Telemetry } from "./platform/telemetry/telemetry";

/**
 * Everything a service needs, created once at boot and handed to HTTP routes and to React Router
 * loaders through the load context. Services receive it (or just `db`) as an argument instead of
 * importing singletons, because the Vite-built page bundle holds its own copy of every module.
 */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  logger: Logger;
  geoip: GeoIp;
  realtime: RealtimeHub;
  /** Durable e-mail: enqueue inside the transaction of the change that causes it. */
  mailer: Mailer;
  /** Uploaded files (avatars, CVs, images): DATA_DIR/uploads or an S3-compatible bucket. */
  storage: Storage;
  /** Rendered public pages for anonymous visitors; services call invalidate(tag) after changing what they show. */
  pageCache: PageCache;
  /** What other areas add to accounts (unread count, newsletter opt-in), wired in boot.ts. */
  accountHooks: AccountHooks;
  /** What other areas add to the chat, wired in boot.ts (the chat imports no area that imports it). */
  chatHooks: ChatHooks;
  /** Secret for HMAC signatures (CSRF tokens, signed redirects); from APP_SECRET or DATA_DIR. */
  secret: string;
  /**
   * Shutdown (decision 0022): `draining` from the signal on (/readyz answers 503); `closingConnections`
   * once the listener has closed (every response asks the client to close its connection).
   */
  lifecycle: { draining: boolean; closingConnections: boolean };
  /** Metrics, traces and the instance's heartbeat (decisions 0099, 0100). */
  telemetry: Telemetry;
};

/** What React Router loaders and actions receive as `context`. */
export type PageLoadContext = {
  app: AppContext;
  requestId: string;
  /** Per-request CSP nonce for the inline scripts React Router and Mantine render. */
  nonce: string;
  clientIp: string;
  /** The signed-in user, or null. */
  user: SessionUser | null;
  /** Set by entry.server's handleError when a loader or action failed because the database is down. */
  databaseUnavailable?: boolean;
  /** The visitor's IANA time zone (server/platform/time-zone.ts); Europe/Madrid when unknown. */
  timeZone: string;
};

/** What other areas add to the chat (ctx.chatHooks, wired in server/boot.ts). */
export type ChatHooks = {
  /** A request was created by someone who came from a representative's profile, product or promotion («Contactar»): visita counts it. */
  onStartedFromVisita: (
    ctx: AppContext,
    started: { recipientId: number; productId: number | null; promotionId: number | null },
  ) => Promise<unknown>;
};
