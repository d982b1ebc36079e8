import type { LegalKind } from "#common/legal/documents";
import type { Config } from "#server/config";
import { COOKIES } from "./cookie-policy";
import { AVISO_LEGAL } from "./legal-notice";
import { PRIVACIDAD } from "./privacy-policy";
import { CONDICIONES } from "./terms-of-use";

/** Version 1 of each text, stored at boot when the table has none (the back office publishes the next ones). */
export const FIRST_VERSIONS: Record<LegalKind, string> = {
  aviso_legal: AVISO_LEGAL,
  privacidad: PRIVACIDAD,
  cookies: COOKIES,
  condiciones: CONDICIONES,
};

/** The operator's data put into a text's {{placeholders}}; an unknown placeholder stays as written. */
export function fillOperatorData(body: string, config: Pick<Config, "legal" | "brandName" | "appUrl">): string {
  const values: Record<string, string> = {
    titular: config.legal.owner,
    nif: config.legal.taxId,
    domicilio: config.legal.address,
    registro: config.legal.registry,
    email: config.legal.email,
    dpd: config.legal.dpoEmail,
    marca: config.brandName,
    web: config.appUrl,
  };
  return body.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}
