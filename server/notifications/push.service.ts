import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import webpush from "web-push";
import { PRIVATE_PUSH_TEXT } from "#common/notifications/kinds";
import { pathTo } from "#common/route-names";
import type { AppContext } from "#server/context";
import type { Db } from "#server/db/client";
import { notifications, pushSubscriptions } from "#server/db/schema";
import { startBackgroundLoop, stopBackgroundLoop } from "#server/platform/background-loop";
import { AppError, validationError } from "#server/platform/errors";
import { type NotificationActor, ownSubscription } from "./policy";
import { inQuietHours, settingsOf } from "./preferences.service";
import { vapidKeys } from "./push-keys";

/** The browsers' push services (Chrome, Firefox, Edge, Safari): the only hosts the server posts to. */
const PUSH_SERVICE_HOSTS = ["fcm.googleapis.com", "push.services.mozilla.com", "notify.windows.com", "push.apple.com"];
const MAX_SUBSCRIPTIONS = 10;
const BATCH = 50;
/** A push still pending after this long (quiet hours, an outage) is dropped: the bell still has it. */
const STALE_MS = 24 * 3600_000;
const PUSH_TIMEOUT_MS = 10_000;
const RETENTION_MS = 365 * 24 * 3600_000;

export type SubscriptionInput = { endpoint: string; keys: { p256dh: string; auth: string } };

/** A push endpoint is one of the push services' (https) or an origin configured for tests: never an arbitrary URL (SSRF). */
export function acceptedEndpoint(config: AppContext["config"], endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (config.pushExtraOrigins.includes(url.origin)) return true;
  if (url.protocol !== "https:" || url.port || url.username || url.password) return false;
  return PUSH_SERVICE_HOSTS.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`));
}

/** Stores this device's subscription for the actor (an endpoint moves to whoever subscribes it last). */
export async function subscribePush(
  ctx: Pick<AppContext, "db" | "config">,
  actor: NotificationActor,
  input: SubscriptionInput,
): Promise<void> {
  if (!acceptedEndpoint(ctx.config, input.endpoint))
    throw validationError({ endpoint: ["Este servicio de notificaciones push no está admitido."] });
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({ userId: actor.id, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId: actor.id, p256dh: input.keys.p256dh, auth: input.keys.auth, createdAt: new Date() },
      });
    // Old devices beyond the limit go first.
    const rows = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, actor.id))
      .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
    const extra = rows.slice(0, Math.max(0, rows.length - MAX_SUBSCRIPTIONS)).map((row) => row.id);
    if (extra.length) await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, extra));
  });
}

export async function unsubscribePush(db: Db, actor: NotificationActor, endpoint: string): Promise<void> {
  const removed = await db.delete(pushSubscriptions).where(ownSubscription(actor, endpoint)).returning({ id: pushSubscriptions.id });
  if (!removed.length) throw new AppError("NOT_FOUND", "Este dispositivo no tiene las notificaciones push activadas.");
}

export async function countSubscriptions(db: Db, actor: NotificationActor): Promise<number> {
  const rows = await db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, actor.id));
  return rows.length;
}

type Claimed = { id: number; userId: number; text: string; link: string | null };

/**
 * Sends the pending pushes: claims a batch (FOR UPDATE SKIP LOCKED, so instances never send the
 * same one), leaves those of users in their «no molestar» hours pending, and posts each to every
 * device of its user, encrypted (RFC 8291) and signed (VAPID, RFC 8292). A device the push service
 * no longer knows (404/410) is removed. Returns how many pushes were posted.
 */
export async function sendPendingPushes(ctx: Pick<AppContext, "db" | "config" | "logger">, now = new Date()): Promise<number> {
  await ctx.db
    .update(notifications)
    .set({ pushState: "failed" })
    .where(and(eq(notifications.pushState, "pending"), lt(notifications.createdAt, new Date(now.getTime() - STALE_MS))));
  const claimed = await ctx.db.transaction(async (tx) => {
    const rows = (await tx.execute(sql`
      SELECT id, user_id AS "userId", text, link FROM notifications
      WHERE push_state = 'pending' ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`)) as unknown as { rows: Claimed[] };
    const due: Claimed[] = [];
    for (const row of rows.rows) {
      const settings = await settingsOf(tx, row.userId);
      if (!inQuietHours(settings, now))
        due.push({ ...row, id: Number(row.id), text: settings.pushShowsText ? row.text : PRIVATE_PUSH_TEXT });
    }
    if (due.length)
      await tx
        .update(notifications)
        .set({ pushState: "sent" })
        .where(
          inArray(
            notifications.id,
            due.map((row) => row.id),
          ),
        );
    return due;
  });
  if (!claimed.length) return 0;
  const keys = await vapidKeys(ctx);
  let posted = 0;
  for (const item of claimed) {
    const devices = await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, item.userId));
    // The payload never carries more than the lock screen may show: the text only if the user chose it.
    const payload = JSON.stringify({ title: ctx.config.brandName, body: item.text, url: item.link ?? pathTo("notificaciones") });
    for (const device of devices) {
      if (await postPush(ctx, keys, device, payload)) posted++;
    }
  }
  return posted;
}

/** RFC 8292's contact: the site's https address, or a mailto: at its host (a plain-http dev or test site). */
const vapidSubject = (appUrl: string) => (appUrl.startsWith("https:") ? appUrl : `mailto:no-reply@${new URL(appUrl).hostname}`);

async function postPush(
  ctx: Pick<AppContext, "db" | "config" | "logger">,
  keys: { publicKey: string; privateKey: string },
  device: typeof pushSubscriptions.$inferSelect,
  payload: string,
): Promise<boolean> {
  if (!acceptedEndpoint(ctx.config, device.endpoint)) return false;
  const request = webpush.generateRequestDetails(
    { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
    payload,
    {
      vapidDetails: { subject: vapidSubject(ctx.config.appUrl), ...keys },
      TTL: 24 * 3600,
      contentEncoding: "aes128gcm",
    },
  );
  try {
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: new Uint8Array(request.body),
      redirect: "manual",
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.status === 404 || response.status === 410) {
      await ctx.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
      return false;
    }
    if (!response.ok) ctx.logger.warn({ status: response.status }, "push service refused a push");
    return response.ok;
  } catch (error) {
    ctx.logger.warn({ err: error }, "push failed");
    return false;
  }
}

/** Notifications are kept a year: older ones are deleted (retention), a batch at a time. */
export async function pruneOldNotifications(db: Db, now = new Date()): Promise<void> {
  await db.execute(sql`
    DELETE FROM notifications WHERE id IN (
      SELECT id FROM notifications WHERE created_at < ${new Date(now.getTime() - RETENTION_MS).toISOString()}::timestamptz
      LIMIT 1000 FOR UPDATE SKIP LOCKED)`);
}

/** Every 5 seconds (pending pushes are rare; a restart loses none: they stay pending in the table); pruning once an hour. */
export function startPushWorker(ctx: AppContext): void {
  let prunedAt = 0;
  startBackgroundLoop(ctx, "notifications-push", { intervalMs: 5_000, failure: "sending pushes failed" }, async () => {
    await sendPendingPushes(ctx);
    if (Date.now() - prunedAt > 3600_000) {
      prunedAt = Date.now();
      await pruneOldNotifications(ctx.db);
    }
  });
}
export const stopPushWorker = (ctx: AppContext) => stopBackgroundLoop(ctx, "notifications-push");
