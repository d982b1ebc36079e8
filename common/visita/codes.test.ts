import { describe, expect, it } from "vitest";
import { cnCheckDigit, cnFromQuery, ean13CheckDigit, eanOfCn, formatCn } from "./codes";

describe("código nacional and EAN-13", () => {
  it("computes the EAN-13 check digit", () => {
    // A well-known EAN-13: 4006381333931.
    expect(ean13CheckDigit("400638133393")).toBe(1);
  });

  it("reads a CN typed as six digits, with its check digit, or scanned from the box's EAN-13", () => {
    const cn = "712729";
    const check = cnCheckDigit(cn);
    expect(cnFromQuery(cn)).toBe(cn);
    expect(cnFromQuery(` ${cn}.${check} `)).toBe(cn);
    expect(cnFromQuery(`${cn}${check}`)).toBe(cn);
    expect(cnFromQuery(eanOfCn(cn))).toBe(cn);
    expect(formatCn(cn)).toBe(`${cn}.${check}`);
  });

  it("refuses a wrong check digit, a foreign EAN and plain words", () => {
    const cn = "712729";
    const wrong = (cnCheckDigit(cn) + 1) % 10;
    expect(cnFromQuery(`${cn}.${wrong}`)).toBeNull();
    const ean = eanOfCn(cn);
    expect(cnFromQuery(`${ean.slice(0, 12)}${(Number(ean[12]) + 1) % 10}`)).toBeNull();
    expect(cnFromQuery("4006381333931")).toBeNull();
    expect(cnFromQuery("ibuprofeno")).toBeNull();
    expect(cnFromQuery("12345")).toBeNull();
  });
});
