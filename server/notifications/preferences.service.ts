import { and, eq, inArray } from "drizzle-orm";
import {
  type ChannelChoice,
  defaultChannels,
  NOTIFICATION_KIND_NAMES,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from "#common/notifications/kinds";
import { validTimeZone } from "#common/time-zone";
import type { Db } from "#server/db/client";
import { notificationPreferences, notificationSettings } from "#server/db/schema";
import type { NotificationActor } from "./policy";

export type KindPreference = { kind: NotificationKind; label: string } & ChannelChoice;
export type PushSettings = { pushShowsText: boolean; quietFrom: number; quietTo: number; timeZone: string };
export const DEFAULT_SETTINGS: PushSettings = { pushShowsText: false, quietFrom: 0, quietTo: 0, timeZone: "Europe/Madrid" };

/** The channels a user chose for one kind, or the kind's defaults. */
export async function channelsFor(db: Db, userId: number, kind: NotificationKind): Promise<ChannelChoice> {
  const [row] = await db
    .select({ in_app: notificationPreferences.inApp, push: notificationPreferences.push, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.kind, kind)));
  return row ?? defaultChannels(kind);
}

/** channelsFor for many users at once (one query): each user's channels for the kind. */
export async function channelsForMany(db: Db, userIds: number[], kind: NotificationKind): Promise<Map<number, ChannelChoice>> {
  const rows = userIds.length
    ? await db
        .select({
          userId: notificationPreferences.userId,
          in_app: notificationPreferences.inApp,
          push: notificationPreferences.push,
          email: notificationPreferences.email,
        })
        .from(notificationPreferences)
        .where(and(inArray(notificationPreferences.userId, userIds), eq(notificationPreferences.kind, kind)))
    : [];
  const chosen = new Map(rows.map(({ userId, ...channels }) => [userId, channels]));
  return new Map(userIds.map((id) => [id, chosen.get(id) ?? defaultChannels(kind)]));
}

export async function listPreferences(db: Db, actor: NotificationActor): Promise<{ kinds: KindPreference[]; settings: PushSettings }> {
  const rows = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, actor.id));
  const kinds = NOTIFICATION_KIND_NAMES.map((kind) => {
    const row = rows.find((r) => r.kind === kind);
    const channels = row ? { in_app: row.inApp, push: row.push, email: row.email } : defaultChannels(kind);
    return { kind, label: NOTIFICATION_KINDS[kind].label, ...channels };
  });
  return { kinds, settings: await settingsOf(db, actor.id) };
}

export async function settingsOf(db: Db, userId: number): Promise<PushSettings> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return row
    ? { pushShowsText: row.pushShowsText, quietFrom: row.quietFrom, quietTo: row.quietTo, timeZone: row.timeZone }
    : DEFAULT_SETTINGS;
}

export type PreferencesInput = {
  kinds: Array<{ kind: NotificationKind } & ChannelChoice>;
  settings?: Omit<PushSettings, "timeZone"> & { timeZone?: string };
};

/** Saves the choices (only the kinds given) and the push settings, in one transaction. */
export async function savePreferences(db: Db, actor: NotificationActor, input: PreferencesInput): Promise<void> {
  await db.transaction(async (tx) => {
    for (const choice of input.kinds) {
      const values = { inApp: choice.in_app, push: choice.push, email: choice.email };
      await tx
        .insert(notificationPreferences)
        .values({ userId: actor.id, kind: choice.kind, ...values })
        .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.kind], set: values });
    }
    if (input.settings) {
      const { pushShowsText, quietFrom, quietTo } = input.settings;
      const timeZone = validTimeZone(input.settings.timeZone ?? null) ?? DEFAULT_SETTINGS.timeZone;
      const values = { pushShowsText, quietFrom, quietTo, timeZone };
      await tx
        .insert(notificationSettings)
        .values({ userId: actor.id, ...values })
        .onConflictDoUpdate({ target: notificationSettings.userId, set: values });
    }
  });
}

/** Whether `now` falls in the «no molestar» hours [from, to) of the user's zone (from == to: never). */
export function inQuietHours(settings: PushSettings, now: Date): boolean {
  const { quietFrom: from, quietTo: to } = settings;
  if (from === to) return false;
  const hour = Number(new Intl.DateTimeFormat("en-GB", { hour: "2-digit", hourCycle: "h23", timeZone: settings.timeZone }).format(now));
  return from < to ? hour >= from && hour < to : hour >= from || hour < to;
}
