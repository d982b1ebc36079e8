import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { cspWithScriptHashes } from "./csp";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("cspWithScriptHashes", () => {
  it("replaces the nonce with the hashes of the page's inline scripts only", () => {
    const html = [
      '<script nonce="abc">window.__ctx = {"a":1};</script>',
      '<script type="module" nonce="abc">import "/app/assets/entry.js";</script>',
      '<script src="/app/assets/x.js"></script>',
      '<script type="application/ld+json">{"@type":"JobPosting"}</script>',
    ].join("");
    const csp = "default-src 'self'; script-src 'self' 'nonce-abc'; object-src 'none'";
    expect(cspWithScriptHashes(csp, html)).toBe(
      `default-src 'self'; script-src 'self' ${sha('window.__ctx = {"a":1};')} ${sha('import "/app/assets/entry.js";')}; object-src 'none'`,
    );
  });

  it("leaves only 'self' when the page has no inline script", () => {
    expect(cspWithScriptHashes("script-src 'self' 'nonce-x'", "<p>hola</p>")).toBe("script-src 'self'");
  });
});
