import { createHash } from "node:crypto";

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const DATA_TYPE = /\btype\s*=\s*["']?application\/(?:ld\+)?json/i;

/**
 * A cached page is sent to many visitors, so it cannot carry a per-request nonce: its
 * Content-Security-Policy allows exactly the inline scripts it contains, by SHA-256 hash, instead
 * of the nonce it was rendered with. External scripts stay under 'self'; JSON data blocks are not
 * executed and need no hash.
 */
export function cspWithScriptHashes(csp: string, html: string): string {
  const hashes = new Set<string>();
  for (const [, attributes = "", content = ""] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || DATA_TYPE.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(content, "utf8").digest("base64")}'`);
  }
  return csp.replace(/\s*'nonce-[^']*'/g, hashes.size ? ` ${[...hashes].join(" ")}` : "");
}
