import { pathTo } from "#common/route-names";
import type { Config } from "#server/config";
import { renderEmail } from "#server/platform/mail/layout";
import type { MailMessage } from "#server/platform/mail/outbox";

export type NewsletterItem = { id: number; slug: string; titulo: string; entradilla: string; area: string };

/** Where the unsubscribe link of a newsletter leads: a page that asks for one click (no login). */
export const unsubscribePagePath = (token: string) => pathTo("newsletter-baja", { token });

/**
 * The weekly newsletter: the week's news in the subscriber's areas, each with its link, and the
 * RFC 8058 headers so that mail clients offer a one-click unsubscribe (a POST to the API).
 */
export function newsletterEmail(
  config: Config,
  to: { email: string; nombre: string | null },
  items: NewsletterItem[],
  token: string,
  weekLabel: string,
): MailMessage {
  const pageUrl = `${config.appUrl}${unsubscribePagePath(token)}`;
  const oneClickUrl = `${config.appUrl}/api/newsletter/baja/${encodeURIComponent(token)}`;
  const content = renderEmail({
    brand: config.brandName,
    appUrl: config.appUrl,
    title: `Las noticias de la ${weekLabel}`,
    greeting: to.nombre ? `Hola, ${to.nombre}:` : "Hola:",
    paragraphs: [
      "Esto es lo más importante que ha pasado esta semana en las áreas que sigues:",
      ...items.map((item) => `${item.area} · ${item.titulo}. ${item.entradilla} ${config.appUrl}/app/noticias/${item.id}-${item.slug}`),
    ],
    action: { label: "Leer todas las noticias", url: `${config.appUrl}${pathTo("noticias-index")}` },
    note: "Recibes este boletín porque lo activaste en tu cuenta. Puedes elegir tus áreas en Mi cuenta › Boletín.",
    footer: { text: "Darme de baja del boletín", url: pageUrl },
  });
  return {
    to: to.email,
    ...content,
    kind: "news_newsletter",
    headers: { "List-Unsubscribe": `<${oneClickUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
