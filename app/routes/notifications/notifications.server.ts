// The notifications pages' server side: the area's services, and the page helpers they use.
export { formMutation, idParam, pageRedirect, parseFields, requireUser, unknownIntent } from "#app/lib/page.server";
export {
  countSubscriptions,
  listNotifications,
  listPreferences,
  markNotificationsRead,
  openNotification,
  savePreferences,
} from "#server/notifications";
