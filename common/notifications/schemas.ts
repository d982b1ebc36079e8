import { z } from "#common/zod";
import { NOTIFICATION_KIND_NAMES } from "./kinds";

// The notifications payloads, shared by the pages and the API.

const base64url = (message: string, max: number) =>
  z
    .string({ error: message })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, message)
    .max(max, message);

/** A browser's PushSubscription.toJSON(). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string({ error: "Falta la dirección del servicio push." }).url("La dirección del servicio push no es válida.").max(1000),
  keys: z.object({
    p256dh: base64url("La clave del dispositivo no es válida.", 200),
    auth: base64url("El secreto del dispositivo no es válido.", 100),
  }),
});

export const pushUnsubscribeSchema = z.object({ endpoint: z.string({ error: "Falta la dirección del servicio push." }).max(1000) });

const hour = z.coerce.number({ error: "Elige una hora." }).int("Elige una hora.").min(0, "Elige una hora.").max(23, "Elige una hora.");

export const preferencesSchema = z.object({
  kinds: z
    .array(
      z.object({
        kind: z.enum(NOTIFICATION_KIND_NAMES, { error: "Tipo de notificación desconocido." }),
        in_app: z.boolean(),
        push: z.boolean(),
        email: z.boolean(),
      }),
    )
    .max(NOTIFICATION_KIND_NAMES.length * 2),
  settings: z
    .object({
      push_shows_text: z.boolean(),
      quiet_from: hour,
      quiet_to: hour,
      time_zone: z.string().max(64).optional(),
    })
    .optional(),
});

export const notificationsQuerySchema = z.object({
  before: z.coerce
    .number({ error: "El cursor no es válido." })
    .int("El cursor no es válido.")
    .positive("El cursor no es válido.")
    .max(2 ** 53 - 1, "El cursor no es válido.")
    .optional(),
});
