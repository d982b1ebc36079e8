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
