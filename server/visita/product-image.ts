import { escapeHtml } from "#server/platform/mail/layout";

/** One colour per ATC main group, so boxes of the same therapeutic group look related. */
const GROUP_COLOURS: Record<string, string> = {
  A: "#2b8a3e",
  B: "#c92a2a",
  C: "#a61e4d",
  D: "#e67700",
  G: "#862e9c",
  H: "#5f3dc4",
  J: "#1864ab",
  L: "#364fc7",
  M: "#0b7285",
  N: "#087f5b",
  P: "#5c940d",
  R: "#1971c2",
  S: "#d9480f",
  V: "#495057",
};

/** Splits text into at most `lines` lines of about `width` characters. */
function wrap(text: string, width: number, lines: number): string[] {
  const out: string[] = [];
  let current = "";
  for (const word of text.split(/\s+/)) {
    if ((current ? `${current} ${word}` : word).length > width && current) {
      out.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  if (current) out.push(current);
  if (out.length > lines) {
    const kept = out.slice(0, lines);
    kept[lines - 1] = `${kept[lines - 1]}…`;
    return kept;
  }
  return out;
}

/**
 * The picture of a medicine's box, drawn from its data (the demo catalogue ships no photos). Text
 * is escaped; the SVG has no scripts, links or external references.
 */
export function productBoxSvg(input: { name: string; laboratory: string; atcCode: string | null; prescriptionOnly: boolean }): string {
  const colour = GROUP_COLOURS[input.atcCode?.charAt(0) ?? "V"] ?? "#495057";
  const nameLines = wrap(input.name, 26, 4)
    .map((line, i) => `<text x="40" y="${150 + i * 34}" font-size="26" font-weight="700" fill="#212529">${escapeHtml(line)}</text>`)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360" viewBox="0 0 480 360" role="img" aria-label="${escapeHtml(input.name)}">
<rect width="480" height="360" fill="#f1f3f5"/>
<rect x="20" y="20" width="440" height="320" rx="14" fill="#ffffff" stroke="#ced4da" stroke-width="2"/>
<rect x="20" y="20" width="440" height="76" rx="14" fill="${colour}"/>
<rect x="20" y="70" width="440" height="26" fill="${colour}"/>
<text x="40" y="66" font-family="Helvetica, Arial, sans-serif" font-size="22" font-weight="700" fill="#ffffff">${escapeHtml(input.atcCode ?? "")}</text>
<text x="440" y="66" text-anchor="end" font-family="Helvetica, Arial, sans-serif" font-size="18" fill="#ffffff">${input.prescriptionOnly ? "Con receta" : "Sin receta"}</text>
<g font-family="Helvetica, Arial, sans-serif">${nameLines}</g>
<text x="40" y="312" font-family="Helvetica, Arial, sans-serif" font-size="18" fill="#495057">${escapeHtml(input.laboratory)}</text>
<text x="440" y="312" text-anchor="end" font-family="Helvetica, Arial, sans-serif" font-size="14" fill="#868e96">Imagen de demostración</text>
</svg>`;
}
