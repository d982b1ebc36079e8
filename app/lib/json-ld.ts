/**
 * JSON for an inline <script>: "<" is escaped so a "</script>" inside the description cannot end
 * the script element early (and neither can "<!--"); U+2028/2029 for old parsers.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
