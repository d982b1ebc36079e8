import sanitizeHtml from "sanitize-html";

/**
 * Article bodies come from the editor as HTML. Only editorial formatting survives; links keep
 * http(s)/mailto targets and open in a new tab without passing the referrer. Nothing the editor
 * cannot produce (scripts, styles, handlers, frames, images) gets through.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "em", "u", "s", "ul", "ol", "li", "h2", "h3", "blockquote", "a"],
  allowedAttributes: { a: ["href", "target", "rel"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "title"],
  transformTags: {
    b: "strong",
    i: "em",
    h1: "h2",
    h4: "h3",
    h5: "h3",
    h6: "h3",
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = attribs.href;
      return { tagName, attribs: href ? { href, target: "_blank", rel: "noopener noreferrer nofollow" } : {} };
    },
  },
  exclusiveFilter: (frame) => frame.tag === "a" && !frame.attribs.href,
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&nbsp;": " " };

/** Plain text of sanitised HTML (search, descriptions, e-mails): blocks become line breaks. */
export function htmlToText(html: string): string {
  const spaced = html.replace(/<br\s*\/?>/gi, "\n").replace(/<\/(p|li|h2|h3|ul|ol|blockquote)>/gi, "\n");
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/[ \t]+/g, " ")
    .replace(/\s*\n\s*/g, "\n")
    .trim();
}
