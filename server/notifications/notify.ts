import { sql } from "drizzle-orm";
import { NOTIFICATIONS_COUNT_EVENT, type NotificationKind } from "#common/notifications/kinds";
import type { AppContext } from "#server/context";
import type { Db } from "#server/db/client";
import { notifications } from "#server/db/schema";
import { channelsFor, channelsForMany } from "./preferences.service";

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

/** Rows per INSERT: well under PostgreSQL's 65,535 bound parameters (8 columns a row). */
const INSERT_CHUNK = 1000;

/**
 * notify() for many users and one kind, in a bounded number of statements whatever their number
 * (a filled offer tells thousands of applicants at once, issue 28): one read of their preferences,
 * one INSERT per thousand rows, one NOTIFY statement. Returns the users who want an e-mail.
 */
export async function notifyMany(
  ctx: Pick<AppContext, "realtime">,
  tx: Db,
  kind: NotificationKind,
  inputs: Array<Omit<NotifyInput, "kind" | "dedupeKey">>,
): Promise<Set<number>> {
  const channels = await channelsForMany(
    tx,
    inputs.map((input) => input.userId),
    kind,
  );
  const wantEmail = new Set(inputs.filter((input) => channels.get(input.userId)?.email).map((input) => input.userId));
  const rows = inputs.flatMap((input) => {
    const chosen = channels.get(input.userId);
    if (!chosen || (!chosen.in_app && !chosen.push)) return [];
    return [
      {
        userId: input.userId,
        kind,
        text: input.text.slice(0, 500),
        link: input.link?.slice(0, 500) ?? null,
        readAt: chosen.in_app ? null : sql`now()`,
        pushState: chosen.push ? ("pending" as const) : ("none" as const),
      },
    ];
  });
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await tx.insert(notifications).values(rows.slice(start, start + INSERT_CHUNK));
  }
  const inApp = inputs.filter((input) => channels.get(input.userId)?.in_app);
  await ctx.realtime.publishIn(
    tx,
    inApp.map((input) => ({ userId: input.userId, event: { type: NOTIFICATIONS_COUNT_EVENT } })),
  );
  return wantEmail;
}
