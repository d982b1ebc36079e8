import type { z } from "@hono/zod-openapi";
import type { NotificationPageSchema, NotificationPreferencesSchema } from "./api-schemas";
import type { NotificationPage } from "./inbox.service";
import type { KindPreference, PushSettings } from "./preferences.service";

export function notificationPageJson(page: NotificationPage): z.infer<typeof NotificationPageSchema> {
  return {
    items: page.items.map(({ createdAt, ...item }) => ({ ...item, created_at: createdAt.toISOString() })),
    next_before: page.nextBefore,
    unread: page.unread,
  };
}

export function preferencesJson(
  prefs: { kinds: KindPreference[]; settings: PushSettings },
  pushDevices: number,
): z.infer<typeof NotificationPreferencesSchema> {
  const { pushShowsText, quietFrom, quietTo, timeZone } = prefs.settings;
  return {
    kinds: prefs.kinds,
    settings: { push_shows_text: pushShowsText, quiet_from: quietFrom, quiet_to: quietTo, time_zone: timeZone },
    push_devices: pushDevices,
  };
}
