/**
 * Origins allowed to send state-changing requests with our cookies, and to be redirect targets:
 * the configured APP_URL, the address the request itself came to, and any configured extras.
 */
export function isAllowedOrigin(origin: string, request: Request, appUrl: string, extra: string[] = []): boolean {
  let candidate: string;
  try {
    candidate = new URL(origin).origin;
  } catch {
    return false;
  }
  const allowed = new Set([new URL(appUrl).origin, new URL(request.url).origin, ...extra]);
  return allowed.has(candidate);
}
