import sharp from "sharp";

/**
 * The picture a shared link shows (Open Graph / Twitter "summary_large_image", 1200×630): an SVG
 * with the page's words, rendered to PNG by sharp (librsvg). Text is set in DejaVu Sans, which
 * scripts/ensure-system-packages.sh installs (Debian fonts-dejavu-core) when missing.
 */
export const SHARE_CARD = { width: 1200, height: 630 } as const;

export type ShareCardText = { eyebrow: string; title: string; lines: string[]; brand: string };

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[char] as string);

/** Greedy word wrap by an average glyph width (DejaVu Sans Bold ≈ 0.6 em); the last line gets "…". */
export function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.trim().split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= maxChars) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    line = word.length > maxChars ? `${word.slice(0, maxChars - 1)}…` : word;
    if (lines.length === maxLines) break;
  }
  if (line && lines.length < maxLines) lines.push(line);
  if (lines.length === maxLines && lines.join(" ").length < text.trim().length) {
    const last = lines[maxLines - 1] as string;
    lines[maxLines - 1] = `${last.slice(0, Math.max(0, maxChars - 1)).replace(/[\s,.;:]+$/, "")}…`;
  }
  return lines;
}

export function shareCardSvg({ eyebrow, title, lines, brand }: ShareCardText): string {
  const titleLines = wrapText(title, 30, 3);
  const titleY = 210;
  const detailY = titleY + titleLines.length * 76 + 30;
  const text = (value: string, x: number, y: number, size: number, weight: number, fill: string) =>
    `<text x="${x}" y="${y}" font-family="DejaVu Sans, sans-serif" font-size="${size}" font-weight="${weight}" fill="${fill}">${escapeXml(value)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_CARD.width}" height="${SHARE_CARD.height}" viewBox="0 0 ${SHARE_CARD.width} ${SHARE_CARD.height}">
  <rect width="100%" height="100%" fill="#f3fbf8"/>
  <rect x="0" y="0" width="24" height="100%" fill="#08745a"/>
  <rect x="80" y="64" width="56" height="56" rx="12" fill="#08745a"/>
  ${text("+", 92, 110, 52, 700, "#ffffff")}
  ${text(brand, 156, 106, 40, 700, "#065f46")}
  ${text(eyebrow, 80, 170, 28, 400, "#343a40")}
  ${titleLines.map((line, index) => text(line, 80, titleY + 56 + index * 76, 64, 700, "#111111")).join("\n  ")}
  ${lines
    .slice(0, 3)
    .map((line, index) => text(wrapText(line, 52, 1)[0] ?? "", 80, detailY + 40 + index * 46, 34, index === 0 ? 700 : 400, "#343a40"))
    .join("\n  ")}
</svg>`;
}

/** PNG bytes of a share card. */
export async function renderShareCard(card: ShareCardText): Promise<Buffer> {
  return sharp(Buffer.from(shareCardSvg(card)))
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** Rendered cards, newest last; a card changes only when its words (its cache key) do. */
const rendered = new Map<string, Buffer>();
const CACHE_ENTRIES = 300;

/** The card for `words`, rendered once per distinct text (bounded memory). */
export async function cachedShareCard(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
  const hit = rendered.get(key);
  if (hit) return hit;
  const png = await render();
  rendered.set(key, png);
  if (rendered.size > CACHE_ENTRIES) rendered.delete(rendered.keys().next().value as string);
  return png;
}

/** The share card of `words` as an HTTP answer (PNG, cacheable by anyone for an hour). */
export async function shareCardResponse(words: ShareCardText): Promise<Response> {
  const png = await cachedShareCard(JSON.stringify(words), () => renderShareCard(words));
  return new Response(new Uint8Array(png), {
    status: 200,
    headers: { "Content-Type": "image/png", "Cache-Control": "public, max-age=3600" },
  });
}

/** The numeric id of a card's file name ("123.png"), or null. */
export function shareCardId(file: string | undefined): number | null {
  const id = Number(/^(\d{1,12})\.png$/.exec(file ?? "")?.[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
