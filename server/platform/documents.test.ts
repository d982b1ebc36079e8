import { describe, expect, it } from "vitest";
import { docxBytes, pdfBytes, ZIP_SIGNATURE_THEN_HTML, zipBytes } from "#tests/support/files";
import { isValidDocx, isValidPdf } from "./documents";

describe("isValidDocx", () => {
  it("accepts a Word document and refuses other zips and forgeries", async () => {
    expect(await isValidDocx(docxBytes())).toBe(true);
    expect(await isValidDocx(ZIP_SIGNATURE_THEN_HTML)).toBe(false);
    expect(await isValidDocx(zipBytes({ "word/document.xml": "<w:document/>" }))).toBe(false); // no content types
    expect(await isValidDocx(zipBytes({ "[Content_Types].xml": "<Types/>", "word/document.xml": "<x/>" }))).toBe(false);
    expect(await isValidDocx(zipBytes({ "a.txt": "hola" }))).toBe(false);
    expect(await isValidDocx(docxBytes().subarray(0, 100))).toBe(false); // truncated
  });
});

describe("isValidPdf", () => {
  it("accepts a real PDF and refuses a signature followed by anything else", () => {
    expect(isValidPdf(pdfBytes())).toBe(true);
    expect(isValidPdf(Buffer.from("%PDF-1.4\n<html><script>alert(1)</script></html>"))).toBe(false);
    expect(isValidPdf(pdfBytes().subarray(0, 200))).toBe(false); // truncated: no %%EOF
    expect(isValidPdf(Buffer.from("<html>%PDF-1.4 1 0 obj endobj trailer %%EOF"))).toBe(false);
  });
});
