import { NOTIFICATIONS_COUNT_EVENT } from "#common/notifications/kinds";
import type { AppContext } from "#server/context";
import { unreadByUser, unreadNotifications } from "./inbox.service";

/**
 * The bell's side of the WebSocket: a notified count event carries no number (the instance that
 * holds the socket reads the current count, so events of different transactions never show an old
 * one), and a client that (re)connects asks for the count with `notifications.sync`.
 */
export function registerNotificationsRealtime(ctx: Pick<AppContext, "realtime" | "db" | "logger">) {
  ctx.realtime.resolve(NOTIFICATIONS_COUNT_EVENT, async (items) => {
    const counts = await unreadByUser(ctx.db, [...new Set(items.map((item) => item.userId))]);
    return items.map((item) => ({ type: NOTIFICATIONS_COUNT_EVENT, unread: counts.get(item.userId) ?? 0 }));
  });
  ctx.realtime.onMessage((userId, message, reply) => {
    if (message.type !== "notifications.sync") return;
    unreadNotifications(ctx.db, userId)
      .then((unread) => reply({ type: NOTIFICATIONS_COUNT_EVENT, unread }))
      .catch((error) => ctx.logger.warn({ err: error }, "notifications: count failed"));
  });
}
