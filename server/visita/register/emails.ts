import { pathTo } from "#common/route-names";
import type { Config } from "#server/config";
import { renderEmail } from "#server/platform/mail/layout";
import type { MailMessage } from "#server/platform/mail/outbox";

/** To a representative or marketing user: a product they carry or promote was suspended or revoked. */
export function registerChangeEmail(
  config: Config,
  to: { email: string; nombre: string | null },
  input: { productName: string; productPath: string; word: string; where: string },
): MailMessage {
  const content = renderEmail({
    brand: config.brandName,
    appUrl: config.appUrl,
    title: `La AEMPS ha ${input.word} «${input.productName}»`,
    greeting: to.nombre ? `Hola, ${to.nombre}:` : "Hola:",
    paragraphs: [
      `El registro de medicamentos de la AEMPS (CIMA) indica que «${input.productName}» está ${input.word}. Te avisamos porque ${input.where}.`,
      "El producto sigue en el catálogo marcado como tal. Revisa tu cartera y tus promociones.",
    ],
    action: { label: "Ir a mi perfil de visitador", url: `${config.appUrl}${pathTo("visitadorPage")}` },
  });
  return { to: to.email, ...content, kind: "visita_register_change" };
}

/** To the author of a proposal the register now covers: it was closed, with the note they also see in the app. */
export function proposalCoveredEmail(
  config: Config,
  to: { email: string; nombre: string | null },
  input: { proposalName: string; note: string; productPath: string },
): MailMessage {
  const content = renderEmail({
    brand: config.brandName,
    appUrl: config.appUrl,
    title: `Tu propuesta «${input.proposalName}» ya está en el registro de la AEMPS`,
    greeting: to.nombre ? `Hola, ${to.nombre}:` : "Hola:",
    paragraphs: [input.note, "Gracias por ayudarnos a mantener el catálogo al día."],
    action: { label: "Ver el medicamento", url: `${config.appUrl}${input.productPath}` },
  });
  return { to: to.email, ...content, kind: "visita_revision_covered" };
}
