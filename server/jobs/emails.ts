import { APPLICATION_STATUS_LABELS, type ApplicationStatus } from "#common/jobs";
import { pathTo } from "#common/route-names";
import type { Config } from "#server/config";
import { renderEmail } from "#server/platform/mail/layout";
import type { MailMessage } from "#server/platform/mail/outbox";
import type { OfferSummary } from "./types";

const greetingOf = (nombre: string | null | undefined) => (nombre ? `Hola, ${nombre}:` : "Hola:");

/** To the candidate when the company moves their application. */
export function applicationStatusEmail(
  config: Config,
  to: { email: string; nombre: string | null },
  offer: { titulo: string; empresa: string },
  status: ApplicationStatus,
  mensaje?: string | null,
): MailMessage {
  const label = APPLICATION_STATUS_LABELS[status];
  const paragraphs = [`${offer.empresa} ha actualizado tu candidatura a la oferta «${offer.titulo}». Su estado es ahora: ${label}.`];
  if (status === "finalista") paragraphs.push("¡Enhorabuena! Estás entre las personas finalistas del proceso.");
  if (status === "contratada") paragraphs.push("¡Enhorabuena! La empresa te ha elegido para el puesto.");
  if (mensaje) paragraphs.push(`Mensaje de ${offer.empresa}:`, mensaje);
  if (status === "descartada")
    paragraphs.push("Gracias por tu interés. Te animamos a seguir buscando: cada semana se publican nuevas ofertas.");
  const content = renderEmail({
    brand: config.brandName,
    appUrl: config.appUrl,
    title: `Tu candidatura a «${offer.titulo}» está ahora: ${label}`,
    greeting: greetingOf(to.nombre),
    paragraphs,
    action: { label: "Ver mis candidaturas", url: `${config.appUrl}${pathTo("empleo-candidaturas")}` },
  });
  return { to: to.email, ...content, kind: "job_application_status" };
}

/** To the applicants still in the process when the company fills the offer's vacancies. */
export function offerFilledEmail(config: Config, to: { email: string; nombre: string | null }, offer: { titulo: string; empresa: string }) {
  const content = renderEmail({
    brand: config.brandName,
    appUrl: config.appUrl,
    title: `La oferta «${offer.titulo}» se ha cubierto`,
    greeting: greetingOf(to.nombre),
    paragraphs: [
      `${offer.empresa} ha cubierto el puesto de la oferta «${offer.titulo}» y ha cerrado el proceso. Tu candidatura queda como «Descartada».`,
      "Gracias por tu interés. Te animamos a seguir buscando: cada semana se publican nuevas ofertas.",
    ],
    action: { label: "Ver mis candidaturas", url: `${config.appUrl}${pathTo("empleo-candidaturas")}` },
  });
  return { to: to.email, ...content, kind: "job_offer_filled" } satisfies MailMessage;
}

/** To the company's administrators when someone applies. */
export function newApplicationEmail(
  config: Config,
  to: { email: string; nombre: string | null },
  offer: { id: number; titulo: string },
  candidato: string,
): MailMessage {
  const content = renderEmail({
    brand: config.brandName,
    appUrl: config.appUrl,
    title: `Nueva candidatura a «${offer.titulo}»`,
    greeting: greetingOf(to.nombre),
    paragraphs: [
      `${candidato} se ha inscrito en tu oferta «${offer.titulo}».`,
      "Puedes ver su carta de presentación y descargar su CV en el panel de empleo.",
    ],
    action: { label: "Ver candidaturas", url: `${config.appUrl}${pathTo("empleo-panel-candidatos", { id: offer.id })}` },
  });
  return { to: to.email, ...content, kind: "job_new_application" };
}

/** One alert's part of a digest. */
export type DigestSection = { descripcion: string; offers: OfferSummary[]; more: number; unsubscribeUrl: string; searchUrl: string };

const offerLine = (config: Config, offer: OfferSummary) => {
  const where = [offer.ciudad, offer.estado?.nombre].filter(Boolean).join(", ");
  return `• ${offer.titulo} — ${offer.empresa.nombre} (${where}): ${config.appUrl}${offer.url}`;
};

/**
 * A user's digest (decision 0110): the new offers of each of their alerts due in this period and,
 * weekly, a few recommended offers. Every link opens a page; unsubscribing asks before acting.
 */
export function alertDigestEmail(
  config: Config,
  to: { email: string; nombre: string | null },
  sections: DigestSection[],
  recommended: OfferSummary[],
  manageUrl: string,
): MailMessage {
  const count = sections.reduce((sum, section) => sum + section.offers.length + section.more, 0);
  const [only] = sections;
  const single = sections.length === 1 && only;
  const paragraphs = sections.flatMap((section) => [
    single
      ? `Estas son las ofertas publicadas desde nuestro último aviso que encajan con tu alerta «${section.descripcion}»:`
      : `Tu alerta «${section.descripcion}»:`,
    ...section.offers.map((offer) => offerLine(config, offer)),
    ...(section.more > 0 ? [`Y ${section.more} ${section.more === 1 ? "oferta más" : "ofertas más"}.`] : []),
    ...(single ? [] : [`Ver todas: ${section.searchUrl}`, `Dejar de recibir esta alerta: ${section.unsubscribeUrl}`]),
  ]);
  if (recommended.length) {
    paragraphs.push("Ofertas recomendadas para ti:", ...recommended.map((offer) => offerLine(config, offer)));
  }
  const content = renderEmail({
    brand: config.brandName,
    appUrl: config.appUrl,
    title: `${count === 1 ? "1 oferta nueva" : `${count} ofertas nuevas`} para ${single ? "tu alerta" : "tus alertas"}`,
    greeting: greetingOf(to.nombre),
    paragraphs,
    action: single ? { label: "Ver todas las ofertas", url: only.searchUrl } : { label: "Gestionar mis alertas", url: manageUrl },
    footer: single ? { text: "Dejar de recibir esta alerta", url: only.unsubscribeUrl } : { text: "Gestionar mis alertas", url: manageUrl },
  });
  return { to: to.email, ...content, kind: "job_alert_digest" };
}

/** To the candidate right after applying: what they applied to and where to follow it. */
export function applicationReceivedEmail(
  config: Config,
  to: { email: string; nombre: string | null },
  offer: { titulo: string; empresa: string },
): MailMessage {
  const content = renderEmail({
    brand: config.brandName,
    appUrl: config.appUrl,
    title: `Candidatura enviada a «${offer.titulo}»`,
    greeting: greetingOf(to.nombre),
    paragraphs: [
      `Hemos enviado tu candidatura a la oferta «${offer.titulo}» de ${offer.empresa}.`,
      "Te escribiremos cuando la empresa cambie su estado. Desde «Mis candidaturas» puedes seguirla o retirarla.",
    ],
    action: { label: "Ver mis candidaturas", url: `${config.appUrl}${pathTo("empleo-candidaturas")}` },
  });
  return { to: to.email, ...content, kind: "job_application_received" };
}
