import yauzl from "yauzl";

/**
 * Structural checks for uploaded documents (CVs). A signature is not enough: "%PDF" or "PK"
 * followed by HTML is refused. A DOCX is opened as the zip it must be (central directory read by
 * yauzl, nothing decompressed but the small content-types part); a PDF must have a header, objects,
 * a trailer or cross-reference and an end-of-file marker.
 */

const MAX_ZIP_ENTRIES = 5_000;
/** A CV that inflates past this is a zip bomb, not a CV. */
const MAX_ZIP_UNCOMPRESSED = 200 * 1024 * 1024;
const MAX_CONTENT_TYPES_BYTES = 256 * 1024;
const WORD_MAIN = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml";

export async function isValidDocx(bytes: Uint8Array): Promise<boolean> {
  try {
    return await inspectDocx(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch {
    return false;
  }
}

function inspectDocx(buffer: Buffer): Promise<boolean> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error("not a zip"));
      let entries = 0;
      let total = 0;
      let hasDocument = false;
      let contentTypesOk = false;
      const fail = (reason: Error) => {
        zip.close();
        reject(reason);
      };
      zip.on("error", fail);
      zip.on("end", () => resolve(hasDocument && contentTypesOk));
      zip.on("entry", (entry: yauzl.Entry) => {
        entries += 1;
        total += entry.uncompressedSize;
        if (entries > MAX_ZIP_ENTRIES || total > MAX_ZIP_UNCOMPRESSED) return fail(new Error("zip too large"));
        if (entry.fileName === "word/document.xml") hasDocument = true;
        if (entry.fileName !== "[Content_Types].xml") return zip.readEntry();
        if (entry.uncompressedSize > MAX_CONTENT_TYPES_BYTES) return fail(new Error("content types too large"));
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return fail(streamError ?? new Error("unreadable entry"));
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("error", fail);
          stream.on("end", () => {
            // A Word document, not a macro-enabled one (docm) renamed.
            contentTypesOk = Buffer.concat(chunks).toString("utf8").includes(WORD_MAIN);
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

export function isValidPdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString("latin1");
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 2048))).toString("latin1");
  if (!/^%PDF-[12]\.\d/.test(head)) return false;
  if (!tail.includes("%%EOF")) return false;
  // At least one indirect object and a way to find the root (classic trailer or xref stream).
  const body = Buffer.from(bytes).toString("latin1");
  return /\d+\s+\d+\s+obj\b/.test(body) && /\bendobj\b/.test(body) && (/\btrailer\b/.test(body) || /\bstartxref\b/.test(body));
}
