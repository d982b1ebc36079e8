import { eq } from "drizzle-orm";
import type { PrivacyPart } from "#server/accounts";
import { notificationPreferences, notificationSettings, notifications, pushSubscriptions } from "#server/db/schema";

/**
 * The notifications area's share of the user's rights over their data (docs/privacy-rules.md):
 * what they were told, their choices per kind and channel, «no molestar», and the devices that
 * receive pushes (the push service's host only: the endpoint is a capability, not the user's data to
 * carry elsewhere). Erasure deletes them all; nothing here is kept for anyone else.
 */
export const notificationsPrivacy: PrivacyPart = {
  area: "notificaciones",
  covers: ["notifications.user_id", "notification_preferences.user_id", "notification_settings.user_id", "push_subscriptions.user_id"],
  async collect(db, userId) {
    const [rows, choices, settings, devices] = await Promise.all([
      db
        .select({
          kind: notifications.kind,
          text: notifications.text,
          link: notifications.link,
          read_at: notifications.readAt,
          created_at: notifications.createdAt,
        })
        .from(notifications)
        .where(eq(notifications.userId, userId)),
      db
        .select({
          kind: notificationPreferences.kind,
          in_app: notificationPreferences.inApp,
          push: notificationPreferences.push,
          email: notificationPreferences.email,
        })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId)),
      db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)),
      db
        .select({ endpoint: pushSubscriptions.endpoint, created_at: pushSubscriptions.createdAt })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId)),
    ]);
    return {
      data: {
        notificaciones: rows,
        preferencias: choices,
        ajustes: settings.map(({ userId: _user, ...rest }) => rest),
        dispositivos_push: devices.map((device) => ({ servicio: new URL(device.endpoint).host, creado_en: device.created_at })),
      },
      files: [],
    };
  },
  async erase(tx, userId) {
    await tx.delete(notifications).where(eq(notifications.userId, userId));
    await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
    await tx.delete(notificationSettings).where(eq(notificationSettings.userId, userId));
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    return { files: [], keepsUser: false };
  },
};
