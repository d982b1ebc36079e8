import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import {
  authenticateUpgrade,
  avatarKeysInUse,
  PROOFS_FOLDER,
  proofKeysInUse,
  startProVerificationScheduler,
  stopProVerificationScheduler,
  validSessions,
} from "#server/accounts";
import { cvKeysInUse, LOGOS_FOLDER, logoKeysInUse, startJobsScheduler, stopJobsScheduler } from "#server/jobs";
import { loadGeoIp, syncReferenceData } from "#server/reference";
import { CHAT_FILES_FOLDER, chatKeysInUse, registerChatRealtime, startChatScheduler, stopChatScheduler, unreadTotal } from "./chat";
import type { Config } from "./config";
import type { AppContext } from "./context";
import { type Database, openDatabase } from "./db/client";
import { migrateDatabase } from "./db/migrate";
import { appMeta } from "./db/schema";
import { seedDemoData } from "./db/seed";
import { ensureLegalDocuments, recordConsent, recordRegistrationConsent } from "./legal";
import { startNewsScheduler, stopNewsScheduler, subscribeToNewsletter } from "./news";
import { notify, registerNotificationsRealtime, startPushWorker, stopPushWorker, unreadNotifications } from "./notifications";
import { createLogger, type Logger } from "./platform/logger";
import { createMailer } from "./platform/mail/outbox";
import { createMailTransport } from "./platform/mail/transport";
import { createPageCache } from "./platform/page-cache/page-cache";
import { createRealtimeHub } from "./platform/realtime/hub";
import { createStorage, localBackend } from "./platform/storage";
import { s3Backend } from "./platform/storage-s3";
import { appVersion, startHeartbeat, stopHeartbeat } from "./platform/telemetry/heartbeat";
import { startTracing } from "./platform/telemetry/start-tracing";
import { createTelemetry, instanceSources, traceQueries } from "./platform/telemetry/telemetry";
import { startUploadSweeper, stopUploadSweeper } from "./platform/upload-sweeper";
import { PRIVACY_PARTS, startRetentionJob, stopRetentionJob } from "./privacy";
import { countChatStarted, startVisitaScheduler, stopVisitaScheduler } from "./visita";

/** The longest a cached page is served without a change: offers also drop out of lists when their date passes. */
const PAGE_CACHE_TTL_MS = 60_000;

/**
 * Everything before the HTTP server: database, migrations, reference data, demo seed and the
 * services of AppContext. Used by server/main.ts and by the integration tests.
 */
export async function createAppContext(
  config: Config,
  options: { database?: Database; logger?: Logger; mailPolling?: boolean } = {},
): Promise<AppContext> {
  const instanceId = randomUUID();
  // Traces first (decision 0100): the logger, the database and the mailer report to the tracer.
  const tracer = await startTracing(config.otel && { ...config.otel, version: appVersion(), instanceId });
  const logger = options.logger ?? createLogger(config.logLevel, undefined, tracer.enabled ? tracer.logFields : undefined);
  const database = options.database ?? (await openDatabase(config, logger));
  if (tracer.enabled) database.observeQueries(traceQueries(tracer));
  await migrateDatabase(database);
  await ensureLegalDocuments(database.db);
  if (await syncReferenceData(database.db)) logger.info("reference data loaded");
  const secret = config.appSecret ?? (await sharedSecret(database));
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    logger,
    geoip: loadGeoIp(),
    realtime: await createRealtimeHub(database, logger),
    mailer: createMailer(database.db, createMailTransport(config, logger), {
      from: `${config.brandName} <no-reply@${new URL(config.appUrl).hostname}>`,
      logger,
      poll: options.mailPolling ?? true,
      tracer,
    }),
    storage: createStorage(config.s3 ? s3Backend(config.s3) : localBackend(config.dataDir)),
    pageCache: await createPageCache(database, logger, { maxBytes: config.pageCacheBytes, ttlMs: PAGE_CACHE_TTL_MS }),
    secret,
    // Accounts imports no other area: what they add to it is wired here.
    accountHooks: {
      unreadCount: unreadNotifications,
      chatUnread: unreadTotal,
      onAdvertisingConsent: subscribeToNewsletter,
      onRegistered: recordRegistrationConsent,
      onAdvertisingChoice: (tx, userId, granted) => recordConsent(tx, userId, "publicidad", granted, "cuenta"),
      notify,
      privacy: PRIVACY_PARTS,
    },
    // The chat imports no area that imports it: a chat started from a representative's page counts in visita.
    chatHooks: {
      onStartedFromVisita: (app, started) =>
        countChatStarted(app, { representativeId: started.recipientId, productId: started.productId, promotionId: started.promotionId }),
    },
    lifecycle: { draining: false, closingConnections: false },
    telemetry: undefined as never, // set below: its sources read the services above
  };
  const sources = instanceSources(ctx);
  // Metrics (decision 0099) only when something may read them: prom-client is loaded then only.
  const metrics =
    config.metrics.port !== undefined || config.metrics.token !== undefined
      ? (await import("./platform/telemetry/metrics")).createMetrics(sources)
      : undefined;
  if (metrics) database.observeQueries(metrics.queryObserver);
  ctx.telemetry = createTelemetry(instanceId, tracer, metrics, sources);
  ctx.realtime.authenticate = authenticateUpgrade(ctx);
  ctx.realtime.validSessions = validSessions(ctx);
  registerChatRealtime(ctx);
  registerNotificationsRealtime(ctx);
  if (config.seedDemo) {
    const seeded = await seedDemoData(ctx);
    if (seeded) logger.info("demo data loaded");
  }
  // Orphaned uploads (a crash between storing a file and committing its row) are swept; only
  // folders whose owners are registered here.
  ctx.storage.registerOwner("cv", cvKeysInUse);
  ctx.storage.registerOwner("avatars", avatarKeysInUse);
  ctx.storage.registerOwner(PROOFS_FOLDER, proofKeysInUse);
  ctx.storage.registerOwner(LOGOS_FOLDER, logoKeysInUse);
  ctx.storage.registerOwner(CHAT_FILES_FOLDER, chatKeysInUse);
  startUploadSweeper(ctx);
  startJobsScheduler(ctx);
  startNewsScheduler(ctx);
  startChatScheduler(ctx);
  startVisitaScheduler(ctx);
  startProVerificationScheduler(ctx);
  startRetentionJob(ctx);
  startPushWorker(ctx);
  startHeartbeat(ctx, instanceId, sources);
  return ctx;
}

export async function closeAppContext(ctx: AppContext): Promise<void> {
  await stopHeartbeat(ctx, ctx.telemetry.instanceId, ctx.telemetry.sources);
  await stopUploadSweeper(ctx);
  await stopJobsScheduler(ctx);
  await stopNewsScheduler(ctx);
  await stopChatScheduler(ctx);
  await stopVisitaScheduler(ctx);
  await stopProVerificationScheduler(ctx);
  await stopRetentionJob(ctx);
  await stopPushWorker(ctx);
  await ctx.mailer.stop();
  await ctx.realtime.close();
  await ctx.pageCache.close();
  await ctx.database.close();
  await ctx.telemetry.tracer.shutdown().catch((error) => ctx.logger.warn({ err: error }, "traces: the last batch was not sent"));
}

/**
 * One random secret per database, created by whichever instance starts first, so that every
 * instance on the same database verifies what the others signed.
 */
async function sharedSecret(database: Database): Promise<string> {
  await database.db
    .insert(appMeta)
    .values({ key: "app_secret", value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await database.db.select().from(appMeta).where(eq(appMeta.key, "app_secret"));
  if (!row) throw new Error("app secret missing");
  return row.value;
}
