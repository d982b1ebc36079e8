import { createContext, useContext } from "react";
import { setCookie } from "#app/lib/cookies";
import { CONSENT_COOKIE } from "#common/constants";
import { parseCookies } from "#common/cookies";
import { type CookieChoice, parseCookieChoice, serializeCookieChoice } from "#common/legal/consent-cookie";

/** The visitor's cookie choices (GDPR): analytics and advertising, with the month they were made. */
export type Consent = Pick<CookieChoice, "analytics" | "publicidad"> & { month?: string };

/** 13 months (the choice is asked again then; the AEPD's guide allows at most 24). */
export const CONSENT_DAYS = 396;

/** Reads the consent cookie from a Cookie header (server) or document.cookie; null when it must be asked (again). */
export function readConsent(cookieHeader: string | null | undefined, now = new Date()): Consent | null {
  return parseCookieChoice(parseCookies(cookieHeader)[CONSENT_COOKIE], now);
}

export function writeConsent(consent: Consent): Consent {
  const value = serializeCookieChoice(consent);
  setCookie(CONSENT_COOKIE, value, { expires: CONSENT_DAYS });
  return parseCookieChoice(value) ?? consent;
}

export type ConsentContextValue = { consent: Consent | null; save: (consent: Consent) => void };

export const ConsentContext = createContext<ConsentContextValue>({ consent: null, save: () => {} });
export const useConsent = () => useContext(ConsentContext);
