import { type FileKind, MIME_TYPES } from "./storage";

/**
 * How the app serves the files users uploaded (chat attachments, CVs, avatars, logos, news and
 * product images). Whatever bytes a file holds, the browser must never run it as a page of our
 * origin: documents are downloads, only images the app decoded and re-encoded are shown inline,
 * the browser may not guess another type, and a sandboxing CSP applies should it be opened anyway.
 */

/** Sandboxed, nothing loaded: a file opened as a document runs no script, with an opaque origin.
 * style-src lets Firefox style its own image viewer (GitHub's raw files use the same policy). */
export const FILE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** Types the app produces itself by re-encoding (server/platform/images.ts): the only ones shown inline. */
const INLINE_TYPES = new Set(["image/webp", "image/png", "image/jpeg"]);

const EXTENSIONS: Record<FileKind, string[]> = {
  png: ["png"],
  jpeg: ["jpg", "jpeg"],
  webp: ["webp"],
  gif: ["gif"],
  pdf: ["pdf"],
  docx: ["docx"],
};
/** The kind a served MIME type was stored as (the inverse of storage's MIME_TYPES). */
const KIND_OF_MIME = Object.fromEntries(Object.entries(MIME_TYPES).map(([kind, mime]) => [mime, kind as FileKind])) as Record<
  string,
  FileKind | undefined
>;
const MAX_NAME_CHARS = 120;
/** A final ".xyz" that reads as a file extension; ".2" in "Informe v1.2" does not. */
const LAST_EXTENSION = /\.[A-Za-z][A-Za-z0-9]{0,7}$/;

/**
 * The name a file is stored and offered under: the client's base name (no folders, no control
 * characters, at most 120 characters) ending in the extension of the type its bytes were
 * recognised as. The client's last extension is replaced, not kept before ours: "a.pdf.html"
 * recognised as a PDF becomes "a.pdf", not "a.pdf.html.pdf" (decision 0058).
 */
export function uploadName(raw: string, kind: FileKind, fallbackBase: string): string {
  const [ext = kind] = EXTENSIONS[kind];
  const base = [...(raw.split(/[\\/]/).pop() ?? "")]
    .filter((char) => char.charCodeAt(0) > 0x1f && char.charCodeAt(0) !== 0x7f)
    .join("")
    // Windows drops trailing dots and spaces, which would uncover the extension before them.
    .replace(/[.\s]+$/, "")
    .trim();
  const current = LAST_EXTENSION.exec(base)?.[0].slice(1).toLowerCase();
  if (current && EXTENSIONS[kind].includes(current)) return shorten(base, current);
  const stem = (current ? base.slice(0, -current.length - 1) : base).replace(/[.\s]+$/, "");
  const kept = LAST_EXTENSION.exec(stem)?.[0].slice(1).toLowerCase();
  // "a.pdf.html" seen as a PDF: dropping ".html" already leaves the right extension.
  if (kept && EXTENSIONS[kind].includes(kept)) return shorten(stem, kept);
  return shorten(`${stem || fallbackBase}.${ext}`, ext);
}

function shorten(name: string, ext: string): string {
  if (name.length <= MAX_NAME_CHARS) return name;
  return `${name.slice(0, MAX_NAME_CHARS - ext.length - 2)}….${ext}`;
}

/**
 * The Content-Disposition of a file we serve: `inline` (shown by the browser) or `attachment`
 * (saved), with an ASCII fallback name and the exact UTF-8 one (RFC 6266 / 5987).
 */
function contentDisposition(type: "inline" | "attachment", filename?: string): string {
  if (filename === undefined) return type;
  const ascii = filename.replace(/[^A-Za-z0-9._-]/g, "_");
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export type ServedFile = {
  mime: string;
  cache: string;
  /** The offered name; it is given the extension of `mime` if it lacks it (rows stored before). */
  name?: string;
  /** Asked for: an image shown in a page. Granted only for the re-encoded image types. */
  inline?: boolean;
  crossOrigin?: "same-origin" | "same-site";
};

/**
 * Every header of a stored file's response. The security headers middleware leaves headers a
 * route set alone (server/platform/security.ts), so this CSP is the one the browser gets.
 */
export function fileHeaders(file: ServedFile): Record<string, string> {
  const inline = file.inline === true && INLINE_TYPES.has(file.mime);
  const kind = KIND_OF_MIME[file.mime];
  const name = file.name !== undefined && kind ? uploadName(file.name, kind, "archivo") : file.name;
  return {
    "Content-Type": file.mime,
    "Content-Disposition": contentDisposition(inline ? "inline" : "attachment", name ?? (inline ? undefined : "archivo")),
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": FILE_CSP,
    "Cache-Control": file.cache,
    "Cross-Origin-Resource-Policy": file.crossOrigin ?? "same-origin",
  };
}
