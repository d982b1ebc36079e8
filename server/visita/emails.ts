import { pathTo } from "#common/route-names";
import type { Config } from "#server/config";
import { renderEmail } from "#server/platform/mail/layout";
import type { MailMessage } from "#server/platform/mail/outbox";

const greetingOf = (nombre: string | null | undefined) => (nombre ? `Hola, ${nombre}:` : "Hola:");

/** To a proposal's author when a moderator approves or rejects it. */
export function revisionDecidedEmail(
  config: Config,
  to: { email: string; nombre: string | null },
  input: { approved: boolean; kind: "nuevo" | "cambios"; productName: string; productPath: string | null; reason: string | null },
): MailMessage {
  const what = input.kind === "nuevo" ? `tu propuesta de nuevo producto «${input.productName}»` : `tus cambios a «${input.productName}»`;
  const content = renderEmail({
    brand: config.brandName,
    appUrl: config.appUrl,
    title: input.approved ? `Hemos aprobado ${what}` : `No hemos aprobado ${what}`,
    greeting: greetingOf(to.nombre),
    paragraphs: input.approved
      ? ["Un moderador ha revisado tu propuesta y ya está publicada en el catálogo.", "Gracias por ayudarnos a mantenerlo al día."]
      : [
          `Un moderador ha revisado tu propuesta y no la ha aprobado. Motivo: ${input.reason ?? ""}`,
          "Puedes corregirla y volver a enviarla.",
        ],
    action:
      input.approved && input.productPath
        ? { label: "Ver el producto", url: `${config.appUrl}${input.productPath}` }
        : { label: "Ir a mi perfil de visitador", url: `${config.appUrl}${pathTo("visitadorPage")}` },
  });
  return { to: to.email, ...content, kind: input.approved ? "visita_revision_approved" : "visita_revision_rejected" };
}

/** To a healthcare professional: a representative asks them to confirm that they present a product. */
export function verificationRequestEmail(
  config: Config,
  input: { to: string; professionalName: string; representativeName: string; empresa: string | null; productName: string; token: string },
): MailMessage {
  const who = input.empresa ? `${input.representativeName} (${input.empresa})` : input.representativeName;
  const content = renderEmail({
    brand: config.brandName,
    appUrl: config.appUrl,
    title: `¿Te presenta ${who} el producto «${input.productName}»?`,
    greeting: greetingOf(input.professionalName),
    paragraphs: [
      `${who} te pide que confirmes en ${config.brandName} que te visita para presentarte «${input.productName}».`,
      "Abre el enlace y pulsa «Confirmar» si es cierto o «Rechazar» si no lo es. No necesitas una cuenta.",
      "El enlace sirve una sola vez y caduca en 30 días. Si no conoces a esta persona, puedes ignorar este mensaje.",
    ],
    action: { label: "Responder a la solicitud", url: `${config.appUrl}${pathTo("verify", { hash: input.token })}` },
  });
  return { to: input.to, ...content, kind: "visita_verification_request" };
}

const longDay = (day: string) =>
  new Intl.DateTimeFormat("es-ES", { day: "numeric", month: "long", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));

/** «12 (+3 respecto a la semana anterior)»: the figure and how it moved. */
function withTrend(current: number, previous: number): string {
  const change = current - previous;
  if (change === 0) return `${current} (igual que la semana anterior)`;
  return `${current} (${change > 0 ? "+" : "−"}${Math.abs(change)} respecto a la semana anterior)`;
}

/** To a representative on Monday: last week's figures against the week before (decision 0112). */
export function weeklySummaryEmail(
  config: Config,
  to: { email: string; nombre: string | null },
  summary: {
    current: { views: number; contacts: number; chats: number; verifications: number };
    previous: { views: number; contacts: number; chats: number; verifications: number };
    weekStart: string;
    weekEnd: string;
  },
): MailMessage {
  const { current, previous } = summary;
  const content = renderEmail({
    brand: config.brandName,
    appUrl: config.appUrl,
    title: `Tu semana en ${config.brandName}: del ${longDay(summary.weekStart)} al ${longDay(summary.weekEnd)}`,
    greeting: greetingOf(to.nombre),
    paragraphs: [
      "Estas son las cifras de tu perfil, tu cartera y tus promociones la semana pasada:",
      `Visitas: ${withTrend(current.views, previous.views)}.`,
      `Clics en «Contactar»: ${withTrend(current.contacts, previous.contacts)}.`,
      `Chats iniciados desde tu perfil o tus productos: ${withTrend(current.chats, previous.chats)}.`,
      `Visitas verificadas confirmadas: ${withTrend(current.verifications, previous.verifications)}.`,
      "Son recuentos agregados: no sabemos ni mostramos quién ha visitado tu perfil.",
    ],
    action: { label: "Ver mis estadísticas", url: `${config.appUrl}${pathTo("estadisticas", {}, { rango: "7" })}` },
    footer: {
      text: "¿No quieres recibir este resumen? Desactívalo en tus preferencias de notificaciones.",
      url: `${config.appUrl}${pathTo("notificaciones-preferencias")}`,
    },
  });
  return { to: to.email, ...content, kind: "visita_weekly_summary" };
}
