import { PRO_VERIFICATION_RULES, REJECTION_REASONS, type RejectionReason } from "#common/accounts/professional-verification";
import { pathTo } from "#common/route-names";
import type { Config } from "#server/config";
import { renderEmail } from "#server/platform/mail/layout";
import type { MailMessage } from "#server/platform/mail/outbox";

// The e-mails of the professional verification (issue 30); the state is also shown in Mi cuenta › Profesional.

const pageUrl = (config: Config) => `${config.appUrl}${pathTo("cuenta-profesional")}`;
const greeting = (nombre: string | null) => (nombre ? `Hola, ${nombre}:` : "Hola:");
const longDate = (date: Date) =>
  date.toLocaleDateString("es-ES", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Madrid" });

export type DecisionMail =
  | { to: string; nombre: string | null; decision: "aprobada"; validUntil: Date }
  | { to: string; nombre: string | null; decision: "rechazada"; reason: RejectionReason; text: string | null };

export function verificationDecidedEmail(config: Config, mail: DecisionMail): MailMessage {
  const common = { brand: config.brandName, appUrl: config.appUrl, greeting: greeting(mail.nombre) };
  if (mail.decision === "aprobada") {
    return {
      to: mail.to,
      kind: "professional_verification_approved",
      ...renderEmail({
        ...common,
        title: "Ya eres profesional verificado",
        paragraphs: [
          "Hemos comprobado tu colegiación: tu cuenta lleva ahora la insignia «Profesional verificado».",
          "Verás la información de los medicamentos de prescripción sin tener que declararlo, en cualquier dispositivo donde inicies sesión.",
          `La verificación vale hasta el ${longDate(mail.validUntil)}; te avisaremos un mes antes para renovarla.`,
        ],
        action: { label: "Ver mi verificación", url: pageUrl(config) },
      }),
    };
  }
  return {
    to: mail.to,
    kind: "professional_verification_rejected",
    ...renderEmail({
      ...common,
      title: "No hemos podido verificar tu colegiación",
      paragraphs: [
        `Motivo: ${REJECTION_REASONS[mail.reason]}.`,
        ...(mail.text ? [mail.text] : []),
        "Hemos borrado el justificante que enviaste. Puedes enviar una nueva solicitud cuando quieras.",
      ],
      action: { label: "Enviar otra solicitud", url: pageUrl(config) },
    }),
  };
}

export function verificationExpiringEmail(config: Config, mail: { to: string; nombre: string | null; validUntil: Date }): MailMessage {
  return {
    to: mail.to,
    kind: "professional_verification_expiring",
    ...renderEmail({
      brand: config.brandName,
      appUrl: config.appUrl,
      greeting: greeting(mail.nombre),
      title: "Tu verificación de profesional caduca pronto",
      paragraphs: [
        `Tu verificación como profesional sanitario caduca el ${longDate(mail.validUntil)}.`,
        `Renuévala enviando un justificante actualizado: así conservarás la insignia sin interrupción. Puedes hacerlo desde ${PRO_VERIFICATION_RULES.reminderDays} días antes.`,
      ],
      action: { label: "Renovar mi verificación", url: pageUrl(config) },
    }),
  };
}
