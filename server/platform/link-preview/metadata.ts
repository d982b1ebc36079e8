import { Parser } from "htmlparser2";

export type PageMetadata = { title: string | null; description: string | null; image: string | null; site_name: string | null };

const clean = (value: string | undefined, max: number) => {
  const text = value?.replace(/\s+/g, " ").trim();
  return text ? (text.length > max ? `${text.slice(0, max - 1)}…` : text) : null;
};

/** Absolute https image address, or null (http images would be mixed content). */
function imageUrl(value: string | undefined, base: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** Title, description, image and site name: Open Graph first, then Twitter cards, then plain HTML. */
export function readMetadata(html: string, pageUrl: string): PageMetadata {
  const meta = new Map<string, string>();
  let title = "";
  let inTitle = false;
  let titleDone = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === "title" && !titleDone) inTitle = true;
        if (name === "meta") {
          const key = (attributes.property ?? attributes.name ?? "").toLowerCase();
          if (key && attributes.content !== undefined && !meta.has(key)) meta.set(key, attributes.content);
        }
      },
      ontext(text) {
        if (inTitle) title += text;
      },
      onclosetag(name) {
        if (name === "title" && inTitle) {
          inTitle = false;
          titleDone = true;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  const first = (...keys: string[]) => keys.map((key) => meta.get(key)).find((value) => value?.trim());
  return {
    title: clean(first("og:title", "twitter:title") ?? title, 200),
    description: clean(first("og:description", "twitter:description", "description"), 400),
    image: imageUrl(first("og:image:secure_url", "og:image", "og:image:url", "twitter:image", "twitter:image:src"), pageUrl),
    site_name: clean(first("og:site_name", "application-name") ?? new URL(pageUrl).hostname.replace(/^www\./, ""), 100),
  };
}
