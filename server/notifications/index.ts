// The notifications area's entry: other areas and app/**/*.server.ts import from here only.
// Other areas call notify() inside the transaction of the event they report.

export { listNotifications, markNotificationsRead, openNotification, takeUnreadOfKinds, unreadNotifications } from "./inbox.service";
export { notify, notifyMany } from "./notify";
export { listPreferences, savePreferences } from "./preferences.service";
export { notificationsPrivacy } from "./privacy";
export { countSubscriptions, startPushWorker, stopPushWorker } from "./push.service";
export { registerNotificationsRealtime } from "./realtime";
export { createNotificationsRoutes } from "./routes";
