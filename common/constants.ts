// Business constants of product-spec §9.
export const DEFAULT_COUNTRY_ID = 28;
export const DEFAULT_COUNTRY_SLUG = "espana";
export const NOTIFICATION_TIMEOUT_MS = 5000;
export const PAGE_TITLE_DEBOUNCE_MS = 50;
export const REGIONS = [
  { id: 1, nombre: "Norteamérica" },
  { id: 2, nombre: "LATAM" },
  { id: 3, nombre: "Europa" },
  { id: 4, nombre: "Asia" },
  { id: 5, nombre: "África" },
  { id: 6, nombre: "Oceania" },
] as const;

/** The visitor's cookie choices (app/ui/consent); public pages differ by it, so the page cache keys on it. */
export const CONSENT_COOKIE = "farmanexo_consent";
/**
 * The answer to the catalogue's professional gate for this browser session (decision 0016). A page
 * rendered for a visitor holding it may show prescription-only detail, so the page cache and shared
 * caches never serve or keep it (decision 0048).
 */
export const PROFESSIONAL_COOKIE = "profesional_sanitario";
/** The readable "logged" flag of product-spec §3 (1 while a session exists); never a credential. */
export const LOGGED_COOKIE = "logged";
/** Sanctum's readable CSRF cookie; the browser echoes it in X-XSRF-TOKEN. */
export const XSRF_COOKIE = "XSRF-TOKEN";

/** WebSocket close code sent when the socket's session ended (logout, reset, ended elsewhere): clients stop reconnecting. */
export const REALTIME_SESSION_ENDED_CLOSE_CODE = 4401;
