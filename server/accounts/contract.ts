import type { NotificationKind } from "#common/notifications/kinds";
import type { Db } from "#server/db/client";
import type { Role, users } from "#server/db/schema";
import type { RealtimeHub } from "#server/platform/realtime/hub";

// The accounts types the composition root's context (server/context.ts) holds. This file imports
// nothing that imports the context, so AppContext does not sit in an import cycle with the whole
// area (the boundaries lint forbids one); the rest of the area imports AppContext freely.

/** The signed-in user as every guard and service sees it. */
export type SessionUser = {
  id: number;
  email: string;
  registerType: (typeof users.$inferSelect)["registerType"];
  roles: Role[];
  sessionId: number;
  sessionKind: "web" | "api";
  /** The web session an API token was issued with at login (null otherwise). */
  parentSessionId?: number | null;
  /** The request's time zone (X-Timezone or the pages' cookie), set by the session middleware. */
  timeZone?: string;
};

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
  onAdvertisingConsent(ctx: { secret: string }, tx: Db, userId: number): Promise<void>;
  /**
   * Inside the registration's transaction (e-mail or Google): records the terms and privacy
   * versions the new user accepted and their advertising choice (the legal area, issue 27).
   */
  onRegistered(tx: Db, userId: number, choice: { publicidad: boolean; source: "registro" | "registro_google" }): Promise<void>;
  /** Inside the profile's transaction, when the user changed their advertising e-mails choice in Mi cuenta: recorded as consent. */
  onAdvertisingChoice(tx: Db, userId: number, granted: boolean): Promise<void>;
  /**
   * Inside the transaction of an account event the user should hear about (a professional
   * verification decided): the notifications area's notify(). Returns whether the user wants the
   * e-mail of this kind, which accounts then queues itself.
   */
  notify(
    ctx: { realtime: RealtimeHub },
    tx: Db,
    input: { userId: number; kind: NotificationKind; text: string; link: string | null },
  ): Promise<{ email: boolean }>;
  /** Each area's share of the user's rights over their data (server/privacy-parts.ts). */
  privacy: PrivacyPart[];
};

/** A file of the export: its storage key and the name it takes in the zip (under files/). */
export type ExportFile = { key: string; name: string };

/**
 * One area's part of the data export and of the account's erasure (docs/privacy-rules.md).
 * `covers` names every `table.column` referring to a user that this part handles, for the
 * schema-walk test (server/privacy-coverage.test.ts).
 */
export type PrivacyPart = {
  area: string;
  covers: readonly string[];
  /** The user's rows in this area (JSON-ready, snake_case keys) and the files they refer to. */
  collect(db: Db, userId: number): Promise<{ data: Record<string, unknown>; files: ExportFile[] }>;
  /**
   * Inside the erasure's transaction: deletes or anonymises the user's rows (the rules of
   * docs/privacy-rules.md). Returns the storage keys to remove once committed and whether a row
   * kept for someone else (a chat partner, an employer) still refers to the user.
   */
  erase(tx: Db, userId: number): Promise<{ files: string[]; keepsUser: boolean }>;
};
