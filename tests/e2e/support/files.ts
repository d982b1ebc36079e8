import { pdfBytes } from "#tests/support/files";

/** A small but valid one-page PDF as a Playwright file payload for setInputFiles(). */
export function pdfFile(name = "cv-prueba.pdf", text = "Curriculum vitae de prueba") {
  return { name, mimeType: "application/pdf", buffer: pdfBytes(text) };
}
