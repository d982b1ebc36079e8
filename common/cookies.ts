/**
 * The one Cookie-header parser (issue 25): the server (sessions, CSRF, device, time zone, the
 * professional gate, WebSocket upgrades) and the browser (document.cookie, consent) read cookies
 * through it, so an encoded, malformed or duplicated cookie means the same thing on every path.
 */

/** Every cookie of a Cookie header (or document.cookie) as a map; the first of duplicated names wins, a malformed escape stays as sent. */
export function parseCookies(header: string | null | undefined): Record<string, string> {
  // No prototype: a cookie named __proto__ or constructor is just a name.
  const result: Record<string, string> = Object.create(null);
  if (!header) return result;
  for (const pair of header.split(";")) {
    const index = pair.indexOf("=");
    if (index === -1) continue;
    const name = pair.slice(0, index).trim();
    if (!name || Object.hasOwn(result, name)) continue;
    try {
      result[decodeURIComponent(name)] = decodeURIComponent(pair.slice(index + 1).trim());
    } catch {
      result[name] = pair.slice(index + 1).trim();
    }
  }
  return result;
}
