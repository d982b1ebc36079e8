import { and, eq, type SQL } from "drizzle-orm";
import { notifications, pushSubscriptions } from "#server/db/schema";

// Who may do what with notifications: every signed-in user, and only with their own. Another
// user's notification or subscription is answered as one that does not exist (no probing of ids).

export type NotificationActor = { id: number };

/** The rows of the actor's notifications (optionally one of them). */
export function ownNotifications(actor: NotificationActor, id?: number): SQL {
  const mine = eq(notifications.userId, actor.id);
  return id === undefined ? mine : (and(mine, eq(notifications.id, id)) as SQL);
}

/** The actor's push subscription with this endpoint. */
export function ownSubscription(actor: NotificationActor, endpoint: string): SQL {
  return and(eq(pushSubscriptions.userId, actor.id), eq(pushSubscriptions.endpoint, endpoint)) as SQL;
}
