import { CONSENT_COOKIE, LOGGED_COOKIE, PROFESSIONAL_COOKIE, XSRF_COOKIE } from "#common/constants";
import { TIME_ZONE_COOKIE } from "#common/time-zone";

/**
 * Every cookie and browser-storage key the app sets (issue 27, AEPD's cookie guide). The cookie
 * policy's table is generated from this list, a test compares what pages really set with it, and
 * its fingerprint is stored with the visitor's choice: a change here asks everyone again.
 */
export type StorageEntry = {
  /** The exact name, or a prefix followed by "*" for a family of keys. */
  name: string;
  storage: "cookie" | "localStorage";
  party: "propia" | "tercero";
  category: "técnica" | "preferencias" | "analítica" | "publicitaria";
  purpose: string;
  duration: string;
};

export const STORAGE_REGISTRY: readonly StorageEntry[] = [
  {
    name: "farmanexo_session",
    storage: "cookie",
    party: "propia",
    category: "técnica",
    purpose: "Mantiene tu sesión iniciada (en HTTPS se llama __Host-farmanexo_session). No es legible desde el navegador.",
    duration: "30 días o hasta que cierras la sesión",
  },
  {
    name: "__Host-farmanexo_session",
    storage: "cookie",
    party: "propia",
    category: "técnica",
    purpose: "La misma cookie de sesión cuando el sitio se sirve por HTTPS.",
    duration: "30 días o hasta que cierras la sesión",
  },
  {
    name: XSRF_COOKIE,
    storage: "cookie",
    party: "propia",
    category: "técnica",
    purpose: "Protege tus formularios frente a envíos desde otros sitios (CSRF).",
    duration: "2 horas",
  },
  {
    name: LOGGED_COOKIE,
    storage: "cookie",
    party: "propia",
    category: "técnica",
    purpose: "Indica a las páginas si hay una sesión iniciada (1) o no (0). No identifica a nadie.",
    duration: "30 días",
  },
  {
    name: "farmanexo_device",
    storage: "cookie",
    party: "propia",
    category: "técnica",
    purpose: "Reconoce este navegador tras un inicio de sesión correcto para no bloquearlo por intentos fallidos de otros.",
    duration: "1 año",
  },
  {
    name: TIME_ZONE_COOKIE,
    storage: "cookie",
    party: "propia",
    category: "preferencias",
    purpose: "Tu zona horaria, para escribir las fechas y horas en tu hora local.",
    duration: "1 año",
  },
  {
    name: PROFESSIONAL_COOKIE,
    storage: "cookie",
    party: "propia",
    category: "técnica",
    purpose: "Recuerda tu respuesta a «¿Eres profesional sanitario?» para mostrar información de medicamentos de prescripción.",
    duration: "Sesión del navegador",
  },
  {
    name: CONSENT_COOKIE,
    storage: "cookie",
    party: "propia",
    category: "técnica",
    purpose: "Guarda tu elección sobre cookies analíticas y publicitarias, con su fecha.",
    duration: "13 meses",
  },
  ...(["geoip", "paises", "pais", "authUser", "isAuth", "isLogued", "profesional_sanitario"] as const).map(
    (name): StorageEntry => ({
      name,
      storage: "localStorage",
      party: "propia",
      category: "técnica",
      purpose:
        name === "authUser"
          ? "Tus datos de cuenta visibles (nombre, tipo de cuenta), para dibujar la página sin esperar al servidor."
          : name === "geoip" || name === "pais" || name === "paises"
            ? "Tu país y la lista de países, para mostrar ofertas y prefijos de tu país."
            : "El estado de tu sesión o de tu respuesta a la pregunta de profesional sanitario en esta pestaña.",
      duration: "Hasta que cierras la sesión o borras los datos del navegador",
    }),
  ),
  {
    name: "farmanexo:chat-draft:*",
    storage: "localStorage",
    party: "propia",
    category: "preferencias",
    purpose: "El borrador de un mensaje del chat que aún no has enviado, por conversación.",
    duration: "Hasta que envías o borras el mensaje",
  },
];

/** Whether a cookie or storage key the app set is in the registry (exact name or a "prefix*" family). */
export function isRegistered(name: string, storage: StorageEntry["storage"]): boolean {
  return STORAGE_REGISTRY.some(
    (entry) => entry.storage === storage && (entry.name.endsWith("*") ? name.startsWith(entry.name.slice(0, -1)) : entry.name === name),
  );
}

/** A short fingerprint of the registry (FNV-1a): stored with the cookie choice, so a change asks again. */
export function registryFingerprint(entries: readonly StorageEntry[] = STORAGE_REGISTRY): string {
  let hash = 0x811c9dc5;
  const text = entries
    .map((entry) => [entry.name, entry.storage, entry.party, entry.category, entry.purpose, entry.duration].join("|"))
    .join("\n");
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}
