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
