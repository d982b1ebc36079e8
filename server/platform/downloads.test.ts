import { describe, expect, it } from "vitest";
import { FILE_CSP, fileHeaders, uploadName } from "./downloads";

describe("uploadName", () => {
  it("ends in the extension of the type the bytes were recognised as", () => {
    expect(uploadName("a.pdf.html", "pdf", "documento")).toBe("a.pdf");
    expect(uploadName("a.html", "pdf", "documento")).toBe("a.pdf");
    expect(uploadName("informe.docx", "pdf", "documento")).toBe("informe.pdf");
    expect(uploadName("foto.JPG", "webp", "imagen")).toBe("foto.webp");
    expect(uploadName("Ficha técnica.PDF", "pdf", "documento")).toBe("Ficha técnica.PDF");
    expect(uploadName("foto.jpeg", "jpeg", "imagen")).toBe("foto.jpeg");
    expect(uploadName("Informe v1.2", "pdf", "documento")).toBe("Informe v1.2.pdf");
  });

  it("keeps no folders, control characters or trailing dots, and falls back when nothing is left", () => {
    expect(uploadName("C:\\Users\\ana\\cv.html. . ", "docx", "CV")).toBe("cv.docx");
    expect(uploadName("../../etc/a\u0000b.pdf", "pdf", "documento")).toBe("ab.pdf");
    expect(uploadName(".html", "pdf", "documento")).toBe("documento.pdf");
    expect(uploadName("", "webp", "imagen")).toBe("imagen.webp");
  });

  it("shortens a long name to 120 characters, keeping the extension", () => {
    const name = uploadName(`${"x".repeat(300)}.html`, "pdf", "documento");
    expect(name).toHaveLength(120);
    expect(name.endsWith("….pdf")).toBe(true);
  });
});

describe("fileHeaders", () => {
  it("sends documents as attachments named for their type, sandboxed and unsniffable", () => {
    expect(fileHeaders({ mime: "application/pdf", name: "a.pdf.html", cache: "private, no-store" })).toEqual({
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="a.pdf"; filename*=UTF-8''a.pdf`,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": FILE_CSP,
      "Cache-Control": "private, no-store",
      "Cross-Origin-Resource-Policy": "same-origin",
    });
  });

  it("shows inline only the image types the app re-encodes", () => {
    expect(fileHeaders({ mime: "image/webp", inline: true, cache: "public" })["Content-Disposition"]).toBe("inline");
    expect(fileHeaders({ mime: "application/pdf", inline: true, cache: "public" })["Content-Disposition"]).toBe(
      `attachment; filename="archivo"; filename*=UTF-8''archivo`,
    );
    expect(fileHeaders({ mime: "image/gif", inline: true, name: "x.gif", cache: "public" })["Content-Disposition"]).toMatch(/^attachment;/);
  });
});
