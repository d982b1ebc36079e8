import { useNonce } from "#app/lib/nonce";
import { serializeJsonLd } from "./format";

/** Structured data for search engines, with the response's CSP nonce (no inline-script exception). */
export function JsonLd({ data }: { data: unknown }) {
  const nonce = useNonce();
  // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped JSON (serializeJsonLd), not HTML.
  return <script type="application/ld+json" nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
