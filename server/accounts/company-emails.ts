import { pathTo } from "#common/route-names";
import type { Config } from "#server/config";
import { renderEmail } from "#server/platform/mail/layout";
import type { MailMessage } from "#server/platform/mail/outbox";

/** E-mails of company membership: a join request for the administrators, the decision for the requester. */
const link = (config: Config, path: string) => `${config.appUrl}${path}`;

export function joinRequestEmail(
  config: Config,
  admin: { email: string; nombre: string | null; panel: boolean },
  empresa: string,
  requester: string,
): MailMessage {
  return {
    to: admin.email,
    kind: "company_join_request",
    ...renderEmail({
      brand: config.brandName,
      appUrl: config.appUrl,
      title: `Solicitud para unirse a ${empresa}`,
      greeting: admin.nombre ? `Hola, ${admin.nombre}:` : "Hola:",
      paragraphs: [
        `${requester} ha pedido unirse a ${empresa} en ${config.brandName}.`,
        "Si la apruebas, podrá publicar ofertas de la empresa y ver sus candidaturas. Si no conoces a esta persona, recházala.",
      ],
      action: { label: "Revisar la solicitud", url: link(config, pathTo(admin.panel ? "empleo-panel" : "cuenta-empresa")) },
    }),
  };
}

export function joinDecisionEmail(
  config: Config,
  to: { email: string; nombre: string | null },
  empresa: string,
  approved: boolean,
): MailMessage {
  return {
    to: to.email,
    kind: approved ? "company_join_approved" : "company_join_declined",
    ...renderEmail({
      brand: config.brandName,
      appUrl: config.appUrl,
      title: approved ? `Ya formas parte de ${empresa}` : `Tu solicitud para unirte a ${empresa}`,
      greeting: to.nombre ? `Hola, ${to.nombre}:` : "Hola:",
      paragraphs: approved
        ? [`Un administrador de ${empresa} ha aprobado tu solicitud. Ya puedes publicar ofertas y gestionar candidaturas de la empresa.`]
        : [
            `Un administrador de ${empresa} ha rechazado tu solicitud.`,
            "Si crees que es un error, habla con la empresa o registra la tuya.",
          ],
      action: approved
        ? { label: "Ir al panel de empleo", url: link(config, pathTo("empleo-panel")) }
        : { label: "Registrar mi empresa", url: link(config, pathTo("crear-cuenta-empleo-empresa")) },
    }),
  };
}
