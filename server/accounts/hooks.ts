import type { AppContext } from "#server/context";
import type { Db } from "#server/db/client";

/**
 * What other areas add to accounts, wired by the composition root (server/boot.ts): accounts is the
 * area every other one builds on, so it imports none of them (the boundaries lint enforces it).
 */
export type AccountHooks = {
  /** The count shown beside the user (authUser.notifications): the chat's unread total. */
  unreadCount(db: Db, userId: number): Promise<number>;
  /** Inside the registration's transaction, when the new user consented to advertising e-mails. */
  onAdvertisingConsent(ctx: Pick<AppContext, "secret">, tx: Db, userId: number): Promise<void>;
  /**
   * Inside the registration's transaction (e-mail or Google): records the terms and privacy
   * versions the new user accepted and their advertising choice (the legal area, issue 27).
   */
  onRegistered(tx: Db, userId: number, choice: { publicidad: boolean; source: "registro" | "registro_google" }): Promise<void>;
};
