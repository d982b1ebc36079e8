import { z } from "@hono/zod-openapi";
import { NOTIFICATION_KIND_NAMES } from "#common/notifications/kinds";

export const NotificationSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(NOTIFICATION_KIND_NAMES),
    text: z.string(),
    link: z.string().nullable(),
    read: z.boolean(),
    created_at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("Notification");

export const NotificationPageSchema = z
  .object({
    items: z.array(NotificationSchema),
    next_before: z.number().int().nullable().openapi({ description: "Pass as `before` for the next page; null on the last." }),
    unread: z.number().int(),
  })
  .openapi("NotificationPage");

export const NotificationPreferencesSchema = z
  .object({
    kinds: z.array(
      z.object({ kind: z.enum(NOTIFICATION_KIND_NAMES), label: z.string(), in_app: z.boolean(), push: z.boolean(), email: z.boolean() }),
    ),
    settings: z.object({ push_shows_text: z.boolean(), quiet_from: z.number().int(), quiet_to: z.number().int(), time_zone: z.string() }),
    push_devices: z.number().int(),
  })
  .openapi("NotificationPreferences");

export const PushKeySchema = z.object({ public_key: z.string() }).openapi("PushPublicKey");
