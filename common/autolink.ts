/**
 * Splits plain user text into text and web addresses, for rendering as text nodes and links
 * (product-spec §1 Helpers). Nothing else in the text is interpreted: no HTML, no Markdown, no
 * e-mail addresses. Only http(s) addresses, or ones starting with "www.", become links.
 */
export type TextPart = { type: "text"; text: string } | { type: "link"; text: string; href: string };

// A candidate: http(s):// or www. followed by non-space characters; trailing punctuation is trimmed below.
const CANDIDATE = /\b(?:https?:\/\/|www\.)[^\s<>"'`]+/giu;
const TRAILING = /[.,;:!?¡¿…»"')\]}]+$/u;

function trimTrailing(url: string): string {
  let result = url.replace(TRAILING, "");
  // Keep a closing parenthesis that closes one inside the address (Wikipedia-style links).
  const tail = url.slice(result.length);
  if (tail.startsWith(")") && (result.match(/\(/g)?.length ?? 0) > (result.match(/\)/g)?.length ?? 0)) result += ")";
  return result;
}

/** The address to link to, or null when it is not a valid http(s) URL with a host. */
export function safeHref(candidate: string): string | null {
  const withScheme = /^www\./i.test(candidate) ? `https://${candidate}` : candidate;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (!url.hostname || url.username || url.password) return null;
    return url.href;
  } catch {
    return null;
  }
}

export function autolink(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(CANDIDATE)) {
    const start = match.index ?? 0;
    // "xhttp://…" is not an address at a word start; \b already ensures that for letters.
    const raw = trimTrailing(match[0]);
    const href = safeHref(raw);
    if (!href || raw.length === 0) continue;
    if (start > last) parts.push({ type: "text", text: text.slice(last, start) });
    parts.push({ type: "link", text: raw, href });
    last = start + raw.length;
  }
  if (last < text.length) parts.push({ type: "text", text: text.slice(last) });
  return parts;
}

/** The first web address of a text (the one a link preview card shows), or null. */
export function firstLink(text: string): string | null {
  return autolink(text).find((part) => part.type === "link")?.href ?? null;
}

export const LINK_REL = "noopener noreferrer nofollow";
