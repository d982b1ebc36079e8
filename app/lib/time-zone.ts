import { useEffect } from "react";
import { useRouteLoaderData } from "react-router";
import { DEFAULT_TIME_ZONE, TIME_ZONE_COOKIE, validTimeZone } from "#common/time-zone";
import { whenIdle } from "./when-idle";

/** The time zone the server rendered the page in (root loader), so dates read the same after hydration. */
export function useTimeZone(): string {
  const root = useRouteLoaderData("root") as { timeZone?: string } | undefined;
  return root?.timeZone ?? DEFAULT_TIME_ZONE;
}

/**
 * Tells the server the browser's time zone through a cookie (pages have no X-Timezone header), so
 * the next page is rendered and dates are chosen in it. A functional cookie: no consent needed.
 */
export function useTimeZoneCookie(serverTimeZone: string) {
  // When idle: the browser's first Intl.DateTimeFormat is costly (tens of ms on a slow phone), and
  // only the next page needs the answer.
  useEffect(
    () =>
      whenIdle(() => {
        const browser = validTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
        if (!browser || browser === serverTimeZone) return;
        // biome-ignore lint/suspicious/noDocumentCookie: one plain preference cookie, no library needed.
        document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(browser)}; Path=/; Max-Age=31536000; SameSite=Lax`;
      }),
    [serverTimeZone],
  );
}
