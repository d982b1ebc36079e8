import { and, count, desc, eq, inArray, isNull, lt } from "drizzle-orm";
import { NOTIFICATIONS_COUNT_EVENT, type NotificationKind } from "#common/notifications/kinds";
import type { AppContext } from "#server/context";
import type { Db } from "#server/db/client";
import { notifications } from "#server/db/schema";
import { AppError } from "#server/platform/errors";
import { type NotificationActor, ownNotifications } from "./policy";

export const NOTIFICATIONS_PAGE_SIZE = 20;

export type NotificationView = { id: number; kind: NotificationKind; text: string; link: string | null; read: boolean; createdAt: Date };
export type NotificationPage = { items: NotificationView[]; nextBefore: number | null; unread: number };

/** Unread notifications of a user (the bell, authUser.notifications). */
export async function unreadNotifications(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** The unread counts of several users in one query (the realtime resolver's batch). */
export async function unreadByUser(db: Db, userIds: number[]): Promise<Map<number, number>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({ userId: notifications.userId, n: count() })
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), isNull(notifications.readAt)))
    .groupBy(notifications.userId);
  return new Map(rows.map((row) => [row.userId, Number(row.n)]));
}

/** The actor's notifications, newest first, a page at a time (`before`: the last id of the previous page). */
export async function listNotifications(db: Db, actor: NotificationActor, before?: number | null): Promise<NotificationPage> {
  if (before != null && (!Number.isSafeInteger(before) || before < 1)) throw new AppError("VALIDATION", "Página no válida.");
  const where = before ? and(ownNotifications(actor), lt(notifications.id, before)) : ownNotifications(actor);
  const rows = await db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.id))
    .limit(NOTIFICATIONS_PAGE_SIZE + 1);
  const page = rows.slice(0, NOTIFICATIONS_PAGE_SIZE);
  const items = page.map((row) => ({
    id: row.id,
    kind: row.kind,
    text: row.text,
    link: row.link,
    read: row.readAt !== null,
    createdAt: row.createdAt,
  }));
  const last = page.at(-1);
  return {
    items,
    nextBefore: rows.length > NOTIFICATIONS_PAGE_SIZE && last ? last.id : null,
    unread: await unreadNotifications(db, actor.id),
  };
}

/** Marks one notification (or, without id, all of them) read; the new count goes to every open tab. */
export async function markNotificationsRead(
  ctx: Pick<AppContext, "db" | "realtime">,
  actor: NotificationActor,
  id?: number,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const changed = await tx
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(ownNotifications(actor, id), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    if (id !== undefined && !changed.length) {
      const [exists] = await tx.select({ id: notifications.id }).from(notifications).where(ownNotifications(actor, id));
      if (!exists) throw new AppError("NOT_FOUND", "Notificación no encontrada.");
    }
    if (changed.length) await ctx.realtime.publishIn(tx, [{ userId: actor.id, event: { type: NOTIFICATIONS_COUNT_EVENT } }]);
  });
}

/** Opens one of the actor's notifications: marks it read and gives where it leads (404 if not theirs). */
export async function openNotification(
  ctx: Pick<AppContext, "db" | "realtime">,
  actor: NotificationActor,
  id: number,
): Promise<string | null> {
  const [row] = await ctx.db.select({ link: notifications.link }).from(notifications).where(ownNotifications(actor, id));
  if (!row) throw new AppError("NOT_FOUND", "Notificación no encontrada.");
  await markNotificationsRead(ctx, actor, id);
  return row.link;
}

/**
 * The actor's unread notifications of some kinds, newest first, marked read as they are handed
 * over: an area's page that lists what is new for it (the representative's dashboard) shows each
 * once, and the bell's count drops with it on every open tab.
 */
export async function takeUnreadOfKinds(
  ctx: Pick<AppContext, "db" | "realtime">,
  actor: NotificationActor,
  kinds: readonly NotificationKind[],
  limit = 10,
): Promise<NotificationView[]> {
  return ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(notifications)
      .where(and(ownNotifications(actor), isNull(notifications.readAt), inArray(notifications.kind, [...kinds])))
      .orderBy(desc(notifications.id))
      .limit(limit);
    if (!rows.length) return [];
    await tx
      .update(notifications)
      .set({ readAt: new Date() })
      .where(
        and(
          ownNotifications(actor),
          inArray(
            notifications.id,
            rows.map((row) => row.id),
          ),
        ),
      );
    await ctx.realtime.publishIn(tx, [{ userId: actor.id, event: { type: NOTIFICATIONS_COUNT_EVENT } }]);
    return rows.map((row) => ({ id: row.id, kind: row.kind, text: row.text, link: row.link, read: false, createdAt: row.createdAt }));
  });
}
