import { emailField } from "#common/accounts";

/**
 * GET /api/sistema/check-email: is this address well formed, with a plausible domain? It never says
 * whether the address has an account: that would let anyone test a list of addresses against the
 * user base, and registration already answers the same either way (decision 0007). It works
 * offline (no DNS), so the answer is fast and does not depend on third parties.
 */
const COMMON_TYPOS: Record<string, string> = {
  "gmial.com": "gmail.com",
  "gmai.com": "gmail.com",
  "gmail.co": "gmail.com",
  "gmail.es": "gmail.com",
  "gamil.com": "gmail.com",
  "gnail.com": "gmail.com",
  "hotmial.com": "hotmail.com",
  "hotmai.com": "hotmail.com",
  "hotmail.co": "hotmail.com",
  "hotamil.com": "hotmail.com",
  "outlok.com": "outlook.com",
  "outlook.co": "outlook.com",
  "yaho.com": "yahoo.com",
  "yahoo.co": "yahoo.com",
  "yahoo.e": "yahoo.es",
  "icloud.co": "icloud.com",
  "telefonica.ner": "telefonica.net",
};

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

export function checkEmail(raw: string): { email: string; valid: boolean; message?: string } {
  const email = raw.trim().toLowerCase();
  const parsed = emailField.safeParse(email);
  if (!parsed.success) return { email, valid: false, message: "Introduce un correo electrónico válido" };
  const domain = email.slice(email.lastIndexOf("@") + 1);
  const labels = domain.split(".");
  const tld = labels.at(-1) ?? "";
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label)) || !/^(?:[a-z]{2,24}|xn--[a-z0-9-]{1,59})$/.test(tld)) {
    return { email, valid: false, message: "El dominio del correo electrónico no es válido" };
  }
  const suggestion = COMMON_TYPOS[domain];
  if (suggestion) {
    return { email, valid: false, message: `¿Quisiste decir ${email.slice(0, email.lastIndexOf("@"))}@${suggestion}?` };
  }
  return { email, valid: true };
}
