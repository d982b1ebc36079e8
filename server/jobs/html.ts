import sanitizeHtml from "sanitize-html";

/**
 * Offer descriptions come from a rich-text editor as HTML. Only simple formatting survives; links
 * keep http(s)/mailto targets and always open in a new tab without passing the referrer.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "em", "u", "ul", "ol", "li", "h2", "h3", "a"],
  allowedAttributes: { a: ["href", "target", "rel"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  // Content of dropped elements such as <script> or <style> is dropped too, not shown as text.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object"],
  transformTags: {
    b: "strong",
    i: "em",
    h1: "h2",
    h4: "h3",
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = attribs.href;
      const safe: sanitizeHtml.Attributes = href ? { href, target: "_blank", rel: "noopener noreferrer nofollow" } : {};
      return { tagName, attribs: safe };
    },
  },
  exclusiveFilter: (frame) => frame.tag === "a" && !frame.attribs.href,
};

export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&nbsp;": " " };

/** Plain text of sanitised HTML: block ends become line breaks, entities are decoded. */
export function htmlToText(html: string): string {
  const spaced = html.replace(/<br\s*\/?>/gi, "\n").replace(/<\/(p|li|h2|h3|ul|ol)>/gi, "\n");
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/[ \t]+/g, " ")
    .replace(/\s*\n\s*/g, "\n")
    .trim();
}

/** A one-line excerpt of about `length` characters, cut at a word boundary. */
export function snippetOf(text: string, length = 200): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length);
  const space = cut.lastIndexOf(" ");
  return `${(space > length * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, "")}…`;
}
