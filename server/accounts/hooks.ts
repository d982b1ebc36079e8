import type { AppContext } from "#server/context";
import type { Db } from "#server/db/client";

/**
 * What other areas add to accounts, wired by the composition root (server/boot.ts): accounts is the
 * area every other one builds on, so it imports none of them (the boundaries lint enforces it).
 */
export type AccountHooks = {
  /** The bell's count (authUser.notifications): unread notifications. */
  unreadCount(db: Db, userId: number): Promise<number>;
  /** The chat's badge (authUser.chat_unread): unread chat messages. */
  chatUnread(db: Db, userId: number): Promise<number>;
  /** Inside the registration's transaction, when the new user consented to advertising e-mails. */
  onAdvertisingConsent(ctx: Pick<AppContext, "secret">, tx: Db, userId: number): Promise<void>;
};
