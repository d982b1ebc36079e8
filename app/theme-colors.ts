/** The brand colour (Mantine's primary colour; the theme's teal is darker at its end). */
export const PRIMARY_COLOR = "teal";

/**
 * Text colours of the light, subtle and outline variants (the theme's resolver and the plain
 * buttons share them, without the plain buttons loading the theme). Mantine draws that text in a mid shade that fails WCAG AA contrast on a
 * light background: the darkest shade of the colour is used instead, and where even that fails
 * (about 3.9:1 for orange and green) a darker tone of the same hue (5–6:1).
 */
const DARKER_TEXT: Record<string, string> = { orange: "#a63c06", yellow: "#8a5a00", green: "#1e6b30", lime: "#4d7a0b" };

export const ACCESSIBLE_TEXT_VARIANTS = ["light", "subtle", "outline"];

export function accessibleTextColor(color: string): string {
  return DARKER_TEXT[color] ?? `var(--mantine-color-${color}-9)`;
}
