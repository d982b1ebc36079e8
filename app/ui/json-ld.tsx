import { serializeJsonLd } from "#app/lib/json-ld";
import { useNonce } from "#app/lib/nonce";

/**
 * Structured data for search engines. It is JSON, not code, but it still carries the response's
 * CSP nonce so the policy never has to allow inline scripts; "<" is escaped by serializeJsonLd.
 */
export function JsonLd({ data }: { data: unknown }) {
  const nonce = useNonce();
  // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped JSON (serializeJsonLd), not HTML.
  return <script type="application/ld+json" nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
