import { createRoute } from "@hono/zod-openapi";
import { notificationsQuerySchema, preferencesSchema, pushSubscriptionSchema, pushUnsubscribeSchema } from "#common/notifications/schemas";
import { requireUser } from "#server/accounts";
import { createRouter, errorResponse, IdParam, idFrom, json, jsonBody, SIGNED_IN } from "#server/platform/openapi";
import { notificationPageJson, preferencesJson } from "./api-json";
import { NotificationPageSchema, NotificationPreferencesSchema, PushKeySchema } from "./api-schemas";
import { listNotifications, markNotificationsRead } from "./inbox.service";
import { listPreferences, savePreferences } from "./preferences.service";
import { countSubscriptions, subscribePush, unsubscribePush } from "./push.service";
import { vapidKeys } from "./push-keys";

const TAG = ["Notificaciones"];
const unauthorized = errorResponse("Sin sesión");
/** One user's answers: no shared cache keeps them. */
const noStore = { "Cache-Control": "private, no-store" };

/** /api/notifications: the list, read marks, preferences and this device's web push subscription. */
export function createNotificationsRoutes() {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "get",
      security: SIGNED_IN,
      path: "/notifications",
      tags: TAG,
      operationId: "listNotifications",
      summary: "Mis notificaciones, de la más reciente a la más antigua",
      request: { query: notificationsQuerySchema },
      responses: { 200: json(NotificationPageSchema, "Una página"), 401: unauthorized, 422: errorResponse("Cursor no válido") },
    }),
    async (c) => {
      const page = await listNotifications(c.get("app").db, requireUser(c), c.req.valid("query").before);
      return c.json(notificationPageJson(page), 200, noStore);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      security: SIGNED_IN,
      path: "/notifications/read",
      tags: TAG,
      operationId: "readAllNotifications",
      summary: "Marcar todo como leído",
      responses: { 204: { description: "Hecho" }, 401: unauthorized },
    }),
    async (c) => {
      await markNotificationsRead(c.get("app"), requireUser(c));
      return c.body(null, 204);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      security: SIGNED_IN,
      path: "/notifications/{id}/read",
      tags: TAG,
      operationId: "readNotification",
      summary: "Marcar una notificación como leída",
      request: { params: IdParam },
      responses: { 204: { description: "Hecho" }, 401: unauthorized, 404: errorResponse("No existe o no es tuya") },
    }),
    async (c) => {
      const id = idFrom(c.req.valid("param").id, "Notificación no encontrada.");
      await markNotificationsRead(c.get("app"), requireUser(c), id);
      return c.body(null, 204);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      security: SIGNED_IN,
      path: "/notifications/preferences",
      tags: TAG,
      operationId: "getNotificationPreferences",
      summary: "Qué me llega y por dónde (en la web, push, e-mail)",
      responses: { 200: json(NotificationPreferencesSchema, "Preferencias"), 401: unauthorized },
    }),
    async (c) => {
      const app = c.get("app");
      const user = requireUser(c);
      const [prefs, devices] = await Promise.all([listPreferences(app.db, user), countSubscriptions(app.db, user)]);
      return c.json(preferencesJson(prefs, devices), 200, noStore);
    },
  );

  router.openapi(
    createRoute({
      method: "put",
      security: SIGNED_IN,
      path: "/notifications/preferences",
      tags: TAG,
      operationId: "updateNotificationPreferences",
      summary: "Guardar preferencias por tipo y canal, privacidad de la pantalla de bloqueo y horas de «no molestar»",
      request: { body: jsonBody(preferencesSchema) },
      responses: { 200: json(NotificationPreferencesSchema, "Preferencias"), 401: unauthorized, 422: errorResponse("Datos no válidos") },
    }),
    async (c) => {
      const app = c.get("app");
      const user = requireUser(c);
      const body = c.req.valid("json");
      const settings = body.settings && {
        pushShowsText: body.settings.push_shows_text,
        quietFrom: body.settings.quiet_from,
        quietTo: body.settings.quiet_to,
        timeZone: body.settings.time_zone,
      };
      await savePreferences(app.db, user, { kinds: body.kinds, settings });
      const [prefs, devices] = await Promise.all([listPreferences(app.db, user), countSubscriptions(app.db, user)]);
      return c.json(preferencesJson(prefs, devices), 200, noStore);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/notifications/push/key",
      tags: TAG,
      operationId: "getPushPublicKey",
      summary: "La clave pública VAPID (applicationServerKey) para suscribirse",
      responses: { 200: json(PushKeySchema, "Clave") },
    }),
    async (c) => c.json({ public_key: (await vapidKeys(c.get("app"))).publicKey }, 200),
  );

  router.openapi(
    createRoute({
      method: "put",
      security: SIGNED_IN,
      path: "/notifications/push/subscription",
      tags: TAG,
      operationId: "subscribePush",
      summary: "Activar las notificaciones push en este dispositivo",
      request: { body: jsonBody(pushSubscriptionSchema) },
      responses: { 204: { description: "Activadas" }, 401: unauthorized, 422: errorResponse("Suscripción no válida") },
    }),
    async (c) => {
      await subscribePush(c.get("app"), requireUser(c), c.req.valid("json"));
      return c.body(null, 204);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      security: SIGNED_IN,
      path: "/notifications/push/unsubscribe",
      tags: TAG,
      operationId: "unsubscribePush",
      summary: "Desactivar las notificaciones push en este dispositivo",
      request: { body: jsonBody(pushUnsubscribeSchema) },
      responses: {
        204: { description: "Desactivadas" },
        401: unauthorized,
        404: errorResponse("No estaba activada"),
        422: errorResponse("Datos no válidos"),
      },
    }),
    async (c) => {
      await unsubscribePush(c.get("app").db, requireUser(c), c.req.valid("json").endpoint);
      return c.body(null, 204);
    },
  );

  return router;
}
