import { crc32 } from "node:zlib";
import sharp from "sharp";
import { createZip } from "#server/platform/zip";

/**
 * Upload fixtures made in code (no binary files in the repository): real images, a real DOCX and
 * PDF, and the forgeries the upload checks must refuse.
 */

export async function imageBytes(width: number, height: number, format: "png" | "jpeg" | "webp" = "png"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();
}

/** A JPEG carrying EXIF data (camera make and a GPS-like comment) that must not survive. */
export async function jpegWithExif(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#c0ffee" } })
    .jpeg()
    .withExif({ IFD0: { Make: "CamaraSecreta", ImageDescription: "Calle Mayor 1, Madrid" } })
    .toBuffer();
}

const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A few bytes that claim a width × height PNG: a decompression bomb when the sides are large. */
export function pngHeaderClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export const PNG_SIGNATURE_THEN_HTML = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from("<html><script>alert(document.cookie)</script></html>"),
]);

/** A zip with the given text entries, written by the export's own writer (server/platform/zip.ts). */
export function zipBytes(entries: Record<string, string>): Buffer {
  return createZip(Object.entries(entries).map(([name, text]) => ({ name, bytes: Buffer.from(text, "utf8") })));
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;

/** The smallest real Word document: content types, and a body with one paragraph. */
export function docxBytes(text = "Curriculum vitae"): Buffer {
  return zipBytes({
    "[Content_Types].xml": CONTENT_TYPES,
    "word/document.xml": `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`,
  });
}

/** "PK" and a name the old check looked for, then HTML: not a zip at all. */
export const ZIP_SIGNATURE_THEN_HTML = Buffer.concat([
  Buffer.from([0x50, 0x4b, 0x03, 0x04]),
  Buffer.from("word/document.xml<html>hola</html>"),
]);

/**
 * A PDF that is also an HTML page: a valid one-page PDF (any reader opens it) whose header comment
 * holds a script, which a browser runs if it ever renders the file as HTML (a sniffing browser, or
 * the file saved as "a.pdf.html" and opened from disk).
 */
export const PDF_HTML_PAYLOAD = "<html><body><script>document.title='polyglot'</script></body></html>";
export const pdfHtmlPolyglot = () => pdfBytes("Informe", `%${PDF_HTML_PAYLOAD}\n`);

/** A small valid one-page PDF with a cross-reference table; `preamble` goes after the header (comment lines). */
export function pdfBytes(text = "Curriculum vitae de prueba", preamble = ""): Buffer {
  const stream = `BT /F1 18 Tf 72 760 Td (${text.replace(/[()\\]/g, "")}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = `%PDF-1.4\n${preamble}`;
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}
