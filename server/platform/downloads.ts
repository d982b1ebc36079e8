/**
 * The Content-Disposition of a file we serve: `inline` (shown by the browser) or `attachment`
 * (saved), with an ASCII fallback name and the exact UTF-8 one (RFC 6266 / 5987).
 */
export function contentDisposition(type: "inline" | "attachment", filename: string): string {
  const ascii = filename.replace(/[^A-Za-z0-9._-]/g, "_");
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
