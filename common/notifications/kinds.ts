/**
 * What a notification reports. Adding a kind is one entry here (its label for the preferences page
 * and its default channels) and one notify() call where the event happens.
 */
export const NOTIFICATION_KINDS = {
  application_status: { label: "Cambios en tus candidaturas", push: true, email: true },
  application_received: { label: "Candidaturas recibidas en tus ofertas", push: false, email: true },
  chat_request: { label: "Solicitudes de chat", push: true, email: false },
  visit_decided: { label: "Visitas verificadas confirmadas o rechazadas", push: true, email: false },
  proposal_decided: { label: "Propuestas de producto aprobadas o rechazadas", push: false, email: true },
  promotion_expiring: { label: "Promociones a punto de caducar", push: false, email: false },
  promotion_taken_down: { label: "Promociones retiradas por moderación", push: true, email: false },
  register_change: { label: "Productos de tu cartera o tus promociones suspendidos o revocados por la AEMPS", push: true, email: true },
  alert_matches: { label: "Ofertas nuevas de tus alertas", push: false, email: true },
  professional_verification: { label: "Tu verificación como profesional sanitario", push: true, email: true },
  visita_weekly_summary: { label: "Resumen semanal de las estadísticas de tu perfil de visitador", push: false, email: true },
  report_handled: { label: "Denuncias que has hecho, resueltas", push: false, email: false },
} as const satisfies Record<string, { label: string; push: boolean; email: boolean }>;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const NOTIFICATION_KIND_NAMES = Object.keys(NOTIFICATION_KINDS) as [NotificationKind, ...NotificationKind[]];
export const NOTIFICATION_CHANNELS = ["in_app", "push", "email"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export type ChannelChoice = Record<NotificationChannel, boolean>;

/** Every kind is shown in the app unless turned off; push and e-mail follow the kind's default. */
export function defaultChannels(kind: NotificationKind): ChannelChoice {
  const { push, email } = NOTIFICATION_KINDS[kind];
  return { in_app: true, push, email };
}

/** What a lock screen shows when the user keeps pushes private. */
export const PRIVATE_PUSH_TEXT = "Tienes una notificación nueva";
/** The realtime event type of the unread count. */
export const NOTIFICATIONS_COUNT_EVENT = "notifications.count";
