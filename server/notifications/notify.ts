import { sql } from "drizzle-orm";
import { NOTIFICATIONS_COUNT_EVENT, type NotificationKind } from "#common/notifications/kinds";
import type { AppContext } from "#server/context";
import type { Db } from "#server/db/client";
import { notifications } from "#server/db/schema";
import { channelsFor } from "./preferences.service";

type NotifyInput = {
  userId: number;
  kind: NotificationKind;
  /** What happened, in Spanish, for the list (and the push when the user lets it show). */
  text: string;
  /** A path under /app (pathTo()), where the item leads. */
  link: string | null;
  /** Writes the notification once per user and key (scheduled notices that a later pass would repeat). */
  dedupeKey?: string;
};

export type NotifyResult = { written: boolean; email: boolean };

/**
 * The one entry other areas call, inside the transaction of the event it reports: the row commits
 * or rolls back with the event, a pending push is queued in the same row (sent by the push worker,
 * so none is lost on a restart), and the live count goes out by NOTIFY only if the transaction
 * commits. Returns whether the user wants an e-mail of this kind, so the caller queues its own.
 */
export async function notify(ctx: Pick<AppContext, "realtime">, tx: Db, input: NotifyInput): Promise<NotifyResult> {
  const channels = await channelsFor(tx, input.userId, input.kind);
  if (!channels.in_app && !channels.push) return { written: false, email: channels.email };
  const [row] = await tx
    .insert(notifications)
    .values({
      userId: input.userId,
      kind: input.kind,
      text: input.text.slice(0, 500),
      link: input.link?.slice(0, 500) ?? null,
      dedupeKey: input.dedupeKey ?? null,
      // Push only: the row carries the push but does not show in the bell.
      readAt: channels.in_app ? null : sql`now()`,
      pushState: channels.push ? "pending" : "none",
    })
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  if (!row) return { written: false, email: false };
  if (channels.in_app) await ctx.realtime.publishIn(tx, [{ userId: input.userId, event: { type: NOTIFICATIONS_COUNT_EVENT } }]);
  return { written: true, email: channels.email };
}
