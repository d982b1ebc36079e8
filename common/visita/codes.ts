/**
 * Código nacional (CN): the six digits that identify a presentation of a medicine in Spain. Boxes
 * print it with a check digit ("712729.4") and inside the EAN-13 barcode: 847000 + CN + the EAN
 * check digit, which is also the CN's own check digit.
 */

/** The EAN-13 check digit of the first 12 digits. */
export function ean13CheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** The CN's check digit (the 7th digit printed on the box). */
export const cnCheckDigit = (cn: string) => ean13CheckDigit(`847000${cn}`);

/** The EAN-13 barcode of a presentation. */
export const eanOfCn = (cn: string) => `847000${cn}${cnCheckDigit(cn)}`;

/**
 * The CN a search box text stands for, or null: six digits; six digits plus a correct check digit
 * (with or without the dot); or a Spanish medicine's EAN-13 with a correct check digit.
 */
export function cnFromQuery(query: string): string | null {
  const text = query.trim().replace(/[\s-]/g, "");
  let match = /^(\d{6})(?:\.?(\d))?$/.exec(text);
  if (match) {
    const cn = match[1] as string;
    if (match[2] === undefined || Number(match[2]) === cnCheckDigit(cn)) return cn;
    return null;
  }
  match = /^847000(\d{6})(\d)$/.exec(text);
  if (match && Number(match[2]) === ean13CheckDigit(text.slice(0, 12))) return match[1] as string;
  return null;
}

/** "712729.4": how the CN is printed on the box. */
export const formatCn = (cn: string) => `${cn}.${cnCheckDigit(cn)}`;
