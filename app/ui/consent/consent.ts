import { createContext, useContext } from "react";
import { setCookie } from "#app/lib/cookies";
import { CONSENT_COOKIE } from "#common/constants";
import { parseCookies } from "#common/cookies";

/** The visitor's cookie choices (GDPR): analytics and advertising, remembered for a year. */
export type Consent = { analytics: boolean; publicidad: boolean };

export const CONSENT_DAYS = 365;

/** Reads the consent cookie from a Cookie header (server) or document.cookie; null when not chosen yet. */
export function readConsent(cookieHeader: string | null | undefined): Consent | null {
  const raw = parseCookies(cookieHeader)[CONSENT_COOKIE];
  if (!raw) return null;
  const [analytics, publicidad] = raw.split(".");
  if (!/^[01]$/.test(analytics ?? "") || !/^[01]$/.test(publicidad ?? "")) return null;
  return { analytics: analytics === "1", publicidad: publicidad === "1" };
}

export function writeConsent(consent: Consent) {
  setCookie(CONSENT_COOKIE, `${consent.analytics ? 1 : 0}.${consent.publicidad ? 1 : 0}`, { expires: CONSENT_DAYS });
}

export type ConsentContextValue = { consent: Consent | null; save: (consent: Consent) => void };

export const ConsentContext = createContext<ConsentContextValue>({ consent: null, save: () => {} });
export const useConsent = () => useContext(ConsentContext);
