/**
 * Crawlers, link previews, monitors and scripted clients, which figures leave out (decision 0097):
 * a beacon is sent by JavaScript after the page shows, which already leaves out most of them; these
 * announce themselves.
 */
const BOT_AGENT =
  /bot\b|bot\/|crawl|spider|slurp|scrap|facebookexternalhit|embedly|preview|headless|lighthouse|pagespeed|phantom|selenium|puppeteer|playwright|curl|wget|python|java\/|go-http|okhttp|axios|node-fetch|undici|libwww|httpclient|monitor|uptime/i;

export function isBot(userAgent: string | undefined): boolean {
  if (!userAgent || userAgent.length < 20) return true; // browsers always announce themselves at length
  return BOT_AGENT.test(userAgent);
}
