// The four legal texts (issue 27): their kinds (stored), their URL slugs (Spanish) and their titles.

export const LEGAL_KINDS = ["aviso_legal", "privacidad", "cookies", "condiciones"] as const;
export type LegalKind = (typeof LEGAL_KINDS)[number];

/** The slug of each text under /app/legal/{slug}. */
export const LEGAL_SLUGS: Record<LegalKind, string> = {
  aviso_legal: "aviso-legal",
  privacidad: "privacidad",
  cookies: "cookies",
  condiciones: "condiciones",
};

export const LEGAL_TITLES: Record<LegalKind, string> = {
  aviso_legal: "Aviso legal",
  privacidad: "Política de privacidad",
  cookies: "Política de cookies",
  condiciones: "Condiciones de uso",
};

export function legalKindOfSlug(slug: string | undefined): LegalKind | null {
  const found = LEGAL_KINDS.find((kind) => LEGAL_SLUGS[kind] === slug);
  return found ?? null;
}

/** What a user consents to separately from the terms (RGPD art. 7: one purpose, one choice). */
export const CONSENT_PURPOSES = ["publicidad", "newsletter", "chat_email"] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** Where an acceptance or a consent was given. */
export const CONSENT_SOURCES = ["registro", "registro_google", "aceptacion", "cuenta", "boletin", "chat"] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

export const LEGAL_MESSAGES = {
  acceptRequired: "Debes aceptar las condiciones de uso y la política de privacidad para crear tu cuenta.",
  termsPending: "Hemos actualizado las condiciones de uso. Para seguir usando tu cuenta, léelas y acéptalas en /app/legal/aceptar.",
  bodyRequired: "Escribe el texto (al menos 200 caracteres).",
  summaryRequired: "Resume en una frase qué cambia (máximo 300 caracteres).",
  published: "Nueva versión publicada.",
  accepted: "Gracias. Has aceptado la versión vigente de las condiciones de uso.",
  noPending: "No tienes condiciones pendientes de aceptar.",
} as const;
