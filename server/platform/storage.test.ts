import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { docxBytes, imageBytes, PNG_SIGNATURE_THEN_HTML, pdfBytes, ZIP_SIGNATURE_THEN_HTML } from "#tests/support/files";
import { createStorage, detectFileKind, type FileKind, localBackend } from "./storage";

const pdf = new Uint8Array(pdfBytes());
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

describe("detectFileKind", () => {
  it("recognises files by their bytes, not their names", () => {
    expect(detectFileKind(pdf)).toBe("pdf");
    expect(detectFileKind(png)).toBe("png");
    expect(detectFileKind(new TextEncoder().encode("<html>not a pdf</html>"))).toBeUndefined();
    const zipWithWord = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new TextEncoder().encode("....word/document.xml")]);
    expect(detectFileKind(zipWithWord)).toBe("docx");
    expect(detectFileKind(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toBeUndefined(); // any other zip
  });
});

describe("storage", () => {
  const storage = createStorage(localBackend(fs.mkdtempSync(path.join(os.tmpdir(), "farmanexo-storage-"))));

  it("stores an allowed file under a server-made name and reads it back", async () => {
    const stored = await storage.save("cv", new Blob([pdf]), { allowed: ["pdf", "docx"], maxBytes: 1024, label: "CV" });
    expect(stored.key).toMatch(/^cv\/[0-9a-f-]{36}\.pdf$/);
    const read = await storage.read(stored.key);
    expect(read.mime).toBe("application/pdf");
    expect(new Uint8Array(read.bytes)).toEqual(pdf);
  });

  it("refuses a disguised file with 415 and an oversized one with 413, in Spanish", async () => {
    await expect(
      storage.save("cv", new Blob(["MZ executable"]), { allowed: ["pdf", "docx"], maxBytes: 1024, label: "CV" }),
    ).rejects.toMatchObject({
      status: 415,
      message: "El CV debe ser un archivo PDF, DOCX.",
    });
    await expect(
      storage.save("cv", new Blob([new Uint8Array(2048)]), { allowed: ["pdf"], maxBytes: 1024, label: "CV" }),
    ).rejects.toMatchObject({ status: 413 });
  });

  it("opens documents: a PDF or zip signature followed by HTML is refused, a real DOCX is kept", async () => {
    const options = { allowed: ["pdf", "docx"] as FileKind[], maxBytes: 64 * 1024, label: "CV" };
    for (const forged of [ZIP_SIGNATURE_THEN_HTML, Buffer.from("%PDF-1.4\n<html>hola</html>")]) {
      await expect(storage.save("cv", new Blob([new Uint8Array(forged)]), options)).rejects.toMatchObject({
        status: 415,
      });
    }
    const docx = await storage.save("cv", new Blob([new Uint8Array(docxBytes())]), options);
    expect(docx.key).toMatch(/\.docx$/);
  });

  it("re-encodes images it stores and refuses forged ones", async () => {
    const options = { allowed: ["png", "jpeg", "webp"] as FileKind[], maxBytes: 1024 * 1024, label: "imagen" };
    const stored = await storage.save("img", new Blob([new Uint8Array(await imageBytes(3000, 100))]), options);
    expect(stored.key).toMatch(/\.webp$/);
    expect((await storage.read(stored.key)).mime).toBe("image/webp");
    await expect(storage.save("img", new Blob([new Uint8Array(PNG_SIGNATURE_THEN_HTML)]), options)).rejects.toMatchObject({ status: 415 });
  });

  it("refuses keys it did not make", async () => {
    await expect(storage.read("../../etc/passwd")).rejects.toMatchObject({ status: 404 });
  });
});
